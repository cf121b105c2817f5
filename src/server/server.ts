import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMockApi, type MockApi, type MockApiOptions } from '../api/create-mock-api.ts'
import { initialStateOf } from '../api/initial-state.ts'
import { dispatcherOf } from '../api/dispatcher-of.ts'
import type { ApiRequest } from '../handlers/api-request.ts'
import { corsHeaders, preflightHeaders } from '../handlers/cors.ts'
import { Problem } from '../handlers/problem.ts'
import type { Answer } from '../handlers/reply.ts'
import type { ScenarioState } from '../model/state.ts'
import type { ScenarioRef } from '../scenarios/resolve.ts'
import { InvalidStateError } from '../model/validate-state.ts'
import { ADMIN_PREFIX, adminProblem, MAX_ADMIN_BODY_BYTES, type FaultSpec } from './admin.ts'
import { Control } from './control.ts'
import { docsAnswer } from './docs-page.ts'
import { fetchRequestOf, fromIncomingMessage } from './incoming-request.ts'
import type { MockSession, SessionLimits, SessionOptions } from './sessions.ts'
import { bodyLeftUnread, writeReply } from './write-reply.ts'

export interface MockServerOptions extends MockApiOptions {
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
}

export interface MockServer {
  /** Base URL of the server, e.g. `http://127.0.0.1:4010` (API paths are appended to it). */
  readonly url: string
  /** The mock API the server answers with: its state, credentials and principals. */
  readonly api: MockApi
  /** The underlying `node:http` server. */
  readonly server: Server
  /** Sessions: `await server.sessions.create()` gives a client state and credentials of its own. */
  readonly sessions: MockServerSessions
  /**
   * Serves `state` (validated like `createMockApi({ state })`; its API keys must not be a session's) in
   * place of the base state; `reset()` comes back to it from then on. Throws `InvalidStateError`.
   */
  replaceState(state: ScenarioState, name?: string): Promise<void>
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

export { API_REQUEST_HEADERS } from '../handlers/cors.ts'
/** How long `close()` waits for requests in flight before it drops their connections. */
const CLOSE_GRACE_MS = 2000

/**
 * Serves the mock API over HTTP with `node:http`. Requests go to `api.handle`, which runs the same
 * operations with the same MSW path patterns as `api.handlers` (a test holds both to identical answers)
 * without MSW's per-handler machinery, several times cheaper per request. `/__admin/` routes (admin.ts)
 * inject faults, read the journal and reset.
 * Icon URLs in the data point at this server (`assetsOrigin` defaults to its own URL).
 * @example
 * const server = await startMockServer({ port: 0, scenario: 'demo', seed: 42 })
 * await fetch(`${server.url}/api/workspaces`, { headers: { 'X-API-Key': server.api.credentials.apiKey, ... } })
 * await server.close()
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port = 4010, host = '127.0.0.1', cors = true, onListening, faults = [], sessions, name, ...apiOptions } = options
  let api: MockApi | undefined
  let control: Control | undefined
  const server = createServer((request, response) => {
    // `api` is set before `startMockServer` resolves; a request that races it waits for nothing longer.
    serve(request, response, api, control, cors, url)
  })
  await listen(server, port, host)
  const url = baseUrlOf(server.address() as AddressInfo, host)
  onListening?.(url)
  const { scenario, state, ...shared } = apiOptions
  const mockOptions = { assetsOrigin: url, ...shared }
  try {
    api = createMockApi({ ...mockOptions, scenario, state })
    control = new Control({
      api,
      name: name ?? (typeof scenario === 'string' ? scenario : state !== undefined ? 'state' : scenario ? 'custom' : 'demo'),
      seed: api.seed,
      scenario: sessions?.scenario ?? (state === undefined ? (scenario ?? 'demo') : undefined),
      apiOptions: mockOptions,
      startupFaults: faults,
      limits: sessions ?? {},
    })
    await api.ready
  } catch (error) {
    control?.close()
    await closeServer(server)
    throw error
  }
  const running = control
  return {
    url,
    api,
    server,
    sessions: running.sessions,
    replaceState(next, stateName) {
      const copy = initialStateOf({ ...mockOptions, state: next })
      if (copy.accounts.length === 0) {
        throw new InvalidStateError('state.accounts must hold at least one account (a principal)', 'accounts', 'must hold at least one account')
      }
      return running.base.replaceState(copy, stateName)
    },
    close() {
      running.close()
      return closeServer(server)
    },
  }
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

/**
 * Answers one request. The common case (no fault, override or body) runs synchronously from the parsed
 * message to `writeHead`: no promise, no microtask, which is most of what separates a server from the floor.
 */
function serve(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  api: MockApi | undefined,
  control: Control | undefined,
  cors: boolean,
  url: string,
): void {
  let extra: Readonly<Record<string, string>> = {}
  const fail = (error: unknown) => {
    // Stryker disable next-line all: unreachable
    if (outgoing.headersSent) {
      outgoing.destroy(error as Error)
      return
    }
    console.error('[workspace-api-mock] request failed:', error)
    outgoing.writeHead(500, { ...extra, 'Content-Type': 'text/plain; charset=utf-8' })
    outgoing.end(`the mock server failed: ${error instanceof Error ? error.message : String(error)}\n`)
  }
  try {
    const request = fromIncomingMessage(incoming, url)
    if (cors) extra = corsHeaders(request.header('Origin'))
    if (cors && isPreflight(incoming)) {
      outgoing
        .writeHead(
          204,
          preflightHeaders({
            origin: incoming.headers.origin,
            requestHeaders: incoming.headers['access-control-request-headers'],
            privateNetwork: incoming.headers['access-control-request-private-network'] === 'true',
          }),
        )
        .end()
      return
    }
    // Stryker disable next-line ConditionalExpression,LogicalOperator,BlockStatement: unreachable
    if (!api || !control) {
      // Stryker disable next-line ObjectLiteral,StringLiteral: unreachable
      outgoing.writeHead(503, { ...extra, 'Retry-After': '1', 'Content-Type': 'text/plain; charset=utf-8' })
      outgoing.end('the mock is still loading its scenario\n')
      return
    }
    const deliver = (answer: Answer | undefined): Promise<void> | undefined => {
      if (!answer) return writeResponse(incoming, request, outgoing, notFound(request), extra)
      if (answer instanceof Response) return writeResponse(incoming, request, outgoing, answer, extra)
      writeReply(incoming, request, outgoing, answer, extra)
      return undefined
    }
    // The control plane (console, live log, admin routes, sessions), then the API: the session a
    // request's key selects, or the base state.
    const { pathname } = request.url
    // Stryker disable next-line ConditionalExpression,StringLiteral: same-value
    if (pathname === '/' || pathname.startsWith('/__admin')) {
      if (control.serve(incoming, outgoing, request, extra)) return
      if (pathname.startsWith(ADMIN_PREFIX)) {
        fetchRequestOf(incoming, request, MAX_ADMIN_BODY_BYTES)
          .then((fetchRequest) =>
            fetchRequest ? control.admin(fetchRequest) : adminProblem(new Problem(413, 'the admin request body is over 256 MiB'), request.url),
          )
          .then(deliver)
          .catch(fail)
        return
      }
    }
    const docs = docsAnswer(request, api)
    if (docs) {
      docs.then(deliver).catch(fail)
      return
    }
    const answer = dispatcherOf(control.mockFor(request) ?? api)(request)
    if (answer instanceof Promise) answer.then(deliver).catch(fail)
    else deliver(answer)?.catch(fail)
  } catch (error) {
    fail(error)
  }
}

/** A Fetch `Response` from outside the kit (an override, an admin route, a dropped connection). */
async function writeResponse(
  incoming: IncomingMessage,
  request: ApiRequest,
  outgoing: ServerResponse,
  response: Response,
  extra: Readonly<Record<string, string>>,
): Promise<void> {
  // `HttpResponse.error()` (a network error): drop the connection, as a real network failure would.
  if (response.type === 'error') {
    incoming.socket.destroy()
    return
  }
  for (const [name, value] of Object.entries(extra)) outgoing.setHeader(name, value)
  for (const [name, value] of response.headers) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: same-value
    if (name === 'set-cookie') continue
    outgoing.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  // Stryker disable next-line ConditionalExpression,EqualityOperator: same-value
  if (cookies.length > 0) outgoing.setHeader('Set-Cookie', cookies)
  if (bodyLeftUnread(incoming, request)) outgoing.setHeader('Connection', 'close')
  const body = response.body && incoming.method !== 'HEAD' ? Buffer.from(await response.arrayBuffer()) : undefined
  if (body) outgoing.setHeader('Content-Length', body.length)
  outgoing.writeHead(response.status, response.statusText || undefined)
  outgoing.end(body)
}

/** Outside `/api` the kit has no handler: a short hint at `/`, a plain 404 elsewhere. */
function notFound(request: ApiRequest): Response {
  const { pathname, origin } = request.url
  const headers = { 'Content-Type': 'text/plain; charset=utf-8' }
  if (pathname === '/' && request.method === 'GET') {
    return new Response(
      `workspace-api-mock: the Workspace and Application Management API is served under ${origin}/api/\n` +
        `Try ${origin}/api/workspaces with the X-API-Key and X-API-Secret headers printed at start.\n` +
        `Open ${origin}/ in a browser for the console (requests, faults, state, sessions).\n`,
      { status: 200, headers },
    )
  }
  return new Response(`not found: ${pathname} (the mock serves /api/...)\n`, { status: 404, headers })
}

function isPreflight(incoming: IncomingMessage): boolean {
  return incoming.method === 'OPTIONS' && incoming.headers['access-control-request-method'] !== undefined
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
