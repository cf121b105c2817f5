import type { Baseline } from './baseline.ts'
import { pushTo } from './baseline.ts'
import type { CollectionName, Database } from './database.ts'
import type { Account, Application, Workspace } from './schemas.ts'
import type { ScenarioState } from './state.ts'
import { compareByCreatedThenId, insertSorted } from './ordering.ts'

/** A record of any collection, as `replaced` reads it. */
type AnyRecord = { readonly id: string; readonly created: number } & Readonly<Record<string, unknown>>

/** Where the indexes read records when they rebuild: the store's collections, or what they will hold. */
export interface RecordSource {
  records<Name extends CollectionName>(name: Name): readonly ScenarioState[Name][number][]
}

/**
 * Lookup structures over the collections, so that no request scans them.
 *
 * Why: @msw/data answers `findFirst` by scanning in insertion order (O(n)), and `findMany` with `take` and
 * `orderBy` pages before it sorts. The indexes follow every write through the collections' hooks; an
 * update made outside the kit marks them stale, and they rebuild from the collections on the next read.
 *
 * Layers: after a load, the indexes answer from the baseline's shared index (built once per initial
 * state, see baseline.ts) with the kit's own writes in small maps on top of it (a list is copied the
 * first time a write changes it). A reset, or a demo-server session over the same data, then costs
 * nothing here. A write from outside the kit (through `api.db`) drops the layer: the next read rebuilds
 * private maps from the collections, as before layers existed.
 */
export class Indexes {
  #source: RecordSource
  #stale = true
  /**
   * Records the kit is updating, with the version its write stores once the first update event shows it
   * (@msw/data emits one event per changed field, each with the record being stored).
   */
  #ownWrites = new Map<string, object | undefined>()
  /** Creates by the kit under way: the collection may already hold the record, the indexes not yet. */
  #pendingCreates = 0
  /** The shared, read-only layer; undefined once the maps below hold everything. */
  #layer: Baseline | undefined
  /** This store's own versions; `null`: deleted here (the shared layer, which never changes, still has it). */
  #workspacesById = new Map<string, Workspace | null>()
  #workspacesByOrganization = new Map<string, Workspace[]>()
  #applicationsById = new Map<string, Application | null>()
  #applicationsByWorkspace = new Map<string, Application[]>()
  #accountsByKey = new Map<string, Account>()
  // Stryker disable next-line all: unseen
  #counts = { accounts: -1, workspaces: -1, applications: -1 }

  constructor(db: Database, source: RecordSource) {
    this.#source = source
    // A write the kit did not announce (a test seeding through `api.db`, say) makes the indexes stale:
    // updates and deletes through their hooks (the update hook only sees a draft, not the stored record),
    // creates through the record counts, because a 'create' listener would make @msw/data await an event
    // for every record it creates.
    for (const collection of Object.values(db)) {
      collection.hooks.on('update', (event) => this.#external(event.data.prevRecord.id, event.data.nextRecord))
      collection.hooks.on('delete', () => this.markStale())
    }
  }

  #countsChanged(): boolean {
    const counts = this.#counts
    const workspaces = this.#source.records('workspaces').length
    const applications = this.#source.records('applications').length
    return (
      // Stryker disable next-line ConditionalExpression: cache
      counts.accounts !== this.#source.records('accounts').length ||
      // Stryker disable next-line EqualityOperator: cache
      workspaces < counts.workspaces ||
      // Stryker disable next-line EqualityOperator,ArithmeticOperator: cache
      workspaces > counts.workspaces + this.#pendingCreates ||
      // Stryker disable next-line EqualityOperator: cache
      applications < counts.applications ||
      // Stryker disable next-line EqualityOperator,ArithmeticOperator: cache
      applications > counts.applications + this.#pendingCreates
    )
  }

  #external(id: string, stored: object): void {
    if (!this.#ownWrites.has(id)) return this.markStale()
    // Events of another version of a record the kit is updating: an api.db update landed during the kit's write.
    const own = this.#ownWrites.get(id)
    if (own === undefined) this.#ownWrites.set(id, stored)
    else if (own !== stored) this.markStale()
  }

  /** Forces a rebuild on the next read. */
  markStale(): void {
    this.#stale = true
  }

