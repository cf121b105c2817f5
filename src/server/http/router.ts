/**
 * The demo server's router: one table of routes, first match wins. Each route says which CORS headers its
 * answers carry and whether it is the control plane's (refused early for a wrong Host, Origin or media
 * type, then told who calls); its handler returns an answer, which the exchange delivers once.
 *
 *   admin preflight    403 problem: the admin is not a cross-origin API
 *   preflight          CORS for pages on any origin (the API's job)
 *   console            the page at `/` and `/__admin/` for browsers, its files, its live logs
 *   mcp                `/__admin/mcp`, the admin as MCP tools
 *   admin              the rest of `/__admin/`
 *   docs page          `/api/docs`, the API reference page: it shows the secrets, so the admin's
 *                      protection (Host, Origin, the token)
 *   docs script        its renderer
 *   api                `/api` and below: the mock of the session the key selects, or the base state
 *   not found          anything else: a plain 404 (a hint at `/`)
 *
 * The common API case (no fault, override or body) runs synchronously from the parsed message to
 * `writeHead`: no promise, no microtask.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MockApi } from '../../api/create-mock-api.ts'
import { emptyReply } from '../../handlers/reply/reply.ts'
import { corsHeaders, preflightHeaders } from '../../handlers/reply/cors.ts'
import { Problem } from '../../handlers/reply/problem.ts'
import { isApiRequest } from '../../handlers/routing/route-patterns.ts'
import { baseEvents, consoleFile, consolePage, CONSOLE_ASSETS, sessionEvents } from '../admin/console-answers.ts'
import type { Caller } from '../admin/context.ts'
import type { Control } from '../admin/control.ts'
import { callerOf, refusal, tokenProblem, type AdminAccess } from '../admin/guard.ts'
import { adminRoute, bodyBoundOf, LARGE_BODY_BOUND, type BodyBound } from '../admin/routes.ts'
import type { EventStream } from '../console/events.ts'
import type { StreamRoute } from '../../wire/admin.ts'
import { ADMIN_PREFIX, matchAdminRoute, type AdminMatch } from '../../wire/admin-routes.ts'
import { sizeText } from '../../text/size-text.ts'
import { guardBody } from './body-timeout.ts'
import { docsPage, docsScript, DOCS_PATH, RENDERER_PATH } from './docs-page.ts'
import { Exchange, failRequest, type RouteAnswer } from './exchange.ts'
import { fetchRequestOf } from './incoming-request.ts'

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
  /** `api`: answers carry CORS headers for any origin (when the server has CORS on); `none`: same origin only. */
  readonly cors: 'api' | 'none'
  /** The control plane's: refused before anything reads it when Host, Origin or media type are wrong. */
  readonly control: boolean
  matches(exchange: Exchange, context: RouterContext): boolean
  answer(exchange: Exchange, context: Ready, caller: Caller | undefined): RouteAnswer | Promise<RouteAnswer>
}

/** The bare prefix: the console's page for a browser, else no admin route. */
const ADMIN_ROOT = ADMIN_PREFIX.slice(0, -1)

/** The event streams of the table, each the answer of a read (GET or HEAD). */
const STREAMS: { readonly [R in StreamRoute]: (control: Control, session: string | undefined, caller: Caller) => EventStream } = {
  'GET events': (control, session, caller) => (session === undefined ? baseEvents(control, caller) : sessionEvents(control, session, caller)),
}

