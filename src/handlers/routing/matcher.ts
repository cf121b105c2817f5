/**
 * Routing without MSW's handlers, over the patterns of route-patterns.ts: the direct dispatcher's router (dispatch.ts)
 * and the methods at a path (the catch-all's 405 and `Allow`, fallback.ts). Apart from route-patterns.ts because
 * only lazily loaded code needs it (`api.handle`, the dispatcher, the `/api` catch-all), so that a browser
 * bundle's eager code does not carry it; the patterns and MSW's matcher come with the router's kit.
 */
import type { Operation } from '../operation.ts'
import type { HttpMethod, OperationSpec } from '../operation-spec.ts'
import type { Route } from './route-patterns.ts'
import type { RouterKit } from './router-kit.ts'

/** The methods of the operations at a URL's path (a 405's `Allow`), in routing order. */
export function allowedMethods(kit: RouterKit, url: URL, operations: readonly OperationSpec[], baseUrl: string | undefined): HttpMethod[] {
  return kit
    .operationRoutes(operations, baseUrl)
    .filter((route) => kit.matchRequestUrl(url, route.path).matches)
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
export function createRouter(kit: RouterKit, operations: readonly Operation[], baseUrl: string | undefined): (method: string, url: URL) => Route {
  const { matchRequestUrl, isApiRequest } = kit
  const routes = kit.operationRoutes(operations, baseUrl)
  const catchAll = kit.catchAllPaths(baseUrl)
  const match = (method: string, url: URL): Route => {
    // Without baseUrl the patterns match under any path (route-patterns.ts): only a path from `/api` is the API's.
    if (!baseUrl && !isApiRequest(url, undefined)) return undefined
    for (const route of routes) {
      if (route.method !== method) continue
      const found = matchRequestUrl(url, route.path)
      if (found.matches) return { operation: route.operation, params: Object.freeze(found.params ?? {}) }
    }
    return catchAll.some((path) => matchRequestUrl(url, path).matches) ? 'fallback' : undefined
  }
  return remembered(kit, match, baseUrl)
}

/**
 * `match` with its answers remembered by method and then by the whole URL, whose string is already there
 * (a key of origin and path would be built and hashed for every request). Bounded: clients choose both.
 */
function remembered(kit: RouterKit, match: (method: string, url: URL) => Route, baseUrl: string | undefined): (method: string, url: URL) => Route {
  const seen = new Map<string, Map<string, Route>>()
  return (method, url) => {
    const { href } = url
    if (kit.isOverlong(href)) return kit.isApiRequest(url, baseUrl) ? 'overlong' : undefined
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
