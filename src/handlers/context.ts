import type { z } from '../model/zod.ts'
import { withPrefix, ID_PREFIX } from '../model/ids.ts'
import { applicationSchema, workspaceSchema, type Application, type Workspace } from '../model/schemas.ts'
import type { Store } from '../model/store.ts'
import { jsonRow, type JsonRow } from './envelope.ts'
import type { ContractViolation, FaultGate, OverrideGate, RequestJournal, ResponseChecker } from './ports.ts'
import type { ResolvedProfile } from './profile.ts'

/** How workspace ids appear in records: `wse` (default, works in paths) or `app` (the spec sample's quirk). */
export type WorkspaceIdPrefix = 'wse' | 'app'

/** Everything the handlers of one mock API share. */
export interface MockContext {
  readonly store: Store
  /** Origin (and optional path) the handlers answer on; undefined means any origin. */
  readonly baseUrl: string | undefined
  /** The behaviour profile's knobs (profile.ts): today's behaviour unless the `profile` option changes them. */
  readonly profile: ResolvedProfile
  readonly serialize: RecordSerializer
  /** Maps an id as a client sends it to the stored workspace id. */
  readonly workspaceKey: (id: string) => string
  readonly faults: FaultGate
  readonly journal: RequestJournal
  readonly overrides: OverrideGate
  /** Contract-strict mode: every body is checked against the served schemas. */
  readonly strict: boolean
  /** Checks override responses in strict mode. */
  readonly checkResponse: ResponseChecker
  /** Violations caught in strict mode since the last reset. */
  readonly violations: ContractViolation[]
}

/** JSON rows of records as the API shows them, cached per stored record (updates store new objects). */
export interface RecordSerializer {
  workspace(record: Workspace): JsonRow
  application(record: Application): JsonRow
}

/** A stored record that breaks its schema, found while serializing it in strict mode. */
export class RecordContractError extends Error {
  readonly field: string
  readonly reason: string
  constructor(field: string, reason: string) {
    super(`${field}: ${reason}`)
    this.name = 'RecordContractError'
    this.field = field
    this.reason = reason
  }
}

/** Builds the serializer: optionally checking each record once (records are replaced, never edited, on update). */
export function createSerializer(workspaceIdPrefix: WorkspaceIdPrefix, strict: boolean): RecordSerializer {
  const cache = new WeakMap<object, JsonRow>()
  const quirk = workspaceIdPrefix === ID_PREFIX.application
  const cached = <T extends object>(record: T, schema: z.ZodMiniType, show: (record: T) => unknown): JsonRow => {
    let json = cache.get(record)
    // Stryker disable next-line ConditionalExpression: cache
    if (json === undefined) {
      const shown = show(record)
      if (strict) {
        const result = schema.safeParse(shown)
        if (!result.success) {
          const issue = result.error.issues[0]!
          throw new RecordContractError(`data.${issue.path.join('.')}`, issue.message)
        }
      }
      json = jsonRow(shown)
      cache.set(record, json)
    }
    return json
  }
  const showWorkspace = quirk
    ? (record: Workspace) => ({ ...record, id: withPrefix(record.id, ID_PREFIX.application) })
    : (record: Workspace) => record
  return {
    workspace: (record) => cached(record, workspaceSchema, showWorkspace),
    application: (record) => cached(record, applicationSchema, (r) => r),
  }
}

/** Maps client-sent workspace ids to stored ones: under the `app` quirk, `app_<hex>` means `wse_<hex>`. */
export function workspaceKeyMapper(workspaceIdPrefix: WorkspaceIdPrefix): (id: string) => string {
  if (workspaceIdPrefix !== ID_PREFIX.application) return (id) => id
  return (id) => (id.startsWith(`${ID_PREFIX.application}_`) ? withPrefix(id, ID_PREFIX.workspace) : id)
}
