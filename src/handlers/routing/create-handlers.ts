import { http, passthrough, type HttpHandler } from 'msw'
import { fromFetchRequest } from '../api-request.ts'
import type { ApiSurface } from '../api-surface.ts'
import type { MockContext } from '../context.ts'
import type { Operation } from '../operation.ts'
import { toResponse, withoutBody } from '../reply/reply.ts'
import { catchAllPaths, isApiRequest, isOverlong, operationRoutes } from './route-patterns.ts'
import { runOperation } from '../definitions/run-operation.ts'
import { routerKit } from './router-kit.ts'

/**
 * The MSW handlers of the routes (route-patterns.ts): first a guard for over-long URLs, then a handler per
 * operation, then the `/api` catch-all. The answers of the guard and the catch-all (fallback.ts, with the
 * router's matching) load on their first request: a page's bundle does not carry them eagerly.
 */
export function createHandlers(mock: MockContext, surface: ApiSurface<Operation>): HttpHandler[] {
  const { baseUrl } = mock
  const routes = operationRoutes(surface.operations, baseUrl)
  // A predicate, not a path pattern: MSW's path matcher throws on a URL this long, so none may reach the
  // patterns below. The API's get their 414; any other goes to the network untouched.
  const guard = http.all(
    ({ request }) => isOverlong(request.url),
    async ({ request }) => {
      const url = new URL(request.url)
      if (!isApiRequest(url, baseUrl)) return passthrough()
      const apiRequest = fromFetchRequest(request, url)
      const { overlongReply } = await import('./fallback.ts')
      return toResponse(await overlongReply(routerKit, mock, apiRequest))
    },
  )
  // Without baseUrl the patterns match under any path (route-patterns.ts): only a path from `/api` is the API's.
  // Anything else is not answered here (the resolver gives nothing): it goes on as an unhandled request.
  const apiUrl = (request: Request): URL | undefined => {
    const url = new URL(request.url)
    return baseUrl || isApiRequest(url, undefined) ? url : undefined
  }
  const byOperation = routes.map(({ operation, method, path }) =>
    http[method.toLowerCase() as Lowercase<typeof method>](path, async ({ request, params }) => {
      const url = apiUrl(request)
      return url && toResponse(await runOperation(operation, mock, fromFetchRequest(request, url), params))
    }),
  )
  // The profile's `head: 'get'`: HEAD on a GET route answers as the GET without its body.
  const heads = mock.profile.head !== 'get' ? [] : routes
    .filter(({ method }) => method === 'GET')
    .map(({ operation, path }) =>
      http.head(path, async ({ request, params }) => {
        const url = apiUrl(request)
        return url && toResponse(withoutBody(await runOperation(operation, mock, fromFetchRequest(request, url), params)))
      }),
    )
  const fallback = async ({ request }: { request: Request }) => {
    const url = apiUrl(request)
    if (!url) return undefined
    const apiRequest = fromFetchRequest(request, url)
    const { fallbackReply } = await import('./fallback.ts')
    return toResponse(await fallbackReply(routerKit, mock, apiRequest))
  }
  return [guard, ...byOperation, ...heads, ...catchAllPaths(baseUrl).map((path) => http.all(path, fallback))]
}
