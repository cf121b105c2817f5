import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMockApi, type MockApi, type MockApiOptions } from '../api/create-mock-api.ts'
import { initialStateOf } from '../api/initial-state.ts'
import { baselineOf, servedSurfaceOf } from '../api/internals.ts'
import { scenarioNameOf } from '../api/scenario-name.ts'
import type { RecordFields } from '../model/fields.ts'
import type { ScenarioState } from '../model/state.ts'
import type { ScenarioRef } from '../scenarios/resolve.ts'
import { InvalidStateError } from '../model/validate-state.ts'
import { coverageRequested } from '../coverage/switch.ts'
import { hostName, isAdmin, type AdminAccess } from './admin/guard.ts'
import type { LiveOptions, LiveSettings } from '../live/options.ts'
import { Control } from './admin/control.ts'
import { checkedLimits, type ServerLimits, type SessionLimits } from './limits.ts'
import { route, type RouterContext } from './http/router.ts'
import type { MockSession, SessionOptions } from './sessions/registry.ts'
import type { FaultSpec } from './sessions/served-mock.ts'

export interface MockServerOptions extends MockApiOptions, ServerLimits {
  /** TCP port; 0 picks a free one (read it back from `url`). Default 4010. */
  port?: number
  /** Interface to listen on. Default `127.0.0.1`; `0.0.0.0` or `::` to be reachable from other machines. */
  host?: string
  /** Answer CORS requests and preflights from any origin. Default true. */
  cors?: boolean
  /** Called once the port is bound, before the scenario is built (which can take seconds at scale). */
  onListening?: (url: string) => void
  /** Faults that hold for the server's whole life (back after an admin reset), e.g. from `--latency`; sessions get them too. */
  faults?: readonly FaultSpec[]
  /**
   * Sessions (`POST /__admin/sessions`): `maxSessions` (default 100), `idleTimeout` in ms (default 30
   * minutes), and the `scenario` a session given only a seed builds (default: `scenario` above).
   */
  sessions?: SessionLimits & { scenario?: ScenarioRef }
  /** How the console and the session list name what the server serves. Default: the scenario's name, or `state`. */
  name?: string
  /**
   * The bearer token of the server-wide admin routes (base state, sessions list and creation, console):
   * `Authorization: Bearer <token>`. Default: none on a loopback host; on any other host one is generated
   * (read it back from `adminToken`).
   */
  adminToken?: string
  /** Host names the admin answers besides loopback names, IP literals and `host` (`.example.com`: its subdomains too). */
  allowedHosts?: readonly string[]
  /**
   * Collect coverage for the base state and each session: `GET /__admin/coverage` answers what each
   * answered of the outcomes that exist (docs/coverage.md). Default: on when WORKSPACE_API_MOCK_COVERAGE is set.
   */
  coverage?: boolean
}

/** The server's sessions: isolated state for parallel clients, each with credentials of its own. */
export interface MockServerSessions {
  /** A new session over a copy of the server's data (or of a scenario, seed or state): resolves once it serves. */
  create(options?: SessionOptions): Promise<MockSession>
  /** A live session by id. */
  get(id: string): MockSession | undefined
  /** Every live session, oldest first. */
  list(): MockSession[]
  /** Deletes a session: its credentials get 401 from then on. False when there was none. */
  delete(id: string): boolean
  readonly size: number
  readonly maxSessions: number
  /** Milliseconds without a request after which a session is deleted. */
  readonly idleTimeout: number
  /** What the sessions hold of their own (records; bytes of the states they were given), and its bound. */
  readonly ownData: { readonly records: number; readonly bytes: number }
  readonly budget: { readonly records: number; readonly bytes: number }
}

export interface MockServer {
  /** Base URL of the server, e.g. `http://127.0.0.1:4010` (API paths are appended to it). */
  readonly url: string
  /** The mock API the server answers with: its state, credentials and principals. */
  readonly api: MockApi
  /** The admin token (given, or generated for a non-loopback host); undefined when the admin needs none. */
  readonly adminToken: string | undefined
  /** The underlying `node:http` server. */
  readonly server: Server
  /** Sessions: `await server.sessions.create()` gives a client state and credentials of its own. */
  readonly sessions: MockServerSessions
  /**
   * Serves `state` (validated like `createMockApi({ state })`; its API keys must not be a session's) in
   * place of the base state; `reset()` comes back to it from then on. Throws `InvalidStateError`.
   */
  replaceState(state: ScenarioState, name?: string): Promise<void>
  /**
   * Serves other operations and fields of your own from now on (`--watch` of an `--operations` module): a new
   * mock over the base state (its records without the fields no longer declared, with those newly
   * declared built), startup faults again. Sessions end: they run the operations they were made with.
   * Throws `DefinitionError` (and changes nothing) for definitions the kit cannot serve.
   */
  redefine(definitions: Pick<MockApiOptions, 'operations' | 'fields'>): Promise<void>
  /** Stops accepting connections and resolves once open ones are closed (idle ones at once). */
  close(): Promise<void>
}

