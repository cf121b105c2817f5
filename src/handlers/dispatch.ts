import { matchRequestUrl } from 'msw'
import type { MockContext } from './context.ts'
import {
  fallbackResponse,
  handlerPath,
  MAX_URL_LENGTH,
  operations,
  overlongUrlResponse,
} from './create-handlers.ts'
import { runOperation } from './run-operation.ts'

/**
 * Answers a Fetch `Request` with the same operations, in the same order and with the same path patterns as
 * `api.handlers`, without MSW's per-handler machinery (request cloning, cookie parsing, lifecycle events).
 * It lets a server (the demo CLI, a worker runtime's `fetch` export) serve the mock at HTTP speed; a test
 * in test/handlers/dispatch.test.ts holds it to the handlers' answers. Undefined: not an `/api` request.
 */
export function createDispatcher(mock: MockContext): (request: Request) => Promise<Response | undefined> {
  const routes = operations.map((operation) => ({
    operation,
    method: operation.method,
    path: handlerPath(operation.path, mock.baseUrl),
  }))
  const api = [handlerPath('/api', mock.baseUrl), handlerPath('/api/*', mock.baseUrl)]
  return async (request) => {
    const overlong = overlongUrlResponse(mock, request)
    if (overlong) return overlong
    // Not the API's, and too long for MSW's matcher to look at.
    if (request.url.length > MAX_URL_LENGTH) return undefined
    const url = new URL(request.url)
    for (const route of routes) {
      if (route.method !== request.method) continue
      const match = matchRequestUrl(url, route.path)
      if (match.matches) return runOperation(route.operation, mock, request, match.params ?? {})
    }
    if (!api.some((path) => matchRequestUrl(url, path).matches)) return undefined
    return fallbackResponse(mock, request)
  }
}
