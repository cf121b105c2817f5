/**
 * The demo server's control plane, beside the API it serves: the base state and the sessions (the mocks
 * the server serves), the console's event streams, and the bound of what the admin may load. The router
 * asks it which mock answers an API request (`servedFor`, by API key); the admin routes (routes.ts), the
 * console's answers (console-answers.ts) and MCP act on it as their `AdminContext`.
 */
import type { MockApi, MockApiOptions } from '../../api/create-mock-api.ts'
import type { ApiRequest } from '../../handlers/api-request.ts'
import type { ScenarioRef } from '../../scenarios/resolve.ts'
import { EventStreams } from '../console/events.ts'
import { DEFAULT_SESSION_LIMITS, SESSION_RECORDS_FACTOR, type SessionLimits } from '../limits.ts'
import { BaseState } from '../sessions/base-state.ts'
import { SessionKeys } from '../sessions/key-index.ts'
import { SessionRegistry } from '../sessions/registry.ts'
import { restoreStartupFaults, writeBounds, type FaultSpec, type ServedMock } from '../sessions/served-mock.ts'
import type { Session } from '../sessions/session.ts'
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
  /** Most characters of JSON the writes of each mock (the base state, each session) may keep. */
  maxWriteBytes: number
  /** Collect coverage for the base state and each session (`--coverage`). */
  coverage?: boolean
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
    const keys = new SessionKeys<Session>()
    const { api, name, seed, startupFaults, maxWriteBytes } = options
    this.base = new BaseState(api, { scenario: name, seed, startupFaults }, writeBounds(maxWriteBytes), keys)
    restoreStartupFaults(this.base)
    this.sessions = new SessionRegistry(
      { base: this.base, options: options.apiOptions, scenario: options.scenario, startupFaults, maxWriteBytes },
      options.limits,
      { records: SESSION_RECORDS_FACTOR * options.maxRecords, bytes: options.limits.maxStateBytes ?? DEFAULT_SESSION_LIMITS.maxStateBytes },
      keys,
    )
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
