import type { ScenarioState } from './state.ts'
import { prepareRecords, replaceContent } from './bulk-load.ts'
import { createWriteClock } from './clock.ts'
import { iconUrls } from './icons.ts'
import { createDatabase, type Database } from './database.ts'
import { ID_HEX_LENGTH, ID_PREFIX } from './ids.ts'
import { Indexes } from './indexes.ts'
import { createRandom, hex } from './random.ts'
import type { Account, Workspace } from './schemas.ts'

export interface StoreOptions {
  /** Seed of the identifiers the store mints for records created at run time. */
  seed: number
  /** Wall clock for `created` / `updated` of writes. */
  now: () => number
  /** Origin of icon URLs of records created at run time. */
  assetsOrigin: string
}

export interface NewWorkspace {
  name: string
  description: string
  domain: string
}

/**
 * The store of record: the @msw/data collections, the indexes over them, and the writes the API makes.
 * It remembers the initial state so that `reset()` can bring it back in place.
 */
export class Store {
  readonly db: Database = createDatabase()
  readonly indexes = new Indexes(this.db)
  #initial: ScenarioState
  #prepared: Promise<ScenarioState> | undefined
  #options: StoreOptions
  #ids = createRandom(0)
  #clock = createWriteClock(Date.now, 0)
  #pending: Promise<void> = Promise.resolve()
  /** Loads started and not yet finished; the store is settled when none is and the last one succeeded. */
  #loading = 0
  #failed = false

  constructor(initial: ScenarioState, options: StoreOptions) {
    this.#initial = initial
    this.#options = options
    this.#pending = this.#tracked(this.#load())
  }

  /** Settles when the store holds its initial state (after construction or a reset). */
  get ready(): Promise<void> {
    return this.#pending
  }

  /** Whether `ready` has settled successfully and no reset is under way (requests can skip awaiting it). */
  get settled(): boolean {
    return this.#loading === 0 && !this.#failed
  }

  /** Back to the initial state, in place: the collections and every reference to them stay valid. */
  reset(): Promise<void> {
    this.#pending = this.#tracked(
      this.#pending.then(
        () => this.#load(),
        () => this.#load(),
      ),
    )
    return this.#pending
  }

  /** Counts a load as under way until it settles (synchronously, so `settled` is false at once). */
  #tracked(load: Promise<void>): Promise<void> {
    this.#loading++
    load.then(
      () => this.#settle(false),
      () => this.#settle(true),
    )
    return load
  }

  #settle(failed: boolean): void {
    this.#loading--
    this.#failed = failed
  }

  /**
   * Loads the initial records. They are prepared (frozen, with @msw/data's internals) once, then shared by
   * every reset: see bulk-load.ts for why this does not go through `create()`.
   */
  async #load(): Promise<void> {
    const initial = this.#initial
    this.#prepared ??= (async () => ({
      organizations: [...(await prepareRecords(initial.organizations))],
      accounts: [...(await prepareRecords(initial.accounts))],
      workspaces: [...(await prepareRecords(initial.workspaces))],
      applications: [...(await prepareRecords(initial.applications))],
    }))()
    const prepared = await this.#prepared
    replaceContent(this.db.organizations, prepared.organizations)
    replaceContent(this.db.accounts, prepared.accounts)
    replaceContent(this.db.workspaces, prepared.workspaces)
    replaceContent(this.db.applications, prepared.applications)
    this.indexes.markStale()
    this.#ids = createRandom([this.#options.seed, 0x5eed])
    this.#clock = createWriteClock(this.#options.now, latestTimestamp(initial))
  }

  /** A fresh identifier of the given prefix that no record of the store carries yet. */
  #mintWorkspaceId(): string {
    for (;;) {
      const id = `${ID_PREFIX.workspace}_${hex(this.#ids, ID_HEX_LENGTH)}`
      if (!this.indexes.workspace(id)) return id
    }
  }

  async createWorkspace(input: NewWorkspace, principal: Account): Promise<Workspace> {
    const id = this.#mintWorkspaceId()
    const imageId = `${ID_PREFIX.image}_${hex(this.#ids, ID_HEX_LENGTH)}`
    const at = this.#clock.next()
    const workspace = await this.db.workspaces.create({
      id,
      ...input,
      organization: principal.organization,
      icons: iconUrls(this.#options.assetsOrigin, imageId),
      created: at,
      created_by: principal.id,
      updated: at,
      modified_by: principal.id,
    })
    this.indexes.addedWorkspace(workspace)
    return workspace
  }

  async updateWorkspace(
    previous: Workspace,
    changes: { name?: string; description?: string },
    principal: Account,
  ): Promise<Workspace> {
    const at = this.#clock.next()
    const next = await this.indexes.ownWrite(previous.id, () =>
      this.db.workspaces.update(previous as Parameters<Database['workspaces']['update']>[0], {
        data(draft) {
          if (changes.name !== undefined) draft.name = changes.name
          if (changes.description !== undefined) draft.description = changes.description
          draft.updated = Math.max(at, draft.updated + 1)
          draft.modified_by = principal.id
        },
      }),
    )
    if (!next) throw new Error(`workspace ${previous.id} vanished during its update`)
    this.indexes.replacedWorkspace(previous, next)
    return next
  }

  /** The whole state as plain JSON data, in insertion order. */
  snapshot(): ScenarioState {
    return structuredClone({
      organizations: this.db.organizations.all(),
      accounts: this.db.accounts.all(),
      workspaces: this.db.workspaces.all(),
      applications: this.db.applications.all(),
    }) as ScenarioState
  }
}

function latestTimestamp(state: ScenarioState): number {
  let latest = 0
  for (const record of [...state.workspaces, ...state.applications]) {
    latest = Math.max(latest, record.created, record.updated)
  }
  return latest
}
