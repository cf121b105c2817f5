/**
 * A session of the demo server: a served mock (served-mock.ts) over its own copy of the data, reached with
 * credentials of its own, deleted when unused for the registry's idle timeout (registry.ts).
 */
import type { Credentials, MockApi, Principal } from '../../api/create-mock-api.ts'
import type { ScenarioState } from '../../model/state.ts'
import type { WriteBounds } from '../../model/write-budget.ts'
import { stateRecords, type OwnData } from '../limits.ts'
import { ServedMock, type ServedAbout } from './served-mock.ts'

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

/** What a session asks of the registry that keeps it. */
export interface SessionHost {
  readonly idleTimeout: number
  /** Loads what `build` makes into the session once the sessions' budget admits `own` in place of its own data. */
  replaceSessionState(session: Session, own: OwnData, build: () => ScenarioState): Promise<void>
}

export class Session extends ServedMock implements MockSession {
  readonly id: string
  readonly created = new Date()
  lastUsed = Date.now()
  workspaceIds: readonly string[] = []
  /** Credentials by account id: an account keeps its credentials when the session's state is replaced. */
  readonly keys = new Map<string, Credentials>()
  /** Its own data (a scenario or state it asked for); none over the server's data, which it shares. Its writes count besides. */
  own: OwnData = { records: 0, bytes: 0 }
  readonly #host: SessionHost

  constructor(id: string, api: MockApi, about: ServedAbout, host: SessionHost, writes: WriteBounds) {
    super(api, about, writes)
    this.id = id
    this.#host = host
  }

  get credentials(): Credentials {
    return this.api.credentials
  }

  get principals(): readonly Principal[] {
    return this.api.principals
  }

  get expiresAt(): Date {
    return new Date(this.lastUsed + this.#host.idleTimeout)
  }

  /** Its own data as the sessions' budget counts it: what it asked for, and what its writes keep. */
  get held(): OwnData {
    return { records: this.own.records, bytes: this.own.bytes + this.writtenBytes }
  }

  replaceBuilt(own: OwnData, build: () => ScenarioState): Promise<void> {
    return this.#host.replaceSessionState(this, own, build)
  }

  /** A state it is given from code (`own` defaults to its records, no bytes). */
  override replaceState(state: ScenarioState, own: OwnData = { records: stateRecords(state), bytes: 0 }): Promise<void> {
    return super.replaceState(state, own)
  }
}
