import type { Account, Application, Workspace } from './schemas.ts'
import type { Database } from './database.ts'
import { compareByCreatedThenId, insertSorted } from './ordering.ts'

/**
 * Lookup structures over the collections, so that no request scans them.
 *
 * Why: @msw/data answers `findFirst` by scanning in insertion order (O(n)), and `findMany` with `take` and
 * `orderBy` pages before it sorts. The indexes follow every write through the collections' hooks; an
 * update made outside the kit marks them stale, and they rebuild from the collections on the next read.
 */
export class Indexes {
  #db: Database
  #stale = true
  #ownWrites = new Set<string>()
  #workspacesById = new Map<string, Workspace>()
  #workspacesByOrganization = new Map<string, Workspace[]>()
  #applicationsById = new Map<string, Application>()
  #applicationsByWorkspace = new Map<string, Application[]>()
  #accountsByKey = new Map<string, Account>()

  constructor(db: Database) {
    this.#db = db
    // A write the kit did not announce (a test seeding through `api.db`, say) makes the indexes stale:
    // updates and deletes through their hooks (the update hook only sees a draft, not the stored record),
    // creates through the record counts, because a 'create' listener would make @msw/data await an event
    // for every record it creates.
    for (const collection of Object.values(db)) {
      collection.hooks.on('update', (event) => this.#external(event.data.prevRecord.id))
      collection.hooks.on('delete', () => this.markStale())
    }
  }

  #counts = { accounts: -1, workspaces: -1, applications: -1 }

  #countsChanged(): boolean {
    const counts = this.#counts
    return (
      counts.accounts !== this.#db.accounts.count() ||
      counts.workspaces !== this.#db.workspaces.count() ||
      counts.applications !== this.#db.applications.count()
    )
  }

  #external(id: string): void {
    if (!this.#ownWrites.has(id)) this.markStale()
  }

  /** Forces a rebuild on the next read. */
  markStale(): void {
    this.#stale = true
  }

  /** Runs an update of the record `id` whose effect on the indexes the caller applies itself. */
  async ownWrite<T>(id: string, write: () => Promise<T>): Promise<T> {
    this.#ownWrites.add(id)
    try {
      return await write()
    } finally {
      this.#ownWrites.delete(id)
    }
  }

  #fresh(): this {
    if (this.#stale || this.#countsChanged()) this.#rebuild()
    return this
  }

  #rebuild(): void {
    this.#workspacesById.clear()
    this.#workspacesByOrganization.clear()
    this.#applicationsById.clear()
    this.#applicationsByWorkspace.clear()
    this.#accountsByKey.clear()
    for (const account of this.#db.accounts.all()) this.#accountsByKey.set(account.apiKey, account)
    for (const workspace of this.#db.workspaces.all()) {
      this.#workspacesById.set(workspace.id, workspace)
      pushTo(this.#workspacesByOrganization, workspace.organization, workspace)
    }
    for (const application of this.#db.applications.all()) {
      this.#applicationsById.set(application.id, application)
      pushTo(this.#applicationsByWorkspace, application.workspace, application)
    }
    for (const list of this.#workspacesByOrganization.values()) list.sort(compareByCreatedThenId)
    for (const list of this.#applicationsByWorkspace.values()) list.sort(compareByCreatedThenId)
    this.#counts = {
      accounts: this.#db.accounts.count(),
      workspaces: this.#db.workspaces.count(),
      applications: this.#db.applications.count(),
    }
    this.#stale = false
  }

  accountByApiKey(apiKey: string): Account | undefined {
    return this.#fresh().#accountsByKey.get(apiKey)
  }

  workspace(id: string): Workspace | undefined {
    return this.#fresh().#workspacesById.get(id)
  }

  application(id: string): Application | undefined {
    return this.#fresh().#applicationsById.get(id)
  }

  /** The organization's workspaces in list order. Do not mutate. */
  workspacesOf(organization: string): readonly Workspace[] {
    return this.#fresh().#workspacesByOrganization.get(organization) ?? []
  }

  /** The workspace's applications in list order. Do not mutate. */
  applicationsOf(workspace: string): readonly Application[] {
    return this.#fresh().#applicationsByWorkspace.get(workspace) ?? []
  }

  /** Records a workspace the kit created (creates emit no hook the indexes listen to; see the constructor). */
  addedWorkspace(workspace: Workspace): void {
    // A rebuild that ran after the record was stored already holds it.
    if (this.#stale || this.#workspacesById.has(workspace.id)) return
    this.#counts.workspaces++
    this.#workspacesById.set(workspace.id, workspace)
    const list = this.#workspacesByOrganization.get(workspace.organization)
    if (list) insertSorted(list, workspace, compareByCreatedThenId)
    else this.#workspacesByOrganization.set(workspace.organization, [workspace])
  }

  /** Swaps in the stored version of a workspace the kit updated (same id, organization and created). */
  replacedWorkspace(previous: Workspace, next: Workspace): void {
    if (this.#stale) return
    this.#workspacesById.set(next.id, next)
    const list = this.#workspacesByOrganization.get(next.organization)
    const at = list ? list.indexOf(previous) : -1
    if (list && at >= 0) list[at] = next
    else this.#stale = true
  }
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
