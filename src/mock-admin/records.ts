/**
 * The records of one mock as a person edits them (the console's and the devtools panel's Data section):
 * a page of a collection, a field changed, a record added by the factories, a record deleted. Every change
 * is checked as a state file is (`validateState`: the record's schema and every reference) and loaded in
 * place of the current state: the next request sees it, and `reset()` still returns to the initial state.
 * A rejected change throws a 422 `Problem` whose location names the field (`body.name`), and changes nothing.
 */
import type { MockApi } from '../api/mock-api.ts'
import { assetsOriginOf, recordsOf, replaceState } from '../api/internals.ts'
import { createFactories } from '../factories/factories.ts'
import { Problem } from '../handlers/reply/problem.ts'
import type { CollectionName } from '../model/database.ts'
import { compareByCreatedThenId } from '../model/ordering.ts'
import type { Workspace } from '../model/schemas.ts'
import type { ScenarioState } from '../model/state.ts'
import { InvalidStateError } from '../model/validate-state.ts'
import type { AnyRecord, RecordFilter, RecordPage } from '../wire/admin.ts'

export const COLLECTIONS: readonly CollectionName[] = ['organizations', 'accounts', 'workspaces', 'applications']

/** Largest page of records one call answers. */
export const MAX_RECORD_PAGE = 100

/** A page of a collection, in the API's order (created, then id), filtered by parent. */
export function listRecords(api: MockApi, collection: CollectionName, filter: RecordFilter = {}, page = 1, pageSize = 20): RecordPage {
  const size = Math.min(Math.max(1, Math.trunc(pageSize)), MAX_RECORD_PAGE)
  const at = Math.max(1, Math.trunc(page))
  const all = matching(api, collection, filter)
  return { collection, records: all.slice((at - 1) * size, at * size), total: all.length, page: at, pageSize: size }
}

function matching(api: MockApi, collection: CollectionName, filter: RecordFilter): AnyRecord[] {
  const records = recordsOf(api, collection) as readonly AnyRecord[]
  const { organization, workspace } = filter
  const found = records.filter(
    (record) =>
      (organization === undefined || ('organization' in record && record.organization === organization)) &&
      (workspace === undefined || ('workspace' in record && record.workspace === workspace)),
  )
  return 'created' in (found[0] ?? {}) ? [...(found as Workspace[])].sort(compareByCreatedThenId) : found
}

/** One record by id; a 404 problem when there is none. */
export function recordOf(api: MockApi, collection: CollectionName, id: string): AnyRecord {
  const found = (recordsOf(api, collection) as readonly AnyRecord[]).find((record) => record.id === id)
  if (!found) throw new Problem(404, `no ${singular(collection)} ${id}`)
  return found
}

/**
 * Changes fields of one record (`{ name: 'New name' }`); `id` stays. Resolves with the record as stored.
 * A value that breaks the record's schema or a reference is a 422 naming `body.<field>`.
 */
export async function editRecord(api: MockApi, collection: CollectionName, id: string, changes: Record<string, unknown>): Promise<AnyRecord> {
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) {
    throw new Problem(422, 'validation failed', [{ message: 'expected an object of fields and their new values', location: 'body' }])
  }
  if ('id' in changes) {
    throw new Problem(422, 'validation failed', [{ message: 'an id cannot change: delete the record and add another', location: 'body.id', value: changes.id }])
  }
  const state = api.snapshot()
  const records = state[collection] as AnyRecord[]
  const index = records.findIndex((record) => record.id === id)
  if (index < 0) throw new Problem(404, `no ${singular(collection)} ${id}`)
  records[index] = { ...records[index]!, ...changes } as AnyRecord
  await load(api, state, `${collection}[${index}]`)
  return recordOf(api, collection, id)
}

