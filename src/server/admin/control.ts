/**
 * The demo server's control plane, beside the API it serves: the base state and the sessions (the mocks
 * the server serves), the console's event streams, and the bound of what the admin may load. The router
 * asks it which mock answers an API request (`servedFor`, by API key); the admin routes (routes.ts), the
 * console's answers (console-answers.ts) and MCP act on it as their `AdminContext`.
 */
import { dispatcherOf } from '../../api/dispatcher-of.ts'
import type { MockApi, MockApiOptions } from '../../api/create-mock-api.ts'
import { replaceInitialState } from '../../api/mock-state.ts'
import type { ApiRequest } from '../../handlers/api-request.ts'
import type { Dispatcher } from '../../handlers/dispatch.ts'
import type { ScenarioState } from '../../model/state.ts'
import { InvalidStateError } from '../../model/validate-state.ts'
import type { ScenarioRef } from '../../scenarios/resolve.ts'
import { EventStreams } from '../console/events.ts'
import { DEFAULT_SESSION_LIMITS, SESSION_RECORDS_FACTOR, type SessionLimits } from '../limits.ts'
import { SessionRegistry } from '../sessions/registry.ts'
import { restoreStartupFaults, type FaultSpec, type ServedMock } from '../sessions/served-mock.ts'
import type { AdminContext } from './context.ts'
import { collectCoverage } from './coverage.ts'

export interface ControlOptions {
  api: MockApi
  /** How people see what the base state serves: a scenario name, a state file. */
  name: string
  seed: number
  /** The scenario sessions build when given only a seed (undefined: the server serves a state). */
  scenario: ScenarioRef | undefined
  /** The options of the server's mock, for its sessions (without scenario and state). */
  apiOptions: MockApiOptions
  startupFaults: readonly FaultSpec[]
  limits: SessionLimits
  /** Most records a scenario or state loaded over HTTP may hold. */
  maxRecords: number
  /** Collect coverage for the base state and each session (`--coverage`). */
  coverage?: boolean
}

/** The server's base state as the admin routes see it. */
class BaseState implements ServedMock {
  readonly api: MockApi
  readonly dispatch: Dispatcher
  scenario: string
  seed: number
  readonly startupFaults: readonly FaultSpec[]
  readonly startupIds = new Set<number>()
  sessions!: SessionRegistry

  constructor(options: ControlOptions) {
    this.api = options.api
    this.dispatch = dispatcherOf(options.api)
    this.scenario = options.name
    this.seed = options.seed
    this.startupFaults = options.startupFaults
  }

  /** A new base state (over HTTP); bounded by `--max-records`, not by the sessions' budget. */
  replaceState(state: ScenarioState): Promise<void> {
    return this.load(state, 'state')
  }

  /** A new base state named for people (a state file's name): its keys must not be a session's (a request with them would reach the session). */
  async load(state: ScenarioState, name: string): Promise<void> {
    state.accounts.forEach((account, index) => {
      const owner = this.sessions.keyOwner(account.apiKey)
      if (owner) {
        throw new InvalidStateError(
          `state.accounts[${index}] (id ${account.id}): field apiKey: already the API key of session ${owner.id}`,
          `accounts[${index}].apiKey`,
          `already the API key of session ${owner.id}`,
        )
      }
    })
    await replaceInitialState(this.api, state)
    this.scenario = name
  }
}

export class Control implements AdminContext {
  readonly base: BaseState
  readonly sessions: SessionRegistry
  readonly maxRecords: number
  /** The options of the server's mocks (origin, strict mode, clock, journal size), for states loaded later. */
  readonly apiOptions: MockApiOptions
  readonly events = new EventStreams()

  constructor(options: ControlOptions) {
    this.maxRecords = options.maxRecords
    this.apiOptions = options.apiOptions
    this.base = new BaseState(options)
    restoreStartupFaults(this.base)
    this.sessions = new SessionRegistry(
      { base: this.base, options: options.apiOptions, scenario: options.scenario, startupFaults: options.startupFaults },
      options.limits,
      { records: SESSION_RECORDS_FACTOR * options.maxRecords, bytes: options.limits.maxStateBytes ?? DEFAULT_SESSION_LIMITS.maxStateBytes },
    )
    this.base.sessions = this.sessions
    if (options.coverage) collectCoverage(this.base)
    this.sessions.onChange(({ type, session }) => {
      // Before `create` answers: the session's first request comes after.
      if (type === 'created' && options.coverage) collectCoverage(this.sessions.target(session.id)!)
      if (type === 'deleted' || type === 'expired') this.events.endFor(session.api)
      this.events.sessionsChanged()
    })
  }

  /** The mock that answers an API request: the session its API key selects, or the base state. */
  servedFor(request: ApiRequest): ServedMock {
    return this.sessions.sessionFor(request) ?? this.base
  }

  /** Ends the event streams and the sessions (the server is closing). */
  close(): void {
    this.events.closeAll()
    this.sessions.close()
  }
}