/** The port is taken, or the host cannot be bound: the message says which and what to do. */
export class ListenError extends Error {
  readonly code: string | undefined
  constructor(message: string, code: string | undefined, cause: unknown) {
    super(message, { cause })
    this.name = 'ListenError'
    this.code = code
  }
}

export { API_REQUEST_HEADERS } from '../handlers/reply/cors.ts'
/** How long `close()` waits for requests in flight before it drops their connections. */
const CLOSE_GRACE_MS = 2000

/**
 * Serves the mock API over HTTP with `node:http`. Requests go to `api.handle`, which runs the same
 * operations with the same MSW path patterns as `api.handlers` (a test holds both to identical answers)
 * without MSW's per-handler machinery, several times cheaper per request. `/__admin/` routes (admin/)
 * inject faults, read the journal and reset; sessions (sessions/) give each client a state of its own.
 * Icon URLs in the data point at this server (`assetsOrigin` defaults to its own URL).
 * @example
 * const server = await startMockServer({ port: 0, scenario: 'demo', seed: 42 })
 * await fetch(`${server.url}/api/workspaces`, { headers: { 'X-API-Key': server.api.credentials.apiKey, ... } })
 * await server.close()
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  return (await startServer(options)).server
}

/** A started server and its control plane: what `workspace-api-mock mcp` drives in process (not public API). */
export interface StartedServer {
  readonly server: MockServer
  readonly control: Control
}

/** `startMockServer`, with the control plane the server's MCP over stdio acts on. */
export async function startServer(given: MockServerOptions = {}): Promise<StartedServer> {
  const { port = 4010, host = '127.0.0.1', cors = true, onListening, adminToken = defaultToken(host), allowedHosts = [] } = given
  const limits = checkedLimits({ maxRecords: given.maxRecords, bodyTimeout: given.bodyTimeout, maxWriteBytes: given.maxWriteBytes })
  const ownHost = hostName(host.includes(':') ? `[${host}]` : host)
  const context: RouterContext = {
    url: '',
    cors,
    access: { token: adminToken, allowedHosts: [...(ownHost ? [ownHost] : []), ...allowedHosts.map((name) => name.toLowerCase())] },
    bodyTimeout: limits.bodyTimeout,
    api: undefined,
    control: undefined,
  }
  const options = given.live ? { ...given, live: servedLive(given.live, host, context.access) } : given
  // `api` and `control` are set before `startMockServer` resolves; a request that races them gets a 503.
  const server = createServer((request, response) => route(request, response, context))
  // Node's own limit on a whole request (300 s) must not cut a longer body timeout short.
  if (limits.bodyTimeout >= server.requestTimeout) server.requestTimeout = limits.bodyTimeout + 1000
  await listen(server, port, host)
  const url = baseUrlOf(server.address() as AddressInfo, host)
  context.url = url
  onListening?.(url)
  let control: Control
  try {
    control = await startControl(options, url, limits)
  } catch (error) {
    await closeServer(server)
    throw error
  }
  const serve = (next: Control) => {
    context.api = next.base.api
    context.control = next
    control = next
  }
  serve(control)
  const redefine = async (definitions: Pick<MockApiOptions, 'operations' | 'fields'>) => {
    const previous = control
    const state = await stateWithout(previous.base.api, definitions.fields)
    serve(await startControl({ ...options, ...definitions, name: previous.base.scenario }, url, limits, state))
    previous.close()
  }
  const face = publicFace(() => control, server, { url, adminToken, redefine })
  return {
    server: face,
    get control() {
      return control
    },
  }
}

/**
 * The mock of the base state (built from the scenario or state, or from `initial`: a redefinition's) and
 * the control plane around it.
 */
