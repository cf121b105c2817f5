/**
 * Sessions of the demo server: isolated state for parallel clients on one server. A session is its own
 * mock (its own store, faults, journal) over its own copy of the data, reached with credentials of its
 * own: the server picks the session by the request's `X-API-Key` before it dispatches, and requests with
 * any other key (the base principals, an unknown or expired key) go to the base state as before.
 *
 * Cheap by design: a session over the server's own data shares its prepared records and index (see
 * model/baseline.ts) and gets new accounts only, so creating one costs well under a millisecond and tens
 * of kilobytes, whatever the size of the data; writes then live in the session alone.
 */
import { randomBytes } from 'node:crypto'
import type { Credentials, MockApi, MockApiOptions, Principal } from '../../api/create-mock-api.ts'
import { createMockApiFrom } from '../../api/create-mock-api-from.ts'
import { initialStateOf } from '../../api/initial-state.ts'
import { dispatcherOf } from '../../api/dispatcher-of.ts'
import { baselineOf, replaceInitialState } from '../../api/internals.ts'
import type { ApiRequest } from '../../handlers/api-request.ts'
import type { Dispatcher } from '../../handlers/routing/dispatch.ts'
import { Baseline } from '../../model/baseline.ts'
import { newCredentials } from '../../model/credentials.ts'
import type { Account } from '../../model/schemas.ts'
import type { ScenarioState } from '../../model/state.ts'
import type { ScenarioRef } from '../../scenarios/resolve.ts'
import { DEFAULT_SESSION_LIMITS, scenarioRecords, SESSION_RECORDS_FACTOR, stateRecords, type OwnData, type SessionLimits } from '../limits.ts'
import { sizeText } from '../../text/size-text.ts'
import { workspaceIdsOf } from '../../mock-admin/info.ts'
import { recordCount, restoreStartupFaults, type FaultSpec, type ServedMock } from './served-mock.ts'

export { DEFAULT_SESSION_LIMITS, type SessionLimits }

/** What a new session starts from. Without anything: a copy of the server's current data. */
export interface SessionOptions {
  /** A scenario (a preset name, `scale:<w>x<a>` or, from code, a function), built with `seed`. */
  scenario?: ScenarioRef
  /** Seed of the scenario; alone, it builds the server's own scenario with this seed. */
  seed?: number
  /** A plain state (a `snapshot()`, a fixture file), validated; its accounts get new credentials. */
  state?: ScenarioState
}

/** A session: its own mock over its own copy of the data, reached with credentials of its own. */
export interface MockSession {
  /** `ses_` and 32 hex digits; its admin routes are under `/__admin/sessions/{id}/`. */
  readonly id: string
  /** The session's mock: state, faults, journal, reset, snapshot. */
  readonly api: MockApi
  /** What it was made from (a scenario name, or `state`) and the seed. */
  readonly scenario: string
  readonly seed: number
  /** Credentials of its first principal (`api.principals` has them all). */
  readonly credentials: Credentials
  readonly principals: readonly Principal[]
  /** The first principal's workspaces, in list order (for `X-Workspace-ID`). */
  readonly workspaceIds: readonly string[]
  readonly created: Date
  /** When it will be deleted unless a request comes first (every request moves it on). */
  readonly expiresAt: Date
}

/** The server is at its session limit. */
export class SessionLimitError extends RangeError {
  constructor(max: number) {
    super(`the server holds its maximum of ${max} sessions: delete one (DELETE /__admin/sessions/{id}) or start it with a higher --max-sessions`)
    this.name = 'SessionLimitError'
  }
}

/** The sessions' own data would pass its budget (in records or in bytes). */
export class SessionBudgetError extends RangeError {
  constructor(would: OwnData, budget: OwnData) {
    const over =
      would.records > budget.records
        ? `hold ${would.records} records, over this server's bound of ${budget.records} (${SESSION_RECORDS_FACTOR} x --max-records)`
        : `hold ${would.bytes} bytes of states, over this server's bound of ${sizeText(budget.bytes)} (--max-session-bytes)`
    super(`the sessions' own data would ${over}: delete a session that asked for a scenario or state of its own`)
    this.name = 'SessionBudgetError'
  }
}

/** Session options that cannot be served together (a scenario and a state; a seed alone on a state server). */
export class SessionOptionsError extends TypeError {
  constructor(message: string) {
    super(message)
    this.name = 'SessionOptionsError'
  }
}

/** What sessions are made from: the server's base state and the options of its mock. */
export interface SessionSource {
  /** The server's base state (its mock, scenario name, seed). */
  readonly base: ServedMock
  /** The options the server's mock was made with (origin, strict mode, clock, journal size). */
  readonly options: MockApiOptions
  /** The scenario a session given only a seed builds; undefined when the server serves a state. */
  readonly scenario: ScenarioRef | undefined
  readonly startupFaults: readonly FaultSpec[]
}