  /**
   * The store now holds `baseline` as it is: answer from its shared index, with nothing on top. Only the
   * accounts are indexed here (a few records; sessions give them their own credentials).
   */
  load(baseline: Baseline): void {
    this.#clear()
    this.#layer = baseline
    for (const account of baseline.state.accounts) this.#accountsByKey.set(account.apiKey, account)
    this.#counts = {
      accounts: baseline.state.accounts.length,
      workspaces: baseline.state.workspaces.length,
      applications: baseline.state.applications.length,
    }
    this.#stale = false
  }

  /** Runs an update of the record `id` whose effect on the indexes the caller applies itself. */
  async ownWrite<T>(id: string, write: () => Promise<T>): Promise<T> {
    this.#ownWrites.set(id, undefined)
    try {
      return await write()
    } finally {
      this.#ownWrites.delete(id)
    }
  }

  /** Runs a create whose record the caller then announces with `addedWorkspace`. */
  async ownCreate<T>(write: () => Promise<T>): Promise<T> {
    this.#pendingCreates++
    try {
      return await write()
    } finally {
      this.#pendingCreates--
    }
  }

  #fresh(): this {
    // Stryker disable next-line ConditionalExpression: cache
    if (this.#stale || this.#countsChanged()) this.#rebuild()
    return this
  }

  #clear(): void {
    this.#workspacesById.clear()
    this.#workspacesByOrganization.clear()
    this.#applicationsById.clear()
    this.#applicationsByWorkspace.clear()
    this.#accountsByKey.clear()
  }

  #rebuild(): void {
    this.#clear()
    this.#layer = undefined
    for (const account of this.#source.records('accounts')) this.#accountsByKey.set(account.apiKey, account)
    for (const workspace of this.#source.records('workspaces')) {
      this.#workspacesById.set(workspace.id, workspace)
      pushTo(this.#workspacesByOrganization, workspace.organization, workspace)
    }
    for (const application of this.#source.records('applications')) {
      this.#applicationsById.set(application.id, application)
      pushTo(this.#applicationsByWorkspace, application.workspace, application)
    }
    for (const list of this.#workspacesByOrganization.values()) list.sort(compareByCreatedThenId)
    for (const list of this.#applicationsByWorkspace.values()) list.sort(compareByCreatedThenId)
    // Stryker disable ObjectLiteral,StringLiteral: cache
    this.#counts = {
      accounts: this.#source.records('accounts').length,
      workspaces: this.#source.records('workspaces').length,
      applications: this.#source.records('applications').length,
    }
    // Stryker restore ObjectLiteral,StringLiteral
    this.#stale = false
  }

  accountByApiKey(apiKey: string): Account | undefined {
    return this.#fresh().#accountsByKey.get(apiKey)
  }

  workspace(id: string): Workspace | undefined {
    const self = this.#fresh()
    const own = self.#workspacesById.get(id)
    return own === undefined ? self.#layer?.index.workspacesById.get(id) : (own ?? undefined)
  }

  application(id: string): Application | undefined {
    const self = this.#fresh()
    const own = self.#applicationsById.get(id)
    return own === undefined ? self.#layer?.index.applicationsById.get(id) : (own ?? undefined)
  }

  /** The organization's workspaces in list order. Do not mutate. */
  workspacesOf(organization: string): readonly Workspace[] {
    const self = this.#fresh()
    return (
      self.#workspacesByOrganization.get(organization) ??
      self.#layer?.index.workspacesByOrganization.get(organization) ??
      []
    )
  }

  /** The workspace's applications in list order. Do not mutate. */
  applicationsOf(workspace: string): readonly Application[] {
    const self = this.#fresh()
    return (
      self.#applicationsByWorkspace.get(workspace) ?? self.#layer?.index.applicationsByWorkspace.get(workspace) ?? []
    )
  }

  /** A list of this store's own in `own` (a copy of the layer's, `shared`, on its first change). */
  #ownList<T>(own: Map<string, T[]>, shared: ReadonlyMap<string, readonly T[]> | undefined, key: string): T[] {
    let list = own.get(key)
    if (!list) {
      list = [...(shared?.get(key) ?? [])]
      own.set(key, list)
    }
    return list
  }

  /** A collection's maps: by id (this store's own), its lists by owner (own and the layer's), and the owner's member. */
  #of(collection: 'workspaces' | 'applications') {
    const layer = this.#layer?.index
    return collection === 'workspaces'
      ? { byId: this.#workspacesById as Map<string, AnyRecord | null>, lists: this.#workspacesByOrganization as Map<string, AnyRecord[]>, shared: layer?.workspacesByOrganization as ReadonlyMap<string, readonly AnyRecord[]> | undefined, owner: 'organization' }
      : { byId: this.#applicationsById as Map<string, AnyRecord | null>, lists: this.#applicationsByWorkspace as Map<string, AnyRecord[]>, shared: layer?.applicationsByWorkspace as ReadonlyMap<string, readonly AnyRecord[]> | undefined, owner: 'workspace' }
  }

  /**
   * Records a workspace or an application the kit created (creates emit no hook the indexes listen to; see
   * the constructor); another kind is found by a rebuild (its count changed).
   */
  added(collection: CollectionName, record: AnyRecord): void {
    if (collection !== 'workspaces' && collection !== 'applications') return
    const { byId, lists, shared, owner } = this.#of(collection)
    // A rebuild that ran after the record was stored already holds it.
    // Stryker disable next-line all: cache
    if (this.#stale || byId.get(record.id)) return
    this.#counts[collection]++
    byId.set(record.id, record)
    insertSorted(this.#ownList(lists, shared, record[owner] as string), record, compareByCreatedThenId)
  }

  /**
   * Drops a workspace or an application the kit deleted from its map and its list (its own, copied from the
   * layer's on the first change); another kind makes the indexes rebuild on the next read.
   */
  removed(collection: CollectionName, record: AnyRecord): void {
    // Stryker disable next-line all: cache
    if (this.#stale) return
    if (collection !== 'workspaces' && collection !== 'applications') return this.markStale()
    const { byId, lists, shared, owner } = this.#of(collection)
    byId.set(record.id, null)
    const list = this.#ownList(lists, shared, record[owner] as string)
    const at = list.indexOf(record)
    // Stryker disable next-line all: cache
    if (at < 0) return this.markStale()
    list.splice(at, 1)
    this.#counts[collection]--
  }

  /**
   * Swaps in the stored version of a record the kit updated. One that moved (another owner, another time:
   * an admin's edit) or an account (its key) makes the indexes rebuild on the next read, as a delete did.
   */
  replaced(collection: CollectionName, previous: AnyRecord, next: AnyRecord): void {
    // Stryker disable next-line all: cache
    if (this.#stale || collection === 'organizations') return
    if (collection === 'accounts') return this.markStale()
    const { byId, lists, shared, owner } = this.#of(collection)
    if (previous[owner] !== next[owner] || previous.created !== next.created) return this.markStale()
    byId.set(next.id, next)
    this.#replaceIn(this.#ownList(lists, shared, next[owner] as string), previous, next)
  }

  #replaceIn<T>(list: T[], previous: T, next: T): void {
    const at = list.indexOf(previous)
    // Stryker disable next-line all: cache
    if (at >= 0) list[at] = next
    else this.#stale = true
  }
}
