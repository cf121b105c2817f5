/**
 * Sessions of the demo server: isolated state for parallel clients on one server. A session (session.ts)
 * is its own mock (its own store, faults, journal) over its own copy of the data, reached with credentials
 * of its own: the server picks the session by the request's `X-API-Key` (key-index.ts) before it
 * dispatches, and requests with any other key (the base principals, an unknown or expired key) go to the
 * base state as before.
 *
 * Cheap by design: a session over the server's own data shares its prepared records and index (see
 * model/baseline.ts) and gets new accounts only, so creating one costs well under a millisecond and tens
 * of kilobytes, whatever the size of the data; writes then live in the session alone, within its write
 * budget and the sessions' budget together.
 */
import { randomBytes } from 'node:crypto'
import type { Credentials, MockApiOptions } from '../../api/create-mock-api.ts'
import { createMockApiFrom } from '../../api/create-mock-api-from.ts'
import { initialStateOf } from '../../api/initial-state.ts'
import { baselineOf, replaceInitialState } from '../../api/internals.ts'
import type { ApiRequest } from '../../handlers/api-request.ts'
import { Baseline } from '../../model/baseline.ts'
import type { Account } from '../../model/schemas.ts'
import type { ScenarioState } from '../../model/state.ts'
import { WriteBudgetError, type WriteBounds } from '../../model/write-budget.ts'
import type { ScenarioRef } from '../../scenarios/resolve.ts'
import { DEFAULT_SESSION_LIMITS, SESSION_RECORDS_FACTOR, stateRecords, type OwnData, type SessionLimits } from '../limits.ts'
import { sizeText } from '../../text/size-text.ts'
import { workspaceIdsOf } from '../../mock-admin/info.ts'
import { SessionKeys } from './key-index.ts'
import { recordCount, restoreStartupFaults, writeBounds, type FaultSpec, type ServedMock } from './served-mock.ts'
import { Session, type MockSession, type SessionHost } from './session.ts'
import { ScenarioTemplates } from './templates.ts'

export { DEFAULT_SESSION_LIMITS, type MockSession, type SessionLimits }

/** What a new session starts from. Without anything: a copy of the server's current data. */
export interface SessionOptions {
  /** A scenario (a preset name, `scale:<w>x<a>` or, from code, a function), built with `seed`. */
  scenario?: ScenarioRef
  /** Seed of the scenario; alone, it builds the server's own scenario with this seed. */
  seed?: number
  /** A plain state (a `snapshot()`, a fixture file), validated; its accounts get new credentials. */
  state?: ScenarioState
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
        : bytesOver(would.bytes, budget.bytes)
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
  /** Most characters of JSON each session's writes may keep (`--max-write-bytes`). */
  readonly maxWriteBytes: number
}

export type SessionChange = { type: 'created' | 'deleted' | 'expired' | 'replaced'; session: MockSession }

const NOTHING: OwnData = { records: 0, bytes: 0 }

/** The sessions of one server. */
export class SessionRegistry implements SessionHost {
  readonly maxSessions: number
  readonly idleTimeout: number
  readonly #source: SessionSource
  /** Most own data the sessions may hold together. */
  readonly budget: OwnData
  readonly #byId = new Map<string, Session>()
  readonly #keys: SessionKeys<Session>
  readonly #templates = new ScenarioTemplates()
  readonly #listeners = new Set<(change: SessionChange) => void>()
  /** Sessions being created: they count against the limit already. */
  #creating = 0
  /** Own data of the sessions being created or given a new state: it counts against the budget already. */
  #pending: OwnData = { ...NOTHING }
  #sweeper: NodeJS.Timeout | undefined

