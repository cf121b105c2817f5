/**
 * The demo server's admin API under `/__admin/` (in the manner of WireMock's), so that any client, in any
 * language, can make the API slow or flaky, read the request journal, reset or replace the state, and
 * keep sessions of its own:
 *
 *   /__admin/faults, journal, reset, snapshot, state, info    the base state (mock-admin.ts)
 *   /__admin/sessions[/{id}[/...]]                            sessions and their own routes (sessions-admin.ts)
 *   /__admin/mcp                                              the same, as MCP tools (mcp/)
 *
 * Who may call them (admin-guard.ts): on loopback without an admin token, anyone who reaches the port, as
 * a local development tool; with a token, its holder, and for a session's own routes also the session's own
 * credentials. Mistakes get the kit's problem responses.
 */
import type { ApiRequest } from '../handlers/api-request.ts'
import { responseTarget } from '../handlers/envelope.ts'
import { Problem, problemReply } from '../handlers/problem.ts'
import { toResponse } from '../handlers/reply.ts'
import { isAdmin, tokenProblem, type AdminAccess } from './admin-guard.ts'
import type { AdminContext, Caller } from './admin-context.ts'
import { mockAdmin } from './mock-admin.ts'
import { sessionsAdmin } from './sessions-admin.ts'

export type { AdminContext, Caller }

export { applyFault, type FaultSpec } from './mock-admin.ts'

export const ADMIN_PREFIX = '/__admin/'

export function callerOf(request: ApiRequest, access: AdminAccess): Caller {
  const admin = isAdmin(request, access)
  return {
    admin,
    tokenHeld: admin && access.token !== undefined,
    apiKey: request.header('X-API-Key'),
    apiSecret: request.header('X-API-Secret'),
  }
}

/** Answers an admin request, or undefined when the path is not under `/__admin/`. */
export async function handleAdmin(request: Request, context: AdminContext, caller: Caller): Promise<Response | undefined> {
  const url = new URL(request.url)
  // Stryker disable next-line ConditionalExpression: unreachable
  if (!url.pathname.startsWith(ADMIN_PREFIX)) return undefined
  try {
    const route = url.pathname.slice(ADMIN_PREFIX.length).replace(/\/$/, '')
    if (route === 'mcp') {
      if (!caller.admin) throw tokenProblem()
      // Loaded on first use: the MCP SDK is a chunk of its own, which the API and the admin routes never load.
      const { answerMcp } = await import('./mcp/mcp-http.ts')
      return await answerMcp(request, context, caller)
    }
    return await adminRoute(request, context, route, caller)
  } catch (error) {
    if (error instanceof Problem) return adminProblem(error, url)
    throw error
  }
}

/**
 * Answers `route` (the path after `/__admin/`, no trailing slash) or throws its `Problem`. The MCP tools
 * call it with routes of their own making, so that they get the admin routes' answers and mistakes.
 */
export async function adminRoute(request: Request, context: AdminContext, route: string, caller: Caller): Promise<Response> {
  if (route === 'sessions' || route.startsWith('sessions/')) {
    return await sessionsAdmin(request, context, route, caller)
  }
  if (!caller.admin) throw tokenProblem()
  if (route === '') {
    throw new Problem(
      404,
      `no admin route ${request.method} ${new URL(request.url).pathname}: open it in a browser for the console; the routes are ` +
        'faults, journal, reset, snapshot, state, info and sessions (see --help)',
    )
  }
  return await mockAdmin(request, context.base, route, context.maxRecords)
}

/** An admin mistake as the kit's problem+json. */
export function adminProblem(problem: Problem, url: URL): Response {
  return toResponse(problemReply(problem, responseTarget(url, undefined)))
}
