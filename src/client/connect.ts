/**
 * A typed client of a running demo server's admin routes (`/__admin/sessions…`), for tests whose app
 * calls the API from its own server (server-rendered apps, BFFs): each test creates a session, hands its
 * credentials to the app, and drives its faults and journal from the test.
 *
 *   const server = connectMockServer('http://127.0.0.1:4010', { adminToken })
 *   const session = await server.sessions.create({ seed: 7 })
 *   await session.faults.fail('listWorkspaces', { status: 503 })
 *   await session.end()
 *
 * Server-wide routes (creating and listing sessions) send the admin token; a session's own routes send
 * that session's credentials, which the server accepts for them alone. Platform-free: global `fetch`.
 */
import type { Principal } from '../api/mock-api.ts'
import type { CoverageDocument } from '../coverage/document.ts'
import type { Credentials } from '../model/credentials.ts'
import type { ScenarioState } from '../model/state.ts'
import type { CreateSessionBody, SessionDescription } from '../wire/admin.ts'
import { adminCaller, MockServerError } from './admin-request.ts'
import { remoteFaults, type RemoteFaults } from './remote-faults.ts'
import { remoteJournal, type RemoteJournal } from './remote-journal.ts'

export interface ConnectOptions {
  /** The server's `--admin-token` (`adminToken`): sent as `Authorization: Bearer` on the server-wide routes. */
  adminToken?: string
}

/** What a session starts from (`POST /__admin/sessions`): nothing is the server's own data. */
export type RemoteSessionOptions = CreateSessionBody

/** A session as the admin routes describe it (`GET /__admin/sessions`). */
export type { SessionDescription }

/** One session of the server: its credentials for the app, and its own faults, journal and state. */
export interface RemoteSession {
  /** `ses_` and 32 hex digits. */
  readonly id: string
  /** The server's base URL: the API is at `${baseUrl}/api/...`. */
  readonly baseUrl: string
  /** The first principal's: send them as `X-API-Key` and `X-API-Secret` (after `loadState`, its first principal's). */
  readonly credentials: Credentials
  /** Every principal of the session's data, each with its own credentials (after `loadState`, as loaded). */
  readonly principals: readonly Principal[]
  /** The first principal's workspaces in list order, for `X-Workspace-ID`. */
  readonly workspaceIds: readonly string[]
  /** What it started from: a preset's name, `state`, or the server's own scenario; and the seed. */
  readonly scenario: string
  readonly seed: number
  readonly faults: RemoteFaults
  readonly journal: RemoteJournal
  /** Back to the session's initial data; faults and the seeded source restart too. */
  reset(): Promise<void>
  snapshot(): Promise<ScenarioState>
  /** Serves `state` (checked as `--state` checks a file) from now on; `reset()` comes back to it. */
  loadState(state: ScenarioState): Promise<void>
  /** What the session answered of the outcomes that exist (a server started with `--coverage`; else a 404 `MockServerError`). */
  coverage(): Promise<CoverageDocument>
  /** Deletes the session: its credentials get 401 from then on. Resolves false when it was gone already. */
  end(): Promise<boolean>
}

export interface MockServerConnection {
  /** The server's base URL, without a trailing slash. */
  readonly url: string
  readonly sessions: {
    create(options?: RemoteSessionOptions): Promise<RemoteSession>
    /** Every live session (the token holder's only: the list holds every key and secret). */
    list(): Promise<SessionDescription[]>
  }
}

/** Connects to the demo server at `url` (its base URL, as its banner and `startMockServer` give it). */
export function connectMockServer(url: string, options: ConnectOptions = {}): MockServerConnection {
  const base = url.replace(/\/+$/, '')
  const admin = adminCaller(base, options.adminToken ? { Authorization: `Bearer ${options.adminToken}` } : {})
  return {
    url: base,
    sessions: {
      create: async (session = {}) => remoteSession(base, await admin('POST sessions', {}, session)),
      list: async () => [...(await admin('GET sessions', {})).sessions],
    },
  }
}

function remoteSession(base: string, description: SessionDescription): RemoteSession {
  const { id } = description
  let principals: readonly Principal[] = description.principals
  // One object, shared by the faults and the journal: a loaded state may change the first principal.
  const own = { 'X-API-Key': description.apiKey, 'X-API-Secret': description.apiSecret }
  const call = adminCaller(base, own)
  const scope = { session: id }
  return {
    id,
    baseUrl: base,
    get credentials() {
      return { apiKey: own['X-API-Key'], apiSecret: own['X-API-Secret'] }
    },
    get principals() {
      return principals
    },
    workspaceIds: description.workspaceIds,
    scenario: description.scenario,
    seed: description.seed,
    faults: remoteFaults(call, scope),
    journal: remoteJournal(call, scope),
    reset: async () => {
      await call('POST reset', scope)
    },
    snapshot: () => call('GET snapshot', scope),
    coverage: () => call('GET coverage', scope),
    loadState: async (state) => {
      // Accounts the session had keep their credentials; a state without the first principal's account brings new ones.
      const loaded = await call('POST state', scope, state)
      principals = loaded.principals
      own['X-API-Key'] = principals[0]!.apiKey
      own['X-API-Secret'] = principals[0]!.apiSecret
    },
    end: async () => {
      // A deleted session's credentials find nothing: a 404 (or the 401 of an unknown key) means ended already.
      try {
        await call('DELETE sessions/{id}', { id })
        return true
      } catch (error) {
        if (error instanceof MockServerError && (error.status === 404 || error.status === 401)) return false
        throw error
      }
    },
  }
}
