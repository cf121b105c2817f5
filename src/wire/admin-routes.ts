/**
 * The admin protocol as one table: every route under `/__admin/`, by its name in admin.ts (`'METHOD path'`,
 * the path a template whose `{params}` are one segment each), with the body it takes. The server matches
 * requests with `matchAdminRoute` and bounds their bodies by it; the published client, the console's page
 * and the MCP tools build their paths with `adminPath`. A route is spelled here once: adding one is its
 * types in admin.ts and a line here, and the compiler then asks the server for its handler.
 * Platform-free: the console's page loads it in the browser.
 */
import type { AnyAdminRoute, MockAdminRoute, SessionRoute, StreamRoute } from './admin.ts'

/** Where the admin routes are. */
export const ADMIN_PREFIX = '/__admin/'

/**
 * What a route's body is, which bounds it on the server: a fault; a scenario and seed; a record, as the API
 * takes one; a state, or what may hold one; none.
 */
export type BodyKind = 'fault' | 'scenario' | 'record' | 'state' | 'none'

type PathOf<R extends string> = R extends `${string} ${infer Path}` ? Path : never
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never

interface RouteSpec<R extends string> {
  /** Default: none. */
  readonly body?: BodyKind
  /** The status of its answer, when it is not 200. */
  readonly status?: 201
  /** A parameter's pattern, where it is narrower than any one segment. */
  readonly params?: { readonly [Name in ParamNames<PathOf<R>>]?: RegExp }
}

const COLLECTION = /^[a-z]+$/

/** A mock's routes: the base state's under `/__admin/`, a session's under `/__admin/sessions/{id}/`. */
const MOCK_ROUTES = {
  'GET faults': {},
  'POST faults': { body: 'fault', status: 201 },
  'DELETE faults': {},
  'DELETE faults/{id}': { params: { id: /^\d+$/ } },
  'GET journal': {},
  'GET journal/{seq}': { params: { seq: /^\d{1,15}$/ } },
  'DELETE journal': {},
  'GET drift': {},
  'GET drift/findings': {},
  'GET drift/module': {},
  'GET coverage': {},
  'DELETE coverage': {},
  'POST reset': {},
  'GET snapshot': {},
  'POST state': { body: 'state' },
  'GET info': {},
  'POST scenario': { body: 'scenario' },
  'GET records/{collection}': { params: { collection: COLLECTION } },
  'POST records/{collection}': { body: 'record', status: 201, params: { collection: COLLECTION } },
  'GET records/{collection}/{id}': { params: { collection: COLLECTION } },
  'PATCH records/{collection}/{id}': { body: 'record', params: { collection: COLLECTION } },
  'DELETE records/{collection}/{id}': { params: { collection: COLLECTION } },
  'GET events': {},
} as const satisfies { readonly [R in MockAdminRoute | StreamRoute]: RouteSpec<R> }

/** The server's sessions, under `/__admin/` only. */
const SESSION_ROUTES = {
  'GET sessions': {},
  'POST sessions': { body: 'state', status: 201 },
  'GET sessions/{id}': {},
  'DELETE sessions/{id}': {},
} as const satisfies { readonly [R in SessionRoute]: RouteSpec<R> }

/** A session's own routes are a mock's, under this route's path (its `{id}` the session's). */
const SESSION_SCOPE: SessionRoute = 'GET sessions/{id}'

/** The values of a route's `{params}`; a mock's route also takes `session`: that session's route, not the base state's. */
export type PathParams<R extends AnyAdminRoute> = { readonly [Name in ParamNames<PathOf<R>>]: string | number } & (R extends SessionRoute
  ? unknown
  : { readonly session?: string | undefined })

/** A route's `{params}` as a request's path spells them. */
export type RouteParams<R extends AnyAdminRoute> = { readonly [Name in ParamNames<PathOf<R>>]: string }

interface Compiled {
  readonly route: AnyAdminRoute
  readonly method: string
  readonly segments: readonly string[]
  readonly params: Readonly<Record<string, RegExp>>
  readonly body: BodyKind
  readonly status: number
}

function compile(table: Readonly<Record<string, RouteSpec<string>>>): Compiled[] {
  return Object.entries(table).map(([route, spec]) => ({
    route: route as AnyAdminRoute,
    method: adminMethod(route as AnyAdminRoute),
    segments: pathOf(route).split('/'),
    params: (spec.params ?? {}) as Record<string, RegExp>,
    body: spec.body ?? 'none',
    status: spec.status ?? 200,
  }))
}

const MOCK = compile(MOCK_ROUTES)
const SESSIONS = compile(SESSION_ROUTES)
const SCOPE = SESSIONS.find((compiled) => compiled.route === SESSION_SCOPE)!
const BY_ROUTE = new Map([...MOCK, ...SESSIONS].map((compiled) => [compiled.route, compiled]))

/** The method of a route. */
export function adminMethod(route: AnyAdminRoute): string {
  return route.slice(0, route.indexOf(' '))
}

/** The status of a route's answer. */
export function adminStatus(route: AnyAdminRoute): number {
  return BY_ROUTE.get(route)!.status
}

function pathOf(route: string): string {
  return route.slice(route.indexOf(' ') + 1)
}

