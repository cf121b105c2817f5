/**
 * `record` and `fallback`: the records the service answered (an item, a list, a page) kept in the mock's
 * state, with the fields the mock declares, so that the operations left on `mock` see them next. A
 * workspace is kept in the caller's organization (the caller's view of the service becomes the caller's
 * view of the mock); an application only in a workspace the caller has in the mock. A record the model
 * refuses is left out, and the journal's `why.live.notKept` says which and why.
 */
import type { MockContext } from '../handlers/context.ts'
import type { OperationSpec } from '../handlers/operation-spec.ts'
import { RECORD_IDS_SHOWN, type LiveNote } from '../handlers/trace.ts'
import { declaredMembers } from '../model/declared-members.ts'
import { FieldSources, missingFieldValues } from '../model/fields.ts'
import { ID_PREFIX, withPrefix } from '../model/ids.ts'
import type { Account, Application, Workspace } from '../model/schemas.ts'
import { shown } from '../text/terminal-text.ts'

/** Most records one answer may add to the mock (a page holds 100 at most; a list of workspaces may hold more). */
export const MAX_KEPT_RECORDS = 1000

type Row = Record<string, unknown>

/** Keeps the records of a 2xx JSON answer of `operation`, noting what was kept and what was not. */
export async function keepRecords(mock: MockContext, operation: OperationSpec, principal: Account | undefined, json: unknown, note: LiveNote): Promise<void> {
  const record = operation.response?.shape === 'none' ? undefined : operation.response?.record
  const collection = record === 'workspace' ? 'workspaces' : record === 'application' ? 'applications' : undefined
  if (collection === undefined || principal === undefined) {
    note.notKept = `${operation.name} answers no workspace or application of a caller: nothing to keep`
    return
  }
  const data = (json as { data?: unknown } | null)?.data
  const rows = (Array.isArray(data) ? data : [data]).filter((row): row is Row => row !== null && typeof row === 'object' && !Array.isArray(row))
  const kept: string[] = []
  const refused: string[] = []
  for (const row of rows.slice(0, MAX_KEPT_RECORDS)) {
    const reason = await keepOne(mock, collection, row, principal)
    if (reason === undefined) kept.push(String(row.id))
    else refused.push(reason)
  }
  // As the journal lists the records an operation read: the first hundred ids, and how many.
  if (kept.length > 0) note.kept = [{ collection, ids: kept.slice(0, RECORD_IDS_SHOWN), count: kept.length }]
  if (rows.length > MAX_KEPT_RECORDS) refused.push(`${rows.length - MAX_KEPT_RECORDS} past the first ${MAX_KEPT_RECORDS}`)
  if (refused.length > 0) note.notKept = `${refused.length} not kept: ${shown(refused[0]!, 300)}${refused.length > 1 ? ` (and ${refused.length - 1} more)` : ''}`
}

/** Keeps one record; answers why not when it cannot. */
async function keepOne(mock: MockContext, collection: 'workspaces' | 'applications', row: Row, principal: Account): Promise<string | undefined> {
  const model = mock.surface.model
  const values = declaredMembers(row, collection === 'workspaces' ? model.workspace : model.application)
  if (typeof values.id !== 'string') return `a record without an id`
  if (collection === 'workspaces') {
    // A service that shows `app_` workspace ids (the spec's sample) still names them `wse_` in its applications.
    if (values.id.startsWith(`${ID_PREFIX.application}_`)) values.id = withPrefix(values.id, ID_PREFIX.workspace)
    values.organization = principal.organization
  } else {
    const workspace = mock.store.indexes.workspace(mock.workspaceKey(String(values.workspace)))
    if (workspace === undefined || workspace.organization !== principal.organization) {
      return `application ${values.id}: its workspace ${String(values.workspace)} is not the caller's in the mock (keep the workspace first)`
    }
    values.workspace = workspace.id
  }
  try {
    await keep(mock, collection, values)
    return undefined
  } catch (error) {
    return `${collection.slice(0, -1)} ${values.id}: ${(error as Error).message.split('\n')[0]}`
  }
}

// Values of the declared fields a kept record lacks: a source of live's own, so that the mock's stay where they were.
const fieldSources = new FieldSources(0, 3)

/**
 * Stores a record as the service gave it: in place of the stored one of its id, else added, through the
 * collection (which validates it: a record that does not fit throws, and nothing changes), the indexes
 * following as they follow the API's own writes.
 */
async function keep(mock: MockContext, name: 'workspaces' | 'applications', values: Record<string, unknown>): Promise<void> {
  const { store } = mock
  const workspaces = name === 'workspaces'
  const id = values.id as string
  const previous = workspaces ? store.indexes.workspace(id) : store.indexes.application(id)
  if (previous === undefined) {
    const record = workspaces ? 'workspace' : 'application'
    const complete = { ...values, ...missingFieldValues(record, values, mock.surface.model.fields[record], fieldSources) }
    await store.addRecord(name, complete as Workspace & Application)
    return
  }
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined))
  await store.putRecord(name, previous as Workspace & Application, { ...previous, ...given } as Workspace & Application)
}
