import { http, matchRequestUrl, type HttpHandler } from 'msw'
import type { MockContext } from './context.ts'
import { responseTarget } from './envelope.ts'
import { authenticate } from './auth.ts'
import type { Operation, OperationName } from './operation.ts'
import { Problem, problemResponse } from './problem.ts'
import { getApplication, listApplications } from './operations/applications.ts'
import { getSchema } from './operations/schemas.ts'
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
]

/** The MSW path pattern of an API path: under `baseUrl`, or on any origin. */
export function handlerPath(path: string, baseUrl: string | undefined): string {
  return baseUrl ? `${baseUrl}${path}` : `*${path}`
}

/** Runs an operation for a request: wait for the store, authenticate, run, render any problem. */
export async function runOperation(
  operation: Operation,
  mock: MockContext,
  request: Request,
  params: Record<string, string | readonly string[] | undefined>,
): Promise<Response> {
  const target = responseTarget(request, mock.baseUrl)
  try {
    await mock.store.ready
    const principal = operation.public ? undefined : authenticate(request, mock.store)
    return await operation.run({
      request,
      url: new URL(request.url),
      params,
      principal,
      mock,
      target,
      errors: [],
    })
  } catch (error) {
    return problemResponse(asProblem(error), target)
  }
}

/** Anything that is not a deliberate problem is a bug of the kit: answer 500 rather than crash the test. */
function asProblem(error: unknown): Problem {
  if (error instanceof Problem) return error
  console.error('[workspace-api-mock] unexpected error:', error)
  return new Problem(500, `the mock failed: ${error instanceof Error ? error.message : String(error)}`)
}

/** An MSW handler per operation, tagged with its operation name, then the `/api` catch-all. */
export function createHandlers(mock: MockContext): HttpHandler[] {
  const byOperation = operations.map((operation) => {
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put'
    const handler = http[method](handlerPath(operation.path, mock.baseUrl), ({ request, params }) =>
      runOperation(operation, mock, request, params),
    )
    return tagOperation(handler, operation.name)
  })
  return [...byOperation, ...createFallbackHandlers(mock)]
}

const OPERATION_TAG = Symbol.for('workspace-api-mock.operation')

function tagOperation(handler: HttpHandler, name: OperationName): HttpHandler {
  Object.defineProperty(handler, OPERATION_TAG, { value: name })
  return handler
}

/** The operation an MSW handler of this kit serves, if it is one. */
export function operationOfHandler(handler: unknown): OperationName | undefined {
  return (handler as Record<symbol, OperationName | undefined>)[OPERATION_TAG]
}

/**
 * Everything else under `/api`: 405 with `Allow` when the path is known, 404 otherwise, and an
 * answer to OPTIONS. Nothing under `/api` ever falls through to the network.
 */
function createFallbackHandlers(mock: MockContext): HttpHandler[] {
  const resolve = ({ request }: { request: Request }) => {
    const target = responseTarget(request, mock.baseUrl)
    const url = new URL(request.url)
    const allowed = operations
      .filter((op) => matchRequestUrl(url, handlerPath(op.path, mock.baseUrl)).matches)
      .map((op) => op.method)
    if (allowed.length === 0) {
      return problemResponse(new Problem(404, `no operation at ${url.pathname}`), target)
    }
    const allow = [...new Set(allowed), 'OPTIONS'].join(', ')
    if (request.method === 'OPTIONS') {
      return new Response(null, { status: 204, headers: { Allow: allow } })
    }
    return problemResponse(
      new Problem(405, `${request.method} is not allowed on ${url.pathname}`, undefined, {
        Allow: allow,
      }),
      target,
    )
  }
  return [
    http.all(handlerPath('/api', mock.baseUrl), resolve),
    http.all(handlerPath('/api/*', mock.baseUrl), resolve),
  ]
}
