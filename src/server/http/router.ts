/**
 * The demo server's router: one table of routes, first match wins, each answered by a small handler.
 *
 *   still loading      503 problem (a request that races the scenario's build)
 *   admin preflight    403 problem: the admin is not a cross-origin API
 *   preflight          CORS for pages on any origin (the API's job)
 *   control plane      the console, its event streams and `/__admin/` (admin-guard.ts, then control.ts)
 *   docs               `/api/docs`, the API reference page
 *   api                the mock of the session the key selects, or the base state
 *
 * The common API case (no fault, override or body) runs synchronously from the parsed message to
 * `writeHead`: no promise, no microtask.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { dispatcherOf } from '../../api/dispatcher-of.ts'
import type { MockApi } from '../../api/create-mock-api.ts'
import { preflightHeaders, sharedCorsHeaders } from '../../handlers/cors.ts'
import { Problem } from '../../handlers/problem.ts'
import { ADMIN_PREFIX, callerOf } from '../admin/admin.ts'
import { refusal, type AdminAccess } from '../admin/guard.ts'
import { guardBody } from './body-timeout.ts'
import type { Control } from '../admin/control.ts'
import { docsAnswer, DOCS_PATH } from './docs-page.ts'
import { Exchange, failRequest } from './exchange.ts'
import { fetchRequestOf } from './incoming-request.ts'
import { MAX_ADMIN_BODY_BYTES } from '../limits.ts'

/** What the router needs: set once at start, `api` and `control` once the scenario is built. */
export interface RouterContext {
  url: string
  readonly cors: boolean
  readonly access: AdminAccess
  readonly bodyTimeout: number
  api: MockApi | undefined
  control: Control | undefined
}

type Ready = RouterContext & { api: MockApi; control: Control }

interface Route {
  readonly name: string
  matches(exchange: Exchange, context: RouterContext): boolean
  handle(exchange: Exchange, context: Ready): void
}

const ROUTES: readonly Route[] = [
  { name: 'admin preflight', matches: (x) => isPreflight(x) && isControlPlane(x), handle: refusePreflight },
  { name: 'preflight', matches: (x, c) => c.cors && isPreflight(x), handle: preflight },
  { name: 'control plane', matches: isControlPlane, handle: controlPlane },
  { name: 'docs', matches: (x) => x.request.url.pathname.startsWith(DOCS_PATH), handle: docs },
  { name: 'api', matches: () => true, handle: api },
]

/** Answers one request. */
export function route(incoming: IncomingMessage, outgoing: ServerResponse, context: RouterContext): void {
  let exchange: Exchange
  try {
    exchange = new Exchange(incoming, outgoing, context.url)
  } catch (error) {
    failRequest(incoming, outgoing, error)
    return
  }
  try {
    guardBody(exchange, context.bodyTimeout)
    const found = routeOf(exchange, context)
    if (found.name !== 'control plane' && found.name !== 'admin preflight' && context.cors) {
      exchange.extra = sharedCorsHeaders(exchange.request.header('Origin'))
    }
    if (!isReady(context)) {
      loading(exchange)
      return
    }
    found.handle(exchange, context)
  } catch (error) {
    exchange.fail(error)
  }
}

/** The first route that matches (the last, the API, matches any request), without a closure per request. */
function routeOf(exchange: Exchange, context: RouterContext): Route {
  let index = 0
  while (!ROUTES[index]!.matches(exchange, context)) index++
  return ROUTES[index]!
}

function isReady(context: RouterContext): context is Ready {
  return context.api !== undefined && context.control !== undefined
}

function isPreflight({ incoming }: Exchange): boolean {
  return incoming.method === 'OPTIONS' && incoming.headers['access-control-request-method'] !== undefined
}

/** `/__admin` and below, and the console's page at `/` (for browsers: `Accept: text/html`). */
function isControlPlane({ request }: Exchange): boolean {
  const { pathname } = request.url
  if (pathname === '/__admin' || pathname.startsWith(ADMIN_PREFIX)) return true
  return pathname === '/' && (request.method === 'GET' || request.method === 'HEAD') && (request.header('Accept') ?? '').includes('text/html')
}

/** A request that races the scenario's build: the problem says to come back in a second. */
function loading(exchange: Exchange): void {
  exchange.problem(new Problem(503, 'the mock is still loading its scenario: try again in a moment', undefined, { 'Retry-After': '1' }))
}

function refusePreflight(exchange: Exchange): void {
  exchange.problem(new Problem(403, 'the admin is not open to pages of other origins: it answers no CORS preflight'))
}

function preflight({ incoming, outgoing }: Exchange): void {
  const headers = preflightHeaders({
    origin: incoming.headers.origin,
    requestHeaders: incoming.headers['access-control-request-headers'],
    privateNetwork: incoming.headers['access-control-request-private-network'] === 'true',
  })
  outgoing.writeHead(204, headers).end()
}

/** The console and the admin routes: refused early (wrong host, origin or media type), then served. */
function controlPlane(exchange: Exchange, context: Ready): void {
  const { request, incoming, outgoing } = exchange
  const refused = refusal(request, context.access)
  if (refused) {
    exchange.problem(refused)
    return
  }
  const caller = callerOf(request, context.access)
  const { control } = context
  try {
    if (control.serve(incoming, outgoing, request, caller)) return
  } catch (error) {
    if (!(error instanceof Problem)) throw error
    exchange.problem(error)
    return
  }
  if (!request.url.pathname.startsWith(ADMIN_PREFIX)) {
    exchange.deliver(undefined)
    return
  }
  const declared = Number(request.header('Content-Length') ?? 0)
  if (declared > MAX_ADMIN_BODY_BYTES) {
    exchange.problem(bodyTooLarge())
    return
  }
  exchange.settle(
    fetchRequestOf(incoming, request, MAX_ADMIN_BODY_BYTES).then((fetchRequest) =>
      fetchRequest ? control.admin(fetchRequest, caller) : control.problem(bodyTooLarge(), request.url),
    ),
  )
}

function bodyTooLarge(): Problem {
  return new Problem(413, `the admin request body is over ${MAX_ADMIN_BODY_BYTES / 1024 / 1024} MiB: serve a bigger state with --state`)
}

function docs(exchange: Exchange, context: Ready): void {
  const answer = docsAnswer(exchange.request, context.api)
  if (answer) exchange.settle(answer)
  else api(exchange, context)
}

/** The API: the session a request's key selects, or the base state. */
function api(exchange: Exchange, context: Ready): void {
  const { request } = exchange
  const answer = dispatcherOf(context.control.mockFor(request) ?? context.api)(request)
  if (answer instanceof Promise) exchange.settle(answer)
  else exchange.deliver(answer)?.catch((error: unknown) => exchange.fail(error))
}