  /** `keys`: the index of the sessions' keys, shared with the base state (which must not take them). */
  constructor(source: SessionSource, limits: SessionLimits = {}, budget: OwnData = { records: Infinity, bytes: Infinity }, keys = new SessionKeys<Session>()) {
    this.#source = source
    this.budget = budget
    this.#keys = keys
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

  /** What the live sessions hold of their own (what they asked for beyond the server's data, and what their writes keep), and what is being loaded. */
  get ownData(): OwnData {
    const own = { ...this.#pending }
    for (const session of this.#byId.values()) added(own, session.held)
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
    if (this.#keys.size === 0) return undefined
    const key = request.header('x-api-key')
    // Stryker disable next-line ConditionalExpression: fast-path
    if (key === null) return undefined
    const session = this.#keys.owner(key)
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

  /**
   * A new session: its own mock, started like the server's (origin, clock, startup faults), over a copy
   * of the server's data or of what `options` describe (`own`: what that holds of its own). Its principals
   * get new credentials, unlike any other in the server. Throws `SessionLimitError` at the limit,
   * `SessionBudgetError` past the budget, `InvalidStateError` for a bad state.
   */
  async create(options: SessionOptions = {}, own: OwnData = NOTHING): Promise<MockSession> {
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
      const session = new Session(newId(), api, { scenario, seed, startupFaults: this.#source.startupFaults }, this, this.#writeBounds())
      session.own = own
      for (const [account, credentials] of keys) session.keys.set(account, credentials)
      restoreStartupFaults(session)
      session.workspaceIds = workspaceIdsOf(api)
      this.#byId.set(session.id, session)
      this.#keys.index(session)
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
   * A session's new state, built by `build` once the budget admits `own` (its records and bytes, which take
   * the place of the session's own data and writes in the budget): its accounts keep their credentials by
   * id, new ones get new credentials.
   */
  async replaceSessionState(session: Session, own: OwnData, build: () => ScenarioState): Promise<void> {
    this.#withinBudget(own, session.held)
    const keys = new Map<string, Credentials>()
    let records = own.records
    added(this.#pending, own)
    try {
      const state = build()
      // What it holds, once built (a preset's records are not known before).
      records = stateRecords(state)
      const accounts = this.#withNewKeys(state.accounts, keys, session.keys)
      await replaceInitialState(session.api, { ...state, accounts })
    } finally {
      added(this.#pending, own, -1)
    }
    // Deleted (or expired) while its new state loaded: the deletion stands, its credentials stay refused.
    if (!this.#isLive(session)) return
    this.#keys.unindex(session)
    session.keys.clear()
    for (const [account, credentials] of keys) session.keys.set(account, credentials)
    this.#keys.index(session)
    session.scenario = 'state'
    session.own = { records, bytes: own.bytes }
    session.workspaceIds = workspaceIdsOf(session.api)
    // Stryker disable next-line ObjectLiteral,StringLiteral: unseen
    this.#emit({ type: 'replaced', session })
  }

  /** A session's writes: within `--max-write-bytes` each, and counted in the sessions' budget together. */
  #writeBounds(): WriteBounds {
    return writeBounds(this.#source.maxWriteBytes, (more) => {
      const would = this.ownData.bytes + more
      if (would > this.budget.bytes) {
        throw new WriteBudgetError(`the sessions' own data would ${bytesOver(would, this.budget.bytes)}: delete records, reset the session or delete a session`)
      }
    })
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
    return { baseline: await this.#templates.get(scenario, seed, build), scenario, seed }
  }

  /** Throws `SessionBudgetError` when `own` more (in place of `replaced`) would pass the budget. */
  #withinBudget(own: OwnData, replaced: OwnData = NOTHING): void {
    const would = added(added(this.ownData, own), replaced, -1)
    if (would.records > this.budget.records || would.bytes > this.budget.bytes) throw new SessionBudgetError(would, this.budget)
  }

  /** Copies of the accounts with credentials from `previous` (by account id) or new ones, into `keys`. */
  #withNewKeys(accounts: readonly Account[], keys: Map<string, Credentials>, previous?: ReadonlyMap<string, Credentials>): Account[] {
    return accounts.map((account) => {
      const credentials = previous?.get(account.id) ?? this.#keys.fresh(this.#source.base.api.principals)
      keys.set(account.id, credentials)
      return { ...account, ...credentials }
    })
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
    this.#keys.unindex(session)
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

/** How the sessions' data passes its bound in bytes, as their problems say it. */
function bytesOver(would: number, bound: number): string {
  return `hold ${would} bytes of states and writes, over this server's bound of ${sizeText(bound)} (--max-session-bytes)`
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