const ROUTES: readonly Route[] = [
  { name: 'admin preflight', cors: 'none', control: false, matches: (x) => isPreflight(x) && isControlPlane(x), answer: refusePreflight },
  { name: 'preflight', cors: 'none', control: false, matches: (x, c) => c.cors && isPreflight(x), answer: preflight },
  { name: 'console page', cors: 'none', control: true, matches: isConsolePage, answer: (x, _, caller) => consolePage(x.request, caller!) },
  { name: 'console files', cors: 'none', control: true, matches: (x) => isRead(x) && x.request.url.pathname.startsWith(CONSOLE_ASSETS), answer: (x) => consoleFile(x.request) },
  { name: 'events', cors: 'none', control: true, matches: (x) => streamOf(x) !== undefined, answer: stream },
  { name: 'mcp', cors: 'none', control: true, matches: (x) => adminRouteOf(x) === 'mcp', answer: mcp },
  { name: 'admin', cors: 'none', control: true, matches: (x) => adminRouteOf(x) !== undefined, answer: admin },
  { name: 'admin root', cors: 'none', control: true, matches: (x) => x.request.url.pathname === ADMIN_ROOT, answer: notFound },
  // The page shows the principals' secrets: the admin's protection (Host, Origin, the token); its script holds none.
  { name: 'docs page', cors: 'none', control: true, matches: isDocsPage, answer: (x, c, caller) => docsPage(x.request, c.api, caller!) },
  { name: 'docs script', cors: 'api', control: false, matches: (x) => x.request.url.pathname === RENDERER_PATH, answer: (x) => docsScript(x.request) },
  { name: 'api', cors: 'api', control: false, matches: isApi, answer: api },
  { name: 'not found', cors: 'api', control: false, matches: () => true, answer: (x) => notFound(x) },
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
    if (found.cors === 'api' && context.cors) exchange.extra = corsHeaders(exchange.request.header('Origin'))
    exchange.deliver(answerOf(found, exchange, context))
  } catch (error) {
    if (error instanceof Problem) exchange.deliver(error)
    else exchange.fail(error)
  }
}

/** The first route that matches (the last matches any request), without a closure per request. */
function routeOf(exchange: Exchange, context: RouterContext): Route {
  let index = 0
  while (!ROUTES[index]!.matches(exchange, context)) index++
  return ROUTES[index]!
}

/** The route's answer, once the server is ready and a control-plane request has passed its checks. */
function answerOf(route: Route, exchange: Exchange, context: RouterContext): RouteAnswer | Promise<RouteAnswer> {
  if (!isReady(context)) {
    return new Problem(503, 'the mock is still loading its scenario: try again in a moment', undefined, { 'Retry-After': '1' })
  }
  if (!route.control) return route.answer(exchange, context, undefined)
  const refused = refusal(exchange.request, context.access)
  return refused ?? route.answer(exchange, context, callerOf(exchange.request, context.access))
}

function isReady(context: RouterContext): context is Ready {
  return context.api !== undefined && context.control !== undefined
}

function isPreflight({ incoming }: Exchange): boolean {
  return incoming.method === 'OPTIONS' && incoming.headers['access-control-request-method'] !== undefined
}

function isRead({ request }: Exchange): boolean {
  return request.method === 'GET' || request.method === 'HEAD'
}

/** The path after `/__admin/` without a trailing slash; undefined elsewhere. */
function adminRouteOf({ request }: Exchange): string | undefined {
  const { pathname } = request.url
  return pathname.startsWith(ADMIN_PREFIX) ? pathname.slice(ADMIN_PREFIX.length).replace(/\/$/, '') : undefined
}

/** `/__admin` and below, and the console's page at `/` (for browsers: `Accept: text/html`). */
function isControlPlane(exchange: Exchange): boolean {
  return exchange.request.url.pathname === ADMIN_ROOT || adminRouteOf(exchange) !== undefined || isConsolePage(exchange)
}

/** The console's page: `/`, `/__admin` or `/__admin/`, read by a browser (curl gets the hint or the admin's 404). */
function isConsolePage(exchange: Exchange): boolean {
  const { pathname } = exchange.request.url
  const page = pathname === '/' || pathname === ADMIN_ROOT || pathname === ADMIN_PREFIX
  // Stryker disable next-line StringLiteral: same-value
  return page && isRead(exchange) && (exchange.request.header('Accept') ?? '').includes('text/html')
}

function isDocsPage({ request }: Exchange): boolean {
  const { pathname } = request.url
  return pathname === DOCS_PATH || pathname === `${DOCS_PATH}/`
}

