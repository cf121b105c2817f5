import type { ScenarioState } from './state.ts'
import { Baseline } from './baseline.ts'
import { replaceContent } from './bulk-load.ts'
import { deepFreeze } from './deep-freeze.ts'
import { createWriteClock } from './clock.ts'
import { iconUrls } from './icons.ts'
import { createDatabase, type CollectionName, type Database } from './database.ts'
import { FieldSources, missingFieldValues, type FieldRecord } from './fields.ts'
import { ID_HEX_LENGTH, ID_PREFIX, type IdKind } from './ids.ts'
import { Indexes } from './indexes.ts'
import { createRandom, hex } from './random.ts'
import { DEFAULT_MODEL, type RecordModel } from './record-model.ts'
import type { Account, Application, Entry, Workspace } from './schemas.ts'
import type { WrittenRecords } from './written-records.ts'

export interface StoreOptions {
  /** Seed of the identifiers the store mints for records created at run time. */
  seed: number
  /** Wall clock for `created` / `updated` of writes. */
  now: () => number
  /** Origin of icon URLs of records created at run time. */
  assetsOrigin: string
  /** The records' schemas and the fields of the user's own (default: the spec's records alone). */
  model?: RecordModel
}

/** What a new workspace is made of; the rest (id, organization, icons, stamps) the store sets. Fields of the user's own beside. */
export interface NewWorkspace {
  name: string
  description: string
  domain: string
  [field: string]: unknown
}

/** What a new application is made of; the rest (id, workspace, icons, stamps) the store sets. Fields of the user's own beside. */
export interface NewApplication {
  name: string
  description: string
  access_type: string
  domain: string
  domain_alias: string
  external_domain: string
  port: string
  port_alias: string
  protocol: string
  gateways: Entry[]
  group_or_users: Entry[]
  policies: Entry[]
  [field: string]: unknown
}

/** Members an update may set: the record's own or its fields (the caller has checked which). */
export type RecordChanges = Readonly<Record<string, unknown>>

/** A record of a collection. */
export type StoredRecord<Name extends CollectionName> = ScenarioState[Name][number]

/** Members no create or update sets: the store keeps them. */
const SET_BY_THE_STORE = new Set(['id', 'organization', 'workspace', 'icons', 'created', 'created_by', 'updated', 'modified_by'])

/** A new record's values without the members the store sets (a user's `create` may pass any object). */
function givenValues<T extends object>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([key]) => !SET_BY_THE_STORE.has(key))) as T
}

/**
 * The store of record: the @msw/data collections, the indexes over them, and the writes the API makes.
 * It keeps its initial state as a `Baseline` (prepared records, shared index) so that `reset()` brings it
 * back in place, and so that other stores can start from the same records (`baseline`).
 *
 * The collections are filled lazily until someone outside the store asks for them (`db`): requests read
 * through the indexes, and a store nobody inspects (a demo-server session over 100,000 applications) then
 * never copies records it does not change. Once `db` has been handed out, every load fills all of them,
 * so a reference kept by a caller always shows the current state.
 */
export class Store {
  readonly #db: Database
  readonly indexes: Indexes
  #baseline: Promise<Baseline>
  /** The baseline the last load put in place; read where a collection is not filled. */
  #loaded: Baseline | undefined
  /** Whether `db` was handed out: then every load fills every collection. */
  #exposed = false
  #filled = new Set<CollectionName>()
  #options: StoreOptions
  #ids = createRandom(0)
  /** Values of the fields of the user's own for records created at run time (restarted with the ids). */
  #fieldSources = new FieldSources(0)
  #clock = createWriteClock(Date.now, 0)
  #pending: Promise<void> = Promise.resolve()
  /**
   * The records written since the last load, counted against the bounds of what they may keep (a demo
   * server's mock has some): past them a write throws `WriteBudgetError` and changes nothing. None: nothing counted.
   */
  written: WrittenRecords | undefined
  /** Loads started and not yet finished; the store is settled when none is and the last one succeeded. */
  #loading = 0
  #failed = false

  /** `initial` is taken over: its records are frozen in place (see bulk-load.ts). */
  constructor(initial: ScenarioState | Baseline, options: StoreOptions) {
    this.#options = options
    this.#db = createDatabase(options.model)
    this.#baseline = initial instanceof Baseline ? Promise.resolve(initial) : Baseline.of(initial)
    this.indexes = new Indexes(this.#db, { records: (name) => this.records(name) })
    this.#pending = this.#tracked(this.#load())
  }

  /** The @msw/data collections; from the first call on, they always hold every record. */
  get db(): Database {
    // Stryker disable next-line ConditionalExpression: same-value
    if (!this.#exposed) {
      this.#exposed = true
      for (const name of COLLECTIONS) this.#fill(name)
    }
    return this.#db
  }

  /** Origin of the icon URLs of records made at run time. */
  get assetsOrigin(): string {
    return this.#options.assetsOrigin
  }

  /** The initial state, prepared: what `reset()` brings back, and what other stores may start from. */
  get baseline(): Promise<Baseline> {
    return this.#baseline
  }

  /** Settles when the store holds its initial state (after construction or a reset). */
  get ready(): Promise<void> {
    return this.#pending
  }

  /** Whether `ready` has settled successfully and no reset is under way (requests can skip awaiting it). */
  get settled(): boolean {
    // Stryker disable next-line ConditionalExpression: fast-path
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

  /**
   * A new initial state (already valid), loaded in place of the current one: `reset()` comes back to it
   * from now on. Requests wait for it as they wait for a reset.
   */
  replace(initial: ScenarioState | Baseline): Promise<void> {
    const baseline = initial instanceof Baseline ? Promise.resolve(initial) : Baseline.of(initial)
    // Only once the current load is over: a reset queued before this call still loads the old state.
    this.#pending = this.#tracked(
      this.#pending.then(
        () => baseline,
        () => baseline,
      ).then((next) => {
        this.#baseline = Promise.resolve(next)
        return this.#load()
      }),
    )
    return this.#pending
  }

