/**
 * The routing table and the matching that the MSW handlers (create-handlers.ts) and the direct dispatcher
 * (dispatch.ts) share: the same operations, in the same order, with the same MSW path patterns.
 */
import { matchRequestUrl } from 'msw'
import { MAX_URL_LENGTH } from './limits.ts'
import type { Operation } from './operation.ts'
import type { HttpMethod } from './operation-spec.ts'
import { getOpenApi30Json, getOpenApi30Yaml, getOpenApiJson, getOpenApiYaml } from './openapi/document-routes.ts'
import { getIcon } from './operations/icons.ts'
import { publishedOperations } from './operations/published.ts'
import { getSchema } from './operations/schemas.ts'

/** Every operation the mock serves, in routing order: the API's, then the kit's own routes. */
export const operations: readonly Operation[] = [
  ...publishedOperations,
  getSchema,
  getIcon,
  getOpenApiJson,
  getOpenApiYaml,
  getOpenApi30Json,
  getOpenApi30Yaml,
]

/** Path parameters as MSW's matcher gives them. */
export type PathParams = Readonly<Record<string, string | readonly string[] | undefined>>

/** An operation under a base URL: its method and the MSW path pattern it answers. */
export interface OperationRoute {
  operation: Operation
  method: HttpMethod
  path: string
}

/**
 * Where a request goes: an operation with its path parameters, the `/api` catch-all, the 414 of an
 * over-long API URL, or nowhere (not the API's).
 */
export type Route = { operation: Operation; params: PathParams } | 'fallback' | 'overlong' | undefined

/** The MSW path pattern of an API path: under `baseUrl`, or on any origin. */
export function handlerPath(path: string, baseUrl: string | undefined): string {
  return baseUrl ? `${baseUrl}${path}` : `*${path}`
}

/** Every operation's route under `baseUrl`, in routing order. */
export function operationRoutes(baseUrl: string | undefined): OperationRoute[] {
  return operations.map((operation) => ({
    operation,
    method: operation.method,
    path: handlerPath(operation.path, baseUrl),
  }))
}

/** The patterns of the `/api` catch-all: the path itself and everything below it. */
export function catchAllPaths(baseUrl: string | undefined): string[] {
  return [handlerPath('/api', baseUrl), handlerPath('/api/*', baseUrl)]
}

/** Whether a URL is longer than the mock (and MSW's path matcher) reads. */
export function isOverlong(href: string): boolean {
  return href.length > MAX_URL_LENGTH
}

/** Whether a request is under the API's paths (`<baseUrl>/api`, or `/api` on any origin). */
export function isApiRequest(url: URL, baseUrl: string | undefined): boolean {
  // Stryker disable next-line Regex: same-value
  const prefix = baseUrl ? `${new URL(baseUrl).pathname.replace(/\/+$/, '')}/api` : '/api'
  const sameOrigin = !baseUrl || url.origin === new URL(baseUrl).origin
  return sameOrigin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))
}

/** The methods of the operations at a URL's path (a 405's `Allow`), in routing order. */
export function allowedMethods(url: URL, baseUrl: string | undefined): HttpMethod[] {
  return operationRoutes(baseUrl)
    .filter((route) => matchRequestUrl(url, route.path).matches)
    .map((route) => route.method)
}

/** Distinct URLs whose route is remembered per method; the cache starts over past this (clients choose the URLs). */
const ROUTE_CACHE_LIMIT = 4096
/** Distinct methods remembered (a client may send any token as a method). */
const METHOD_LIMIT = 16

/**
 * Routes requests without MSW's per-handler machinery; MSW's matcher still decides every route, and a
 * method and URL seen before skips running it again.
 */
export function createRouter(baseUrl: string | undefined): (method: string, url: URL) => Route {
  const routes = operationRoutes(baseUrl)
  const catchAll = catchAllPaths(baseUrl)
  const match = (method: string, url: URL): Route => {
    for (const route of routes) {
      if (route.method !== method) continue
      const found = matchRequestUrl(url, route.path)
      if (found.matches) return { operation: route.operation, params: Object.freeze(found.params ?? {}) }
    }
    return catchAll.some((path) => matchRequestUrl(url, path).matches) ? 'fallback' : undefined
  }
  return remembered(match, baseUrl)
}

/**
 * `match` with its answers remembered by method and then by the whole URL, whose string is already there
 * (a key of origin and path would be built and hashed for every request). Bounded: clients choose both.
 */
function remembered(match: (method: string, url: URL) => Route, baseUrl: string | undefined): (method: string, url: URL) => Route {
  const seen = new Map<string, Map<string, Route>>()
  return (method, url) => {
    const { href } = url
    if (isOverlong(href)) return isApiRequest(url, baseUrl) ? 'overlong' : undefined
    let byUrl = seen.get(method)
    if (byUrl === undefined) {
      // Stryker disable next-line all: cache
      if (seen.size >= METHOD_LIMIT) seen.clear()
      byUrl = new Map()
      seen.set(method, byUrl)
    }
    let found = byUrl.get(href)
    // Stryker disable next-line ConditionalExpression,LogicalOperator: cache
    if (found === undefined && !byUrl.has(href)) {
      found = match(method, url)
      // Stryker disable next-line all: cache
      if (byUrl.size >= ROUTE_CACHE_LIMIT) byUrl.clear()
      byUrl.set(href, found)
    }
    return found
  }
}
