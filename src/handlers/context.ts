import { withPrefix, ID_PREFIX } from '../model/ids.ts'
import type { Application, Workspace } from '../model/schemas.ts'
import type { Store } from '../model/store.ts'

/** How workspace ids appear in records: `wse` (default, works in paths) or `app` (the spec sample's quirk). */
export type WorkspaceIdPrefix = 'wse' | 'app'

/** Everything the handlers of one mock API share. */
export interface MockContext {
  readonly store: Store
  /** Origin (and optional path) the handlers answer on; undefined means any origin. */
  readonly baseUrl: string | undefined
  readonly serialize: RecordSerializer
  /** Maps an id as a client sends it to the stored workspace id. */
  readonly workspaceKey: (id: string) => string
}

/** JSON text of records as the API shows them, cached per stored record (updates store new objects). */
export interface RecordSerializer {
  workspace(record: Workspace): string
  application(record: Application): string
}

export function createMockContext(
  store: Store,
  baseUrl: string | undefined,
  workspaceIdPrefix: WorkspaceIdPrefix,
): MockContext {
  const cache = new WeakMap<object, string>()
  const quirk = workspaceIdPrefix === ID_PREFIX.application
  const cached = <T extends object>(record: T, show: (record: T) => unknown): string => {
    let json = cache.get(record)
    if (json === undefined) {
      json = JSON.stringify(show(record))
      cache.set(record, json)
    }
    return json
  }
  const showWorkspace = quirk
    ? (record: Workspace) => ({ ...record, id: withPrefix(record.id, ID_PREFIX.application) })
    : (record: Workspace) => record
  return {
    store,
    baseUrl,
    serialize: {
      workspace: (record) => cached(record, showWorkspace),
      application: (record) => cached(record, (r) => r),
    },
    workspaceKey: quirk
      ? (id) => (id.startsWith(`${ID_PREFIX.application}_`) ? withPrefix(id, ID_PREFIX.workspace) : id)
      : (id) => id,
  }
}