/** Adds a record built by the factories under `parent` (an organization, or a workspace for applications). */
export async function addRecord(api: MockApi, collection: CollectionName, parent: RecordFilter = {}): Promise<AnyRecord> {
  const state = api.snapshot()
  const record = build(api, state, collection, parent)
  ;(state[collection] as AnyRecord[]).push(record)
  await load(api, state, `${collection}[${state[collection].length - 1}]`)
  return record
}

/** Deletes a record and what belongs to it (an organization's accounts and workspaces, a workspace's applications). */
export async function deleteRecord(api: MockApi, collection: CollectionName, id: string): Promise<{ deleted: number }> {
  const state = api.snapshot()
  recordOf(api, collection, id)
  const gone = new Set([id])
  const keep = <T extends AnyRecord>(records: T[], owner: (record: T) => string | undefined) =>
    records.filter((record) => {
      const dropped = gone.has(record.id) || gone.has(owner(record) ?? '')
      if (dropped) gone.add(record.id)
      return !dropped
    })
  state.organizations = keep(state.organizations, () => undefined)
  state.accounts = keep(state.accounts, (account) => account.organization)
  state.workspaces = keep(state.workspaces, (workspace) => workspace.organization)
  state.applications = keep(state.applications, (application) => application.workspace)
  if (state.accounts.length === 0) {
    throw new Problem(422, 'validation failed', [{ message: 'the mock needs one account (a principal) at least: this would delete the last', location: 'id', value: id }])
  }
  await load(api, state, '')
  return { deleted: gone.size }
}

/** Validates and loads the changed state; a problem of the changed record becomes a 422 at `body.<field>`. */
async function load(api: MockApi, state: ScenarioState, changed: string): Promise<void> {
  try {
    await replaceState(api, state)
  } catch (error) {
    if (!(error instanceof InvalidStateError)) throw error
    const own = changed !== '' ? error.problems.filter((problem) => problem.location.startsWith(changed)) : []
    const details = (own.length > 0 ? own : error.problems).map((problem) => ({
      message: problem.reason,
      location: problem.location.startsWith(`${changed}.`) ? `body.${problem.location.slice(changed.length + 1)}` : `state.${problem.location}`,
    }))
    throw new Problem(422, 'validation failed', details)
  }
}

function build(api: MockApi, state: ScenarioState, collection: CollectionName, parent: RecordFilter): AnyRecord {
  const counts = COLLECTIONS.reduce((sum, name) => sum * 31 + state[name].length, api.seed)
  const factories = createFactories({ seed: counts, assetsOrigin: assetsOriginOf(api) })
  const now = Date.now()
  const organization = state.organizations.find((org) => org.id === (parent.organization ?? state.workspaces.find((w) => w.id === parent.workspace)?.organization)) ?? state.organizations[0]
  const accounts = state.accounts.filter((account) => account.organization === organization?.id).map((account) => account.id)
  if (collection === 'organizations') return factories.buildOrganization()
  if (!organization) throw new Problem(422, 'validation failed', [{ message: 'add an organization first', location: 'organization' }])
  if (collection === 'accounts') return factories.buildAccount({ organization: organization.id })
  if (accounts.length === 0) throw new Problem(422, 'validation failed', [{ message: `organization ${organization.id} has no account: add one first`, location: 'organization' }])
  if (collection === 'workspaces') {
    return factories.buildWorkspace({ created: now, updated: now }, { organization, accounts, index: state.workspaces.length })
  }
  const workspace = state.workspaces.find((w) => w.id === parent.workspace)
  if (!workspace) throw new Problem(422, 'validation failed', [{ message: 'name the workspace the application belongs to', location: 'workspace', value: parent.workspace }])
  const index = state.applications.filter((application) => application.workspace === workspace.id).length
  return factories.buildApplication({ created: now, updated: now }, { workspace, organizationDomain: organization.domain, accounts, index, pools: factories.buildPools() })
}

function singular(collection: CollectionName): string {
  return collection.slice(0, -1)
}
