/**
 * The records of one mock as a person edits them (the console's and the devtools panel's Data section):
 * a page of a collection, a field changed, a record added by the factories, a record deleted. Each change
 * is checked (record-rules.ts: a field the API writes by the API's rule, the record by its schema and its
 * references) and made in place, as the API's writes are: only the records it changes and the indexes
 * over them, whatever the size of the data; the next request sees it, and `reset()` still returns to the
 * initial state. A rejected change throws a 422 `Problem` whose location names the field (`body.name`),
 * and changes nothing; a change past the mock's write budget (a demo server's) is a 429.
 */
import type { MockApi } from '../api/mock-api.ts'
import { factoriesFor, recordStoreOf } from '../api/internals.ts'
import { Problem } from '../handlers/reply/problem.ts'
import type { CollectionName } from '../model/database.ts'
import { compareByCreatedThenId } from '../model/ordering.ts'
import type { StoredRecord } from '../model/store.ts'
import type { Workspace } from '../model/schemas.ts'
import { WriteBudgetError } from '../model/write-budget.ts'
import type { AnyRecord, RecordFilter, RecordPage } from '../wire/admin.ts'
import { exists, recordProblems } from './record-rules.ts'

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
  const records = recordStoreOf(api).records(collection) as readonly AnyRecord[]
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
  const store = recordStoreOf(api)
  const found =
    collection === 'workspaces' ? store.indexes.workspace(id) :
    collection === 'applications' ? store.indexes.application(id) :
    (store.records(collection) as readonly AnyRecord[]).find((record) => record.id === id)
  if (!found) throw new Problem(404, `no ${singular(collection)} ${id}`)
  return found
}

/**
 * Changes fields of one record (`{ name: 'New name' }`); `id` stays. Resolves with the record as stored.
 * A value the API's rule, the record's schema or a reference refuses is a 422 naming `body.<field>`.
 */
export async function editRecord(api: MockApi, collection: CollectionName, id: string, changes: Record<string, unknown>): Promise<AnyRecord> {
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) {
    throw new Problem(422, 'validation failed', [{ message: 'expected an object of fields and their new values', location: 'body' }])
  }
  if ('id' in changes) {
    throw new Problem(422, 'validation failed', [{ message: 'an id cannot change: delete the record and add another', location: 'body.id', value: changes.id }])
  }
  const previous = recordOf(api, collection, id)
  const next = { ...previous, ...changes } as AnyRecord
  checked(recordProblems(api, collection, next, changes))
  return written(() => recordStoreOf(api).putRecord(collection, previous as StoredRecord<typeof collection>, next as StoredRecord<typeof collection>))
}

/** How many records were added to each mock here (what the next addition's build is seeded with, besides the counts). */
const additions = new WeakMap<MockApi, number>()

/** Adds a record built by the factories under `parent` (an organization, or a workspace for applications). */
export async function addRecord(api: MockApi, collection: CollectionName, parent: RecordFilter = {}): Promise<AnyRecord> {
  const store = recordStoreOf(api)
  // Seeded by the counts and the number of additions so far: two additions at once build different records,
  // and one whose id a record already has (the counts repeat after a deletion) is built again.
  const turn = additions.get(api) ?? 0
  additions.set(api, turn + 1)
  let built = build(api, collection, parent, turn)
  for (let salt = turn + 1; exists(api, collection, built.id); salt++) built = build(api, collection, parent, salt)
  // Fields of your own, built as for a record the API creates.
  const record = (collection === 'workspaces' ? store.complete('workspace', built) : collection === 'applications' ? store.complete('application', built) : built) as AnyRecord
  checked(recordProblems(api, collection, record))
  return written(() => store.addRecord(collection, record as StoredRecord<typeof collection>))
}

/** Deletes a record and what belongs to it (an organization's accounts and workspaces, a workspace's applications). */
export async function deleteRecord(api: MockApi, collection: CollectionName, id: string): Promise<{ deleted: number }> {
  const store = recordStoreOf(api)
  recordOf(api, collection, id)
  const gone = belongingTo(api, collection, id)
  if (gone.accounts.size === store.records('accounts').length) {
    throw new Problem(422, 'validation failed', [{ message: 'the mock needs one account (a principal) at least: this would delete the last', location: 'id', value: id }])
  }
  for (const name of ['applications', 'workspaces', 'accounts', 'organizations'] as const) if (gone[name].size > 0) store.deleteRecords(name, gone[name])
  return { deleted: COLLECTIONS.reduce((sum, name) => sum + gone[name].size, 0) }
}

/** The ids of a record and of what belongs to it, by collection. */
function belongingTo(api: MockApi, collection: CollectionName, id: string): Record<CollectionName, Set<string>> {
  const store = recordStoreOf(api)
  const gone = { organizations: new Set<string>(), accounts: new Set<string>(), workspaces: new Set<string>(), applications: new Set<string>() }
  gone[collection].add(id)
  if (collection === 'organizations') {
    for (const account of store.records('accounts')) if (account.organization === id) gone.accounts.add(account.id)
    for (const workspace of store.indexes.workspacesOf(id)) gone.workspaces.add(workspace.id)
  }
  for (const workspace of gone.workspaces) for (const application of store.indexes.applicationsOf(workspace)) gone.applications.add(application.id)
  return gone
}

/** Throws the 422 of a change's problems, if it has any. */
function checked(problems: ReturnType<typeof recordProblems>): void {
  if (problems.length > 0) throw new Problem(422, 'validation failed', problems)
}

/** A store write, its budget's refusal a 429 problem naming the bound. */
async function written<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof WriteBudgetError) throw new Problem(429, error.message)
    throw error
  }
}

function build(api: MockApi, collection: CollectionName, parent: RecordFilter, salt: number): AnyRecord {
  const store = recordStoreOf(api)
  const counts = COLLECTIONS.reduce((sum, name) => sum * 31 + store.records(name).length, api.seed)
  const factories = factoriesFor(api, counts + salt)
  const now = Date.now()
  const organizations = store.records('organizations')
  const owner = parent.organization ?? (parent.workspace === undefined ? undefined : store.indexes.workspace(parent.workspace)?.organization)
  const organization = organizations.find((org) => org.id === owner) ?? organizations[0]
  const accounts = store.records('accounts').filter((account) => account.organization === organization?.id).map((account) => account.id)
  if (collection === 'organizations') return factories.buildOrganization()
  if (!organization) throw new Problem(422, 'validation failed', [{ message: 'add an organization first', location: 'organization' }])
  if (collection === 'accounts') return factories.buildAccount({ organization: organization.id })
  if (accounts.length === 0) throw new Problem(422, 'validation failed', [{ message: `organization ${organization.id} has no account: add one first`, location: 'organization' }])
  if (collection === 'workspaces') {
    return factories.buildWorkspace({ created: now, updated: now }, { organization, accounts, index: store.records('workspaces').length })
  }
  const workspace = parent.workspace === undefined ? undefined : store.indexes.workspace(parent.workspace)
  if (!workspace) throw new Problem(422, 'validation failed', [{ message: 'name the workspace the application belongs to', location: 'workspace', value: parent.workspace }])
  const index = store.indexes.applicationsOf(workspace.id).length
  return factories.buildApplication({ created: now, updated: now }, { workspace, organizationDomain: organization.domain, accounts, index, pools: factories.buildPools() })
}

function singular(collection: CollectionName): string {
  return collection.slice(0, -1)
}
