import { http, passthrough, type HttpHandler } from 'msw'
import { fromFetchRequest } from './api-request.ts'
import type { MockContext } from './context.ts'
import { fallbackReply, overlongReply } from './fallback.ts'
import { toResponse, withoutBody } from './reply.ts'
import { catchAllPaths, isApiRequest, isOverlong, operationRoutes } from './routes.ts'
import { runOperation } from './run-operation.ts'

/**
 * The MSW handlers of the routes (routes.ts): first a guard for over-long URLs, then a handler per
 * operation, then the `/api` catch-all.
 */
export function createHandlers(mock: MockContext): HttpHandler[] {
  const { baseUrl } = mock
  // A predicate, not a path pattern: MSW's path matcher throws on a URL this long, so none may reach the
  // patterns below. The API's get their 414; any other goes to the network untouched.
  const guard = http.all(
    ({ request }) => isOverlong(request.url),
    async ({ request }) => {
      const url = new URL(request.url)
      if (!isApiRequest(url, baseUrl)) return passthrough()
      return toResponse(await overlongReply(mock, fromFetchRequest(request, url)))
    },
  )
  const byOperation = operationRoutes(baseUrl).map(({ operation, method, path }) =>
    http[method.toLowerCase() as 'get' | 'post' | 'put'](path, async ({ request, params }) =>
      toResponse(await runOperation(operation, mock, fromFetchRequest(request), params)),
    ),
  )
  // The profile's `head: 'get'`: HEAD on a GET route answers as the GET without its body.
  const heads = mock.profile.head !== 'get' ? [] : operationRoutes(baseUrl)
    .filter(({ method }) => method === 'GET')
    .map(({ operation, path }) =>
      http.head(path, async ({ request, params }) =>
        toResponse(withoutBody(await runOperation(operation, mock, fromFetchRequest(request), params))),
      ),
    )
  const fallback = async ({ request }: { request: Request }) =>
    toResponse(await fallbackReply(mock, fromFetchRequest(request)))
  return [guard, ...byOperation, ...heads, ...catchAllPaths(baseUrl).map((path) => http.all(path, fallback))]
}