async function startControl(options: MockServerOptions, url: string, limits: Required<ServerLimits>, initial?: ScenarioState): Promise<Control> {
  const { faults = [], sessions, name, scenario, state } = options
  const mockOptions = { assetsOrigin: url, ...mockOptionsOf(options) }
  let control: Control | undefined
  try {
    const api = createMockApi({ ...mockOptions, ...(initial === undefined ? { scenario, state } : { state: initial }) })
    control = new Control({
      api,
      name: name ?? scenarioNameOf({ scenario, state }),
      seed: api.seed,
      scenario: sessions?.scenario ?? (state === undefined ? (scenario ?? 'demo') : undefined),
      apiOptions: mockOptions,
      startupFaults: faults,
      limits: sessions ?? {},
      maxRecords: limits.maxRecords,
      maxWriteBytes: limits.maxWriteBytes,
      coverage: options.coverage ?? coverageRequested(),
    })
    await api.ready
    return control
  } catch (error) {
    control?.close()
    throw error
  }
}

/** The options of the server's mocks: everything but the server's own and what the data is built from. */
function mockOptionsOf(options: MockServerOptions): MockApiOptions {
  const { port, host, cors, onListening, faults, sessions, name, adminToken, allowedHosts, maxRecords, bodyTimeout, maxWriteBytes, scenario, state, coverage, ...mock } = options
  return mock
}

/** The server as `startMockServer` answers it, over the control plane it serves with now (`current`). */
function publicFace(
  current: () => Control,
  server: Server,
  { url, adminToken, redefine }: Pick<MockServer, 'url' | 'adminToken' | 'redefine'>,
): MockServer {
  return {
    url,
    get api() {
      return current().base.api
    },
    adminToken,
    server,
    get sessions() {
      return current().sessions
    },
    replaceState(next, stateName) {
      const control = current()
      const copy = initialStateOf({ ...control.apiOptions, state: next })
      if (copy.accounts.length === 0) {
        throw new InvalidStateError('state.accounts must hold at least one account (a principal)', 'accounts', 'must hold at least one account')
      }
      return control.base.load(copy, stateName ?? 'state')
    },
    redefine,
    close() {
      current().close()
      return closeServer(server)
    },
  }
}

/** A mock's initial state as plain data, without the fields of its own that `fields` no longer declares. */
async function stateWithout(api: MockApi, fields: RecordFields | undefined): Promise<ScenarioState> {
  const state = structuredClone((await baselineOf(api)).state) as ScenarioState
  const declared = servedSurfaceOf(api).model.fields
  for (const [record, records] of [['workspace', state.workspaces], ['application', state.applications]] as const) {
    const dropped = declared[record].map((field) => field.name).filter((name) => fields?.[record]?.[name] === undefined)
    for (const value of records) for (const name of dropped) delete (value as Record<string, unknown>)[name]
  }
  return state
}

/** Loopback serves one developer as before; any other interface gets a token nobody has to think of. */
function defaultToken(host: string): string | undefined {
  return isLoopback(host) ? undefined : randomBytes(24).toString('base64url')
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host)
}

/**
 * `live` as the server's mocks take it: requests reach them without MSW; and on an interface other
 * machines reach, the service (with its credentials) is asked only for the holder of the admin token,
 * not for anyone who knows a mock principal's key.
 */
function servedLive(live: LiveOptions, host: string, access: AdminAccess): LiveOptions {
  const settings: LiveSettings = { ...live, withoutMsw: true, ...(!isLoopback(host) && { admits: (request) => isAdmin(request, access) }) }
  return settings
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      reject(listenError(error, port, host))
    }
    const onListening = () => {
      server.off('error', onError)
      resolve()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, host)
  })
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  const where = `${host}:${port}`
  switch (error.code) {
    case 'EADDRINUSE':
      return new ListenError(
        `port ${port} is already in use on ${host}: stop the program using it, or pick another port with --port`,
        error.code,
        error,
      )
    // Stryker disable next-line all: untestable
    case 'EACCES':
      return new ListenError(`no permission to listen on ${where}: use a port above 1023`, error.code, error)
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new ListenError(`cannot listen on ${where}: ${host} is not an address of this machine`, error.code, error)
    default:
      return new ListenError(`cannot listen on ${where}: ${error.message}`, error.code, error)
  }
}

/** The URL clients use: a wildcard address is shown as `localhost`, IPv6 literals in brackets. */
function baseUrlOf(address: AddressInfo, host: string): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === ''
  const name = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host
  return `http://${name}:${address.port}`
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve()
      return
    }
    const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
    force.unref()
    server.close((error) => {
      clearTimeout(force)
      // Stryker disable next-line all: unreachable
      if (error) reject(error)
      else resolve()
    })
    server.closeIdleConnections()
  })
}