/**
 * The path of `route` (from `/__admin/` on; a mock's route under `sessions/{session}/` when `session` is
 * given), each parameter encoded as one segment.
 */
export function adminPath<R extends AnyAdminRoute>(route: R, params: PathParams<R>): string {
  const values = params as Readonly<Record<string, string | number | undefined>>
  const path = fill(pathOf(route), values)
  const { session } = values
  return ADMIN_PREFIX + (session === undefined ? path : `${fill(pathOf(SESSION_SCOPE), { id: session })}/${path}`)
}

function fill(template: string, values: Readonly<Record<string, string | number | undefined>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new TypeError(`the admin path ${template} needs ${name}`)
    return encodeURIComponent(String(value))
  })
}

/** Where a path after `/__admin/` leads (see `matchAdminRoute`): a mock's route, or one of the server's session routes. */
export type AdminMatch = MatchOf<true, MockAdminRoute | StreamRoute> | MatchOf<false, SessionRoute>

interface MatchOf<Mock extends boolean, R extends AnyAdminRoute> {
  /** A mock's route (the base state's or a session's), not one of the server's session routes. */
  readonly mock: Mock
  /** The session the path names (`sessions/{id}` and below), as the path spells it. */
  readonly session: string | undefined
  /** The route of this method and path; undefined when there is none (`allow` then says whether the path is known). */
  readonly route: R | undefined
  /** The path as matched (after `/__admin/`): a session's extra trailing slash, or what follows an empty session id, dropped. */
  readonly path: string
  /** The path's parameters, as the path spells them: a handler decodes what it takes as text. */
  readonly params: Readonly<Record<string, string>>
  /** The methods the path's routes take, in the table's order; none when no route has this path. */
  readonly allow: readonly string[]
  /** What the path's routes take as a body (what bounds a request's body before its route is answered). */
  readonly body: BodyKind
}

/**
 * The route `method` and `route` (the path after `/__admin/`, without a trailing slash) name. A session's
 * path may end in one more slash (its routes are under `sessions/{id}/`); an empty id (`sessions//...`)
 * names no session: the path is the list's, whose routes delete nothing.
 */
export function matchAdminRoute(method: string, route: string): AdminMatch {
  const segments = sessionPath(route.split('/'))
  const path = segments.join('/')
  const own = matchPath(SESSIONS, method, segments)
  if (own) return { ...own, path, route: own.route as SessionRoute | undefined, session: own.params.id, mock: false }
  const scope = segments.length > SCOPE.segments.length ? paramsOf(SCOPE, segments.slice(0, SCOPE.segments.length)) : undefined
  const rest = scope ? segments.slice(SCOPE.segments.length) : segments
  const found = matchPath(MOCK, method, rest) ?? { route: undefined, params: {}, allow: [], body: 'none' }
  return { ...found, path, route: found.route as MockAdminRoute | StreamRoute | undefined, session: scope?.id, mock: true }
}

/** `segments` as a session's path: without the list's empty id and what follows it, or one trailing slash. */
function sessionPath(segments: string[]): string[] {
  const list = SCOPE.segments[0]!
  if (segments[0] !== list || segments.length < 2) return segments
  if (segments[1] === '') return [list]
  return segments.length > SCOPE.segments.length && segments.at(-1) === '' ? segments.slice(0, -1) : segments
}

type PathMatch = Omit<MatchOf<boolean, AnyAdminRoute>, 'mock' | 'session' | 'path'>

function matchPath(table: readonly Compiled[], method: string, segments: readonly string[]): PathMatch | undefined {
  let found: PathMatch | undefined
  for (const compiled of table) {
    const params = paramsOf(compiled, segments)
    if (!params) continue
    const { route, allow, body } = found ?? { route: undefined, allow: [], body: 'none' }
    found = {
      route: compiled.method === method ? compiled.route : route,
      params,
      allow: [...allow, compiled.method],
      body: body === 'none' ? compiled.body : body,
    }
  }
  return found
}

/** The parameters of `segments` when they are `compiled`'s path. */
function paramsOf(compiled: Compiled, segments: readonly string[]): Record<string, string> | undefined {
  if (segments.length !== compiled.segments.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, part] of compiled.segments.entries()) {
    const segment = segments[index]!
    if (!part.startsWith('{')) {
      if (segment !== part) return undefined
      continue
    }
    const name = part.slice(1, -1)
    if (segment === '' || compiled.params[name]?.test(segment) === false) return undefined
    params[name] = segment
  }
  return params
}

/** Every route of the table, in its order: a mock's, then the server's sessions'. */
export const ADMIN_ROUTES: { readonly mock: readonly (MockAdminRoute | StreamRoute)[]; readonly sessions: readonly SessionRoute[] } = {
  mock: MOCK.map((compiled) => compiled.route as MockAdminRoute | StreamRoute),
  sessions: SESSIONS.map((compiled) => compiled.route as SessionRoute),
}

/** The first segments of the routes, in the table's order (`faults`, `journal`, ..., `sessions`): what a person is told exists. */
export const ADMIN_ROUTE_NAMES: readonly string[] = [...new Set([...MOCK, ...SESSIONS].map((compiled) => compiled.segments[0]!))]