  /**
   * Loads `state` (already valid; taken over) in place of the current content, after any load under way;
   * unlike `replace`, the initial state stays what `reset()` returns to. Requests wait for it as for a reset.
   */
  load(state: ScenarioState): Promise<void> {
    const load = async () => this.#put(await Baseline.of(state))
    this.#pending = this.#tracked(this.#pending.then(load, load))
    return this.#pending
  }

  /** Counts a load as under way until it settles (synchronously, so `settled` is false at once). */
  #tracked(load: Promise<void>): Promise<void> {
    this.#loading++
    load.then(
      // Stryker disable next-line all: fast-path
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
   * Puts the baseline in place: its records are prepared (frozen, with @msw/data's internals) once and
   * shared by every reset; see bulk-load.ts for why this does not go through `create()`.
   */
  async #load(): Promise<void> {
    this.#put(await this.#baseline)
    this.#ids = createRandom([this.#options.seed, 0x5eed])
    this.#fieldSources = new FieldSources(this.#options.seed, 1)
  }

  /** Puts a baseline's records in the collections (or makes them readable there) and the indexes. */
  #put(baseline: Baseline): void {
    this.#loaded = baseline
    this.written?.clear()
    this.#filled.clear()
    // Stryker disable next-line ConditionalExpression: fast-path
    if (this.#exposed) for (const name of COLLECTIONS) this.#fill(name)
    this.indexes.load(baseline)
    this.#clock = createWriteClock(this.#options.now, baseline.latest)
  }

  /** Copies the loaded records into a collection (pointers only), unless it holds them already. */
  #fill(name: CollectionName): void {
    if (!this.#loaded || this.#filled.has(name)) return
    replaceContent<unknown>(this.#db[name], this.#loaded.state[name])
    this.#filled.add(name)
  }

  /**
   * The records of a collection, without handing the collections out (see `db`): the collection's own,
   * or those it will hold once filled. Do not mutate.
   */
  records<Name extends CollectionName>(name: Name): readonly ScenarioState[Name][number][] {
    if (this.#filled.has(name)) return this.#db[name].all() as ScenarioState[Name][number][]
    return this.#loaded?.state[name] ?? []
  }

  /** The time a write stamps: the clock of `now`, never earlier than the data, strictly increasing. */
  now(): number {
    return this.#clock.next()
  }

  /** A fresh identifier of the given kind that no record of the store carries yet. */
  #mint(kind: IdKind & ('workspace' | 'application')): string {
    const taken = kind === 'workspace' ? (id: string) => this.indexes.workspace(id) : (id: string) => this.indexes.application(id)
    for (;;) {
      const id = `${ID_PREFIX[kind]}_${hex(this.#ids, ID_HEX_LENGTH)}`
      if (!taken(id)) return id
    }
  }

  /** The members every created record gets from the store: id, icons, stamps and authors. */
  #stamped(kind: 'workspace' | 'application', principal: Account) {
    const id = this.#mint(kind)
    const imageId = `${ID_PREFIX.image}_${hex(this.#ids, ID_HEX_LENGTH)}`
    const at = this.#clock.next()
    return { id, icons: iconUrls(this.#options.assetsOrigin, imageId), created: at, created_by: principal.id, updated: at, modified_by: principal.id }
  }

  /** A new record's values with the fields of the user's own it lacks built, in the record's member order. */
  complete<T extends Record<string, unknown>>(record: FieldRecord, values: T): T {
    const fields = (this.#options.model ?? DEFAULT_MODEL).fields[record]
    if (fields.length === 0) return values
    return { ...values, ...missingFieldValues(record, values, fields, this.#fieldSources) }
  }

  async createWorkspace(input: NewWorkspace, principal: Account): Promise<Workspace> {
    const { id, ...stamps } = this.#stamped('workspace', principal)
    const { name, description, domain, ...fields } = givenValues(input)
    const values = this.complete('workspace', { id, name, description, domain, organization: principal.organization, ...stamps, ...fields })
    return this.addRecord('workspaces', values as Workspace)
  }

  async createApplication(workspace: Workspace, input: NewApplication, principal: Account): Promise<Application> {
    const { id, icons, ...stamps } = this.#stamped('application', principal)
    const { gateways, group_or_users, policies, ...rest } = givenValues(input)
    const values = this.complete('application', { id, ...rest, gateways, group_or_users, policies, icons, workspace: workspace.id, ...stamps })
    return this.addRecord('applications', values as Application)
  }

  updateWorkspace(previous: Workspace, changes: RecordChanges, principal: Account): Promise<Workspace> {
    return this.#update('workspaces', previous, this.#stampedChange(changes, principal))
  }

  updateApplication(previous: Application, changes: RecordChanges, principal: Account): Promise<Application> {
    return this.#update('applications', previous, this.#stampedChange(changes, principal))
  }

  /** An update's change: the given members (undefined ones left as they are), `updated` strictly later, `modified_by` the caller. */
  #stampedChange(changes: RecordChanges, principal: Account): (draft: Record<string, unknown>) => void {
    const at = this.#clock.next()
    return (draft) => {
      for (const [key, value] of Object.entries(changes)) if (value !== undefined && !SET_BY_THE_STORE.has(key)) draft[key] = value
      draft.updated = Math.max(at, (draft.updated as number) + 1)
      draft.modified_by = principal.id
    }
  }

  /**
   * A record of a person's making (the console's Data section, checked by the caller) in place of the stored
   * `previous`, as it is: no stamps. Only this record and the indexes over it change.
   */
  putRecord<Name extends CollectionName>(name: Name, previous: StoredRecord<Name>, next: StoredRecord<Name>): Promise<StoredRecord<Name>> {
    return this.#update(name, previous, (draft) => Object.assign(draft, next))
  }

  /** Adds a record (valid: built by the store, or checked by the caller) through its collection. */
  async addRecord<Name extends CollectionName>(name: Name, values: StoredRecord<Name>): Promise<StoredRecord<Name>> {
    const undo = this.written?.count(values.id, values)
    this.#fill(name)
    try {
      const record = (await this.indexes.ownCreate(() => collectionOf(this.#db, name).create(values))) as StoredRecord<Name>
      deepFreeze(record)
      this.indexes.added(name, record as never)
      return record
    } catch (error) {
      undo?.()
      throw error
    }
  }

  /**
   * Replaces a record with `change` applied to a copy of it, through its collection, which validates the
   * result; counted against the write bound before anything changes.
   */
  async #update<Name extends CollectionName>(name: Name, previous: StoredRecord<Name>, change: (draft: Record<string, unknown>) => void): Promise<StoredRecord<Name>> {
    const undo = this.written?.count(previous.id, changedCopy(previous, change))
    this.#fill(name)
    try {
      const next = (await this.indexes.ownWrite(previous.id, () => collectionOf(this.#db, name).update(previous, { data: change }))) as StoredRecord<Name> | undefined
      // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable
      if (!next) throw new Error(`${previous.id} vanished during its update`)
      // Records are replaced, never edited: the serializer and the reply cache key on the object.
      deepFreeze(next)
      this.indexes.replaced(name, previous as never, next as never)
      return next
    } catch (error) {
      undo?.()
      throw error
    }
  }

  /** Deletes a workspace and its applications (no application outlives its workspace). */
  deleteWorkspace(workspace: Workspace): void {
    this.deleteRecords('applications', new Set(this.indexes.applicationsOf(workspace.id).map((application) => application.id)))
    this.deleteRecords('workspaces', new Set([workspace.id]))
  }

  deleteApplication(application: Application): void {
    this.deleteRecords('applications', new Set([application.id]))
  }

  /**
   * Deletes the records of a collection whose ids are given, in one pass over it (what refers to them is
   * the caller's to delete too); the indexes drop them one by one.
   */
  deleteRecords(name: CollectionName, ids: ReadonlySet<string>): void {
    this.#fill(name)
    const kept: { id: string }[] = []
    const gone: { id: string }[] = []
    for (const record of this.#db[name].all()) (ids.has(record.id) ? gone : kept).push(record)
    replaceContent(this.#db[name], kept)
    for (const id of ids) this.written?.forget(id)
    for (const record of gone) this.indexes.removed(name, record as never)
  }

  /** The whole state as plain JSON data, in insertion order. */
  snapshot(): ScenarioState {
    return structuredClone({
      organizations: this.records('organizations'),
      accounts: this.records('accounts'),
      workspaces: this.records('workspaces'),
      applications: this.records('applications'),
    }) as ScenarioState
  }
}

const COLLECTIONS: readonly CollectionName[] = ['organizations', 'accounts', 'workspaces', 'applications']

/** What the store's writes ask of a collection, whichever it is (their records' types differ). */
interface WritableCollection {
  create(values: object): Promise<object>
  update(record: object, options: { data(draft: Record<string, unknown>): void }): Promise<object | undefined>
}

/** A copy of `record` with `change` applied, as the collection will store it. */
function changedCopy(record: object, change: (draft: Record<string, unknown>) => void): object {
  const copy = { ...record }
  change(copy)
  return copy
}

function collectionOf(db: Database, name: CollectionName): WritableCollection {
  return db[name] as unknown as WritableCollection
}