export type SessionChange = { type: 'created' | 'deleted' | 'expired' | 'replaced'; session: MockSession }

/** Scenario builds kept for sessions that ask for the same scenario and seed again. */
const TEMPLATE_LIMIT = 8
/** Bigger builds are not kept: eight of them would hold gigabytes after their sessions are gone. */
const TEMPLATE_MAX_RECORDS = 20_000

class Session implements MockSession, ServedMock {
  readonly id: string
  readonly api: MockApi
  readonly dispatch: Dispatcher
  scenario: string
  seed: number
  readonly startupFaults: readonly FaultSpec[]
  readonly startupIds = new Set<number>()
  readonly created = new Date()
  lastUsed = Date.now()
  workspaceIds: readonly string[] = []
  /** Credentials by account id: an account keeps its credentials when the session's state is replaced. */
  readonly keys = new Map<string, Credentials>()
  /** Its own data (a scenario or state it asked for); none over the server's data, which it shares. */
  own: OwnData = { records: 0, bytes: 0 }
  readonly #registry: SessionRegistry

  constructor(id: string, api: MockApi, scenario: string, seed: number, registry: SessionRegistry, faults: readonly FaultSpec[]) {
    this.id = id
    this.api = api
    this.dispatch = dispatcherOf(api)
    this.scenario = scenario
    this.seed = seed
    this.#registry = registry
    this.startupFaults = faults
  }

  get credentials(): Credentials {
    return this.api.credentials
  }

  get principals(): readonly Principal[] {
    return this.api.principals
  }

  get expiresAt(): Date {
    return new Date(this.lastUsed + this.#registry.idleTimeout)
  }

  replaceState(state: ScenarioState, own: OwnData = { records: stateRecords(state), bytes: 0 }): Promise<void> {
    return this.#registry.replaceSessionState(this, state, own)
  }
}

/** The sessions of one server. */
export class SessionRegistry {
  readonly maxSessions: number
  readonly idleTimeout: number
  readonly #source: SessionSource
  /** Most own data the sessions may hold together. */
  readonly budget: OwnData
  readonly #byId = new Map<string, Session>()
  readonly #byKey = new Map<string, Session>()
  readonly #templates = new Map<string, Promise<Baseline>>()
  readonly #listeners = new Set<(change: SessionChange) => void>()
  /** Sessions being created: they count against the limit already. */
  #creating = 0
  /** Own data of the sessions being created or given a new state: it counts against the budget already. */
  #pending: OwnData = { records: 0, bytes: 0 }
  #sweeper: NodeJS.Timeout | undefined

  constructor(source: SessionSource, limits: SessionLimits = {}, budget: OwnData = { records: Infinity, bytes: Infinity }) {
    this.#source = source
    this.budget = budget
    this.maxSessions = limits.maxSessions ?? DEFAULT_SESSION_LIMITS.maxSessions
    this.idleTimeout = limits.idleTimeout ?? DEFAULT_SESSION_LIMITS.idleTimeout
    if (!(Number.isInteger(this.maxSessions) && this.maxSessions >= 0)) {
      throw new RangeError(`maxSessions must be a non-negative integer, got ${this.maxSessions}`)
    }
    if (!(this.idleTimeout > 0)) throw new RangeError(`idleTimeout must be a positive number of ms, got ${this.idleTimeout}`)
    if (!(budget.bytes > 0)) throw new RangeError(`maxStateBytes must be a positive number of bytes, got ${budget.bytes}`)
  }

  /** How many sessions there are. */
  get size(): number {
    return this.#byId.size
  }

