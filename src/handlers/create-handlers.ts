import { http, type HttpHandler } from 'msw'
import { fromFetchRequest } from './api-request.ts'
import type { MockContext } from './context.ts'
import { fallbackReply, overlongReply } from './fallback.ts'
import { toResponse } from './reply.ts'
import { MAX_URL_LENGTH } from './limits.ts'
import { catchAllPaths, isApiRequest, operationRoutes } from './routes.ts'
import { runOperation } from './run-operation.ts'

/**
 * The MSW handlers of the routes (routes.ts): first a guard (a predicate, not a path pattern) that answers
 * over-long API URLs before MSW's matcher sees them, then a handler per operation, then the `/api` catch-all.
 */
export function createHandlers(mock: MockContext): HttpHandler[] {
  const { baseUrl } = mock
  const guard = http.all(
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: picking more API requests changes nothing: the guard answers only what overlongUrlReply finds over the limit, and MSW hands the rest to the next handler, which answers every API request (the replacements of the whole condition and `<=`, ignored with them, are killed by test/handlers/overlong-urls.test.ts and test/api/routing.test.ts)
    ({ request }) => request.url.length > MAX_URL_LENGTH && isApiRequest(new URL(request.url), baseUrl),
    async ({ request }) => toResponse(await overlongReply(mock, fromFetchRequest(request))),
  )
  const byOperation = operationRoutes(baseUrl).map(({ operation, method, path }) =>
    http[method.toLowerCase() as 'get' | 'post' | 'put'](path, async ({ request, params }) =>
      toResponse(await runOperation(operation, mock, fromFetchRequest(request), params)),
    ),
  )
  const fallback = async ({ request }: { request: Request }) =>
    toResponse(await fallbackReply(mock, fromFetchRequest(request)))
  return [guard, ...byOperation, ...catchAllPaths(baseUrl).map((path) => http.all(path, fallback))]
}