/** The API is `/api` and what is below it, nothing else: a client with a wrong base path fails here as it would against the service. */
function isApi({ request }: Exchange): boolean {
  return isApiRequest(request.url, undefined)
}

function refusePreflight(): Problem {
  return new Problem(403, 'the admin is not open to pages of other origins: it answers no CORS preflight')
}

function preflight({ incoming }: Exchange): RouteAnswer {
  return emptyReply(
    204,
    preflightHeaders({
      origin: incoming.headers.origin,
      requestHeaders: incoming.headers['access-control-request-headers'],
      privateNetwork: incoming.headers['access-control-request-private-network'] === 'true',
    }),
  )
}

/**
 * The event stream a read names: a session's (a trailing slash or not), or the base state's at its exact
 * path (with a trailing slash it is an admin route, which has none there).
 */
function streamOf(exchange: Exchange): (AdminMatch & { route: StreamRoute }) | undefined {
  if (!isRead(exchange)) return undefined
  const route = adminRouteOf(exchange)
  if (route === undefined) return undefined
  const found = matchAdminRoute('GET', route)
  if (!found.mock || found.route === undefined || !Object.hasOwn(STREAMS, found.route)) return undefined
  if (found.session === undefined && exchange.request.url.pathname.endsWith('/')) return undefined
  return found as AdminMatch & { route: StreamRoute }
}

function stream(exchange: Exchange, context: Ready, caller: Caller | undefined): RouteAnswer {
  const found = streamOf(exchange)!
  return STREAMS[found.route](context.control, found.session, caller!)
}

async function mcp(exchange: Exchange, context: Ready, caller: Caller | undefined): Promise<RouteAnswer> {
  if (!caller!.admin) return tokenProblem()
  // Loaded on first use: the MCP SDK is a chunk of its own, which the API and the admin routes never load.
  const { answerMcp } = await import('../mcp/mcp-http.ts')
  return answerMcp(await adminRequest(exchange, LARGE_BODY_BOUND), context.control, caller!)
}

async function admin(exchange: Exchange, context: Ready, caller: Caller | undefined): Promise<RouteAnswer> {
  const route = adminRouteOf(exchange)!
  return adminRoute(await adminRequest(exchange, bodyBoundOf(exchange.request.method, route)), context.control, route, caller!)
}

/**
 * The admin request as a Fetch `Request`, its body bounded by what its route takes: a state upload may be
 * far bigger than an API body, a fault far smaller.
 */
async function adminRequest({ incoming, request }: Exchange, bound: BodyBound): Promise<Request> {
  const tooLarge = () => new Problem(413, `the admin request body is over ${sizeText(bound.bytes)}: ${bound.hint}`)
  if (Number(request.header('Content-Length') ?? 0) > bound.bytes) throw tooLarge()
  const fetchRequest = await fetchRequestOf(incoming, request, bound.bytes)
  if (!fetchRequest) throw tooLarge()
  return fetchRequest
}

/** The API: the session a request's key selects, or the base state. */
function api({ request }: Exchange, context: Ready): RouteAnswer | Promise<RouteAnswer> {
  const answer = context.control.servedFor(request).dispatch(request)
  if (answer instanceof Promise) return answer.then((settled) => settled ?? notFoundText(request.url))
  return answer ?? notFoundText(request.url)
}

/** Outside `/api` the kit has no handler: a short hint at `/`, a plain 404 elsewhere. */
function notFound({ request }: Exchange): Response {
  const { pathname, origin } = request.url
  if (pathname === '/' && request.method === 'GET') {
    return new Response(
      `workspace-api-mock: the Workspace and Application Management API is served under ${origin}/api/\n` +
        `Try ${origin}/api/workspaces with the X-API-Key and X-API-Secret headers printed at start.\n` +
        `Open ${origin}/ in a browser for the console (requests, faults, state, sessions).\n`,
      { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
    )
  }
  return notFoundText(request.url)
}

function notFoundText(url: URL): Response {
  return new Response(`not found: ${url.pathname} (the mock serves /api/...)\n`, {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
