/**
 * The matching that the MSW handlers (create-handlers.ts) and the direct dispatcher (dispatch.ts) share over
 * a mock's routing table (operation-table.ts): the same operations, in the same order, with the same MSW
 * path patterns. The matching outside MSW's handlers (the dispatcher's router, a 405's `Allow`) is in
 * matcher.ts, which only lazily loaded code imports: a browser bundle's eager code carries the table, not the
 * router.
 */
import { MAX_URL_LENGTH } from '../limits.ts'
import type { HttpMethod, OperationSpec } from '../operation-spec.ts'
import type { Operation } from '../operation.ts'
import { getOpenApi30Json, getOpenApi30Yaml, getOpenApiJson, getOpenApiYaml } from '../kit-routes/openapi/document-routes.ts'
import { getIcon, getSchema } from '../kit-routes/file-routes.ts'

/** The kit's own routes, after the API's operations in every table: schema documents, icons, OpenAPI documents. */
export const kitRoutes: readonly Operation[] = [getSchema, getIcon, getOpenApiJson, getOpenApiYaml, getOpenApi30Json, getOpenApi30Yaml]

/** Path parameters as MSW's matcher gives them. */
export type PathParams = Readonly<Record<string, string | readonly string[] | undefined>>

/** An operation under a base URL: its method and the MSW path pattern it answers. */
export interface OperationRoute<Op extends OperationSpec = Operation> {
  operation: Op
  method: HttpMethod
  path: string
}

/**
 * Where a request goes: an operation with its path parameters, the `/api` catch-all, the 414 of an
 * over-long API URL, or nowhere (not the API's).
 */
export type Route = { operation: Operation; params: PathParams } | 'fallback' | 'overlong' | undefined

/**
 * The MSW path pattern of an API path: under `baseUrl`, or on any origin. Without `baseUrl` the pattern
 * also matches `/foo/api/...` (and an opaque origin's `null/api/...`): the handlers and the router check
 * that the path starts at `/api` (`isApiRequest`), so that a client with a wrong base path is not answered.
 */
export function handlerPath(path: string, baseUrl: string | undefined): string {
  return baseUrl ? `${baseUrl}${path}` : `*${path}`
}

/** Every operation's route under `baseUrl`, in routing order. */
export function operationRoutes<Op extends OperationSpec>(operations: readonly Op[], baseUrl: string | undefined): OperationRoute<Op>[] {
  return operations.map((operation) => ({
    operation,
    method: operation.method,
    path: handlerPath(operation.path, baseUrl),
  }))
}

/**
 * Where the API starts: `/api`, under `baseUrl` when a mock has one. Every way in (the MSW handlers, the
 * dispatcher, the demo server's router) asks `isApiRequest` rather than spelling it.
 */
export const API_ROOT = '/api'

/** The patterns of the `/api` catch-all: the path itself and everything below it. */
export function catchAllPaths(baseUrl: string | undefined): string[] {
  return [handlerPath(API_ROOT, baseUrl), handlerPath(`${API_ROOT}/*`, baseUrl)]
}

/** Whether a URL is longer than the mock (and MSW's path matcher) reads. */
export function isOverlong(href: string): boolean {
  return href.length > MAX_URL_LENGTH
}

/** Whether a request is under the API's paths (`<baseUrl>/api`, or `/api` on any origin). */
export function isApiRequest(url: URL, baseUrl: string | undefined): boolean {
  // Stryker disable next-line Regex: same-value
  const prefix = baseUrl ? `${new URL(baseUrl).pathname.replace(/\/+$/, '')}${API_ROOT}` : API_ROOT
  const sameOrigin = !baseUrl || url.origin === new URL(baseUrl).origin
  return sameOrigin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))
}