  /** What the live sessions hold of their own (what they asked for beyond the server's data), and what is being loaded. */
  get ownData(): OwnData {
    const own = { ...this.#pending }
    for (const session of this.#byId.values()) added(own, session.own)
    return own
  }

  /** Records of the server's base data (what a session given only a seed builds again). */
  baseRecords(): number {
    return recordCount(this.#source.base.api)
  }

  /**
   * The session whose API key the request carries; undefined for any other request (it goes to the base
   * state). The demo server's hot path: one Map lookup, nothing allocated.
   */
  sessionFor(request: ApiRequest): ServedMock | undefined {
    // Stryker disable next-line ConditionalExpression: fast-path
    if (this.#byKey.size === 0) return undefined
    const key = request.header('x-api-key')
    // Stryker disable next-line ConditionalExpression: fast-path
    if (key === null) return undefined
    const session = this.#byKey.get(key)
    if (session === undefined) return undefined
    return this.#touch(session)
  }

  /** The session, if it exists and has not expired; using it counts as activity when `touch` is set. */
  get(id: string, touch = false): MockSession | undefined {
    const session = this.#byId.get(id)
    if (!session) return undefined
    if (!touch) return this.#expired(session, Date.now()) ? undefined : session
    return this.#touch(session)
  }

  /** A session as its admin routes under `/__admin/sessions/{id}/` act on it; using it is activity. */
  target(id: string): ServedMock | undefined {
    const session = this.#byId.get(id)
    return session && this.#touch(session)
  }

  /** Every live session, oldest first. */
  list(): MockSession[] {
    const now = Date.now()
    return [...this.#byId.values()].filter((session) => !this.#expired(session, now))
  }

  /** The session an API key belongs to, if any (to keep a new base state's keys apart from them). */
  keyOwner(apiKey: string): MockSession | undefined {
    return this.#byKey.get(apiKey)
  }

  /**
   * A new session: its own mock, started like the server's (origin, clock, startup faults), over a copy
   * of the server's data or of what `options` describe (`own`: what that holds of its own). Its principals
   * get new credentials, unlike any other in the server. Throws `SessionLimitError` at the limit,
   * `SessionBudgetError` past the budget, `InvalidStateError` for a bad state.
   */
  async create(options: SessionOptions = {}, own: OwnData = { records: 0, bytes: 0 }): Promise<MockSession> {
    this.#sweep()
    if (this.#byId.size + this.#creating >= this.maxSessions) throw new SessionLimitError(this.maxSessions)
    this.#withinBudget(own)
    this.#creating++
    added(this.#pending, own)
    try {
      const { baseline, scenario, seed } = await this.#baselineFor(options)
      const keys = new Map<string, Credentials>()
      const forked = await baseline.withAccounts(this.#withNewKeys(baseline.state.accounts, keys))
      const api = createMockApiFrom({ ...this.#source.options, seed }, forked)
      await api.ready
      const session = new Session(newId(), api, scenario, seed, this, this.#source.startupFaults)
      session.own = own
      for (const [account, credentials] of keys) session.keys.set(account, credentials)
      restoreStartupFaults(session)
      session.workspaceIds = workspaceIdsOf(api)
      this.#byId.set(session.id, session)
      this.#indexKeys(session)
      this.#startSweeper()
      // Stryker disable next-line ObjectLiteral,StringLiteral: unseen
      this.#emit({ type: 'created', session })
      return session
    } finally {
      this.#creating--
      added(this.#pending, own, -1)
    }
  }

  /** Deletes a session: its credentials get 401 from now on. False when there is none. */
  delete(id: string): boolean {
    const session = this.#byId.get(id)
    if (!session) return false
    this.#remove(session, 'deleted')
    return true
  }

  /** Calls `listener` when a session is created, deleted, expires or gets a new state. */
  onChange(listener: (change: SessionChange) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Deletes every session and stops the expiry timer (the server is closing). */
  close(): void {
    for (const session of [...this.#byId.values()]) this.#remove(session, 'deleted')
    clearInterval(this.#sweeper)
    this.#sweeper = undefined
  }

  /**
   * A session's new state (`own`: its records and bytes, which take the place of the session's own data in
   * the budget): its accounts keep their credentials by id, new ones get new credentials.
   */
  async replaceSessionState(session: Session, state: ScenarioState, own: OwnData): Promise<void> {
    this.#withinBudget(own, session.own)
    const keys = new Map<string, Credentials>()
    const accounts = this.#withNewKeys(state.accounts, keys, session.keys)
    added(this.#pending, own)
    try {
      await replaceInitialState(session.api, { ...state, accounts })
    } finally {
      added(this.#pending, own, -1)
    }
    // Deleted (or expired) while its new state loaded: the deletion stands, its credentials stay refused.
    if (!this.#isLive(session)) return
    this.#unindexKeys(session)
    session.keys.clear()
    for (const [account, credentials] of keys) session.keys.set(account, credentials)
    this.#indexKeys(session)
    session.scenario = 'state'
    session.own = own
    session.workspaceIds = workspaceIdsOf(session.api)
    // Stryker disable next-line ObjectLiteral,StringLiteral: unseen
    this.#emit({ type: 'replaced', session })
  }

  /** What a session starts from: the server's current data, a scenario build (kept), or a given state. */
  async #baselineFor(options: SessionOptions): Promise<{ baseline: Baseline; scenario: string; seed: number }> {
    const { base, options: apiOptions } = this.#source
    if (options.state !== undefined) {
      if (options.scenario !== undefined) throw new SessionOptionsError('give either `scenario` or `state`, not both')
      const state = initialStateOf({ ...apiOptions, state: options.state })
      return { baseline: await Baseline.of(state), scenario: 'state', seed: options.seed ?? base.seed }
    }
    if (options.scenario === undefined && options.seed === undefined) {
      return { baseline: await baselineOf(base.api), scenario: base.scenario, seed: base.seed }
    }
    const scenario = options.scenario ?? this.#source.scenario
    if (scenario === undefined) {
      throw new SessionOptionsError('this server serves a state, not a scenario: give a `scenario` with the `seed`')
    }
    const seed = options.seed ?? base.seed
    const build = () => Baseline.of(initialStateOf({ ...apiOptions, scenario, seed }))
    if (typeof scenario === 'function') return { baseline: await build(), scenario: scenario.name || 'custom', seed }
    if (scenarioRecords(scenario) > TEMPLATE_MAX_RECORDS) return { baseline: await build(), scenario, seed }
    const key = `${scenario}\u0000${seed}`
    let template = this.#templates.get(key)
    if (template === undefined) {
      template = build()
      // A failed build is not kept.
      template.catch(() => this.#templates.delete(key))
      if (this.#templates.size >= TEMPLATE_LIMIT) this.#templates.delete(this.#templates.keys().next().value!)
    } else {
      this.#templates.delete(key) // most recently used last
    }
    this.#templates.set(key, template)
    return { baseline: await template, scenario, seed }
  }

  /** Throws `SessionBudgetError` when `own` more (in place of `replaced`) would pass the budget. */
  #withinBudget(own: OwnData, replaced: OwnData = { records: 0, bytes: 0 }): void {
    const would = added(added(this.ownData, own), replaced, -1)
    if (would.records > this.budget.records || would.bytes > this.budget.bytes) throw new SessionBudgetError(would, this.budget)
  }

  /** Copies of the accounts with credentials from `previous` (by account id) or new ones, into `keys`. */
  #withNewKeys(accounts: readonly Account[], keys: Map<string, Credentials>, previous?: ReadonlyMap<string, Credentials>): Account[] {
    return accounts.map((account) => {
      const credentials = previous?.get(account.id) ?? this.#newCredentials()
      keys.set(account.id, credentials)
      return { ...account, ...credentials }
    })
  }

  #newCredentials(): Credentials {
    const taken = (key: string) =>
      // Stryker disable next-line ArrowFunction,ConditionalExpression,LogicalOperator,MethodExpression: random
      this.#byKey.has(key) || this.#source.base.api.principals.some((principal) => principal.apiKey === key)
    for (;;) {
      const credentials = newCredentials()
      // Stryker disable next-line ConditionalExpression: random
      if (!taken(credentials.apiKey)) return credentials
    }
  }

  #indexKeys(session: Session): void {
    for (const principal of session.api.principals) this.#byKey.set(principal.apiKey, session)
  }

  #unindexKeys(session: Session): void {
    for (const [key, owner] of this.#byKey) if (owner === session) this.#byKey.delete(key)
  }

  #expired(session: Session, now: number): boolean {
    if (now - session.lastUsed <= this.idleTimeout) return false
    this.#remove(session, 'expired')
    return true
  }

  /** Marks the session used now; undefined (and gone) when it had expired. */
  #touch(session: Session): Session | undefined {
    const now = Date.now()
    if (this.#expired(session, now)) return undefined
    session.lastUsed = now
    return session
  }

  /** Still registered: not deleted or expired since the caller got hold of it. */
  #isLive(session: Session): boolean {
    return this.#byId.get(session.id) === session
  }

  #remove(session: Session, type: 'deleted' | 'expired'): void {
    if (!this.#isLive(session)) return
    this.#byId.delete(session.id)
    this.#unindexKeys(session)
    if (this.#byId.size === 0) {
      clearInterval(this.#sweeper)
      this.#sweeper = undefined
    }
    this.#emit({ type, session })
  }

  #sweep(): void {
    const now = Date.now()
    for (const session of [...this.#byId.values()]) this.#expired(session, now)
  }

  /** Expired sessions are also found when used; the timer frees the memory of those nobody uses again. */
  #startSweeper(): void {
    // Stryker disable next-line all: cleanup
    if (this.#sweeper) return
    // Stryker disable next-line MethodExpression: cleanup
    const every = Math.max(50, Math.min(60_000, this.idleTimeout / 2))
    this.#sweeper = setInterval(() => this.#sweep(), every)
    this.#sweeper.unref()
  }

  #emit(change: SessionChange): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change)
      } catch (error) {
        console.error('[workspace-api-mock] session listener failed:', error)
      }
    }
  }
}

/** Adds `more` (times `sign`) to `total`, and answers it. */
function added(total: OwnData, more: OwnData, sign = 1): OwnData {
  total.records += sign * more.records
  total.bytes += sign * more.bytes
  return total
}

function newId(): string {
  return `ses_${randomBytes(16).toString('hex')}`
}
