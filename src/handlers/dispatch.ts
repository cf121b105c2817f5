import { matchRequestUrl } from 'msw'
import type { ApiRequest } from './api-request.ts'
import type { MockContext } from './context.ts'
import { fallbackReply, handlerPath, MAX_URL_LENGTH, operations, overlongUrlReply } from './create-handlers.ts'
import type { Operation } from './operation.ts'
import type { Answer } from './reply.ts'
import { runOperation, type MaybePromise } from './run-operation.ts'

/** Answers an API request (synchronously when it can); undefined when it is outside the API's paths. */
export type Dispatcher = (request: ApiRequest) => MaybePromise<Answer | undefined>

/** Where a request goes: an operation with its path parameters, the `/api` catch-all, or not the API's. */
type Route =
  | { operation: Operation; params: Record<string, string | readonly string[] | undefined> }
  | 'fallback'
  | undefined

/** Distinct URLs whose route is remembered; the cache starts over past this (clients choose the URLs). */
const ROUTE_CACHE_LIMIT = 4096

/**
 * Answers a request with the same operations, in the same order and with the same path patterns as
 * `api.handlers`, without MSW's per-handler machinery (request cloning, cookie parsing, lifecycle events).
 * It lets a server (the demo CLI, a worker runtime's `fetch` export) serve the mock at HTTP speed; a test
 * in test/handlers/dispatch.test.ts holds it to the handlers' answers. Undefined: not an `/api` request.
 */
export function createDispatcher(mock: MockContext): Dispatcher {
  const routes = operations.map((operation) => ({
    operation,
    method: operation.method,
    path: handlerPath(operation.path, mock.baseUrl),
  }))
  const api = [handlerPath('/api', mock.baseUrl), handlerPath('/api/*', mock.baseUrl)]
  // MSW's matcher still decides every route; a URL seen before skips running it again.
  const seen = new Map<string, Route>()
  const route = (method: string, url: URL): Route => {
    for (const candidate of routes) {
      if (candidate.method !== method) continue
      const match = matchRequestUrl(url, candidate.path)
      if (match.matches) return { operation: candidate.operation, params: Object.freeze(match.params ?? {}) }
    }
    return api.some((path) => matchRequestUrl(url, path).matches) ? 'fallback' : undefined
  }
  return (request) => {
    const overlong = overlongUrlReply(mock, request)
    if (overlong) return overlong
    // Not the API's, and too long for MSW's matcher to look at.
    if (request.url.href.length > MAX_URL_LENGTH) return undefined
    const key = `${request.method} ${request.url.origin}${request.url.pathname}`
    let found = seen.get(key)
    // Stryker disable next-line ConditionalExpression,LogicalOperator: cache
    if (found === undefined && !seen.has(key)) {
      found = route(request.method, request.url)
      // Stryker disable next-line all: cache
      if (seen.size >= ROUTE_CACHE_LIMIT) seen.clear()
      seen.set(key, found)
    }
    if (found === undefined) return undefined
    if (found === 'fallback') return fallbackReply(mock, request)
    return runOperation(found.operation, mock, request, found.params)
  }
}
