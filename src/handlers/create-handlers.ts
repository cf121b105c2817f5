import { http, matchRequestUrl, type HttpHandler } from 'msw'
import { fromFetchRequest, type ApiRequest } from './api-request.ts'
import type { MockContext } from './context.ts'
import type { Operation } from './operation.ts'
import { Problem } from './problem.ts'
import { emptyReply, toResponse, type Answer } from './reply.ts'
import { journaled, runOperation, type MaybePromise } from './run-operation.ts'
import { getApplication, listApplications } from './operations/applications.ts'
import { getSchema } from './operations/schemas.ts'
import { getIcon } from './operations/icons.ts'
import { getOpenApi30Json, getOpenApi30Yaml, getOpenApiJson, getOpenApiYaml } from './operations/openapi.ts'
import {
  createWorkspace,
  getWorkspace,
  listWorkspaces,
  updateWorkspace,
} from './operations/workspaces.ts'

/** Every operation the mock serves, in routing order. */
export const operations: readonly Operation[] = [
  listWorkspaces,
  createWorkspace,
  getWorkspace,
  updateWorkspace,
  listApplications,
  getApplication,
  getSchema,
  getIcon,
  getOpenApiJson,
  getOpenApiYaml,
  getOpenApi30Json,
  getOpenApi30Yaml,
]

/** The MSW path pattern of an API path: under `baseUrl`, or on any origin. */
export function handlerPath(path: string, baseUrl: string | undefined): string {
  return baseUrl ? `${baseUrl}${path}` : `*${path}`
}

/** Longest request URL the mock reads (MSW's path matcher throws on longer ones). */
export const MAX_URL_LENGTH = 8192

/** Whether a request is under the API's paths (`<baseUrl>/api`, or `/api` on any origin). */
export function isApiRequest(url: URL, baseUrl: string | undefined): boolean {
  // Stryker disable next-line Regex: same-value
  const prefix = baseUrl ? `${new URL(baseUrl).pathname.replace(/\/+$/, '')}/api` : '/api'
  const sameOrigin = !baseUrl || url.origin === new URL(baseUrl).origin
  return sameOrigin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))
}

/** 414 for an over-long URL under the API, before any path matching runs. */
export function overlongUrlReply(mock: MockContext, request: ApiRequest): MaybePromise<Answer> | undefined {
  if (request.url.href.length <= MAX_URL_LENGTH || !isApiRequest(request.url, mock.baseUrl)) return undefined
  return journaled(mock, request, undefined, {}, () => {
    throw new Problem(414, `request URL is longer than ${MAX_URL_LENGTH} characters`)
  })
}

/**
 * An MSW handler per operation, then the `/api` catch-all; first of all a
 * guard (a predicate, not a path pattern) that answers over-long URLs before MSW's matcher sees them.
 */
export function createHandlers(mock: MockContext): HttpHandler[] {
  const guard = http.all(
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: same-value
    ({ request }) => request.url.length > MAX_URL_LENGTH && isApiRequest(new URL(request.url), mock.baseUrl),
    async ({ request }) => {
      const answer = await overlongUrlReply(mock, fromFetchRequest(request))
      return answer && toResponse(answer)
    },
  )
  const byOperation = operations.map((operation) => {
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put'
    return http[method](handlerPath(operation.path, mock.baseUrl), async ({ request, params }) =>
      toResponse(await runOperation(operation, mock, fromFetchRequest(request), params)),
    )
  })
  return [guard, ...byOperation, ...createFallbackHandlers(mock)]
}

/**
 * Everything else under `/api`: 405 with `Allow` when the path is known, 404 otherwise, and an
 * answer to OPTIONS. Nothing under `/api` ever falls through to the network.
 */
export function fallbackReply(mock: MockContext, request: ApiRequest): MaybePromise<Answer> {
  return journaled(mock, request, undefined, {}, () => {
    const { url } = request
    const allowed = operations
      .filter((op) => matchRequestUrl(url, handlerPath(op.path, mock.baseUrl)).matches)
      .map((op) => op.method)
    if (allowed.length === 0) throw new Problem(404, `no operation at ${url.pathname}`)
    const allow = [...new Set(allowed), 'OPTIONS'].join(', ')
    if (request.method === 'OPTIONS') {
      return emptyReply(204, { Allow: allow })
    }
    throw new Problem(405, `${request.method} is not allowed on ${url.pathname}`, undefined, {
      Allow: allow,
    })
  })
}

function createFallbackHandlers(mock: MockContext): HttpHandler[] {
  const resolve = async ({ request }: { request: Request }) =>
    toResponse(await fallbackReply(mock, fromFetchRequest(request)))
  return [
    http.all(handlerPath('/api', mock.baseUrl), resolve),
    http.all(handlerPath('/api/*', mock.baseUrl), resolve),
  ]
}
