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
import type { ApiRequest } from '../../handlers/api-request.ts'
import { responseTarget } from '../../handlers/envelope.ts'
import { Problem, problemReply } from '../../handlers/problem.ts'
import { toResponse } from '../../handlers/reply.ts'
import { isAdmin, tokenProblem, type AdminAccess } from './guard.ts'
import type { AdminContext, Caller } from './context.ts'
import { ADMIN_PREFIX, adminRoute } from './routes.ts'

export type { AdminContext, Caller }
export { ADMIN_PREFIX, adminRoute }

export { applyFault, type FaultSpec } from './mock-routes.ts'


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
      const { answerMcp } = await import('../mcp/mcp-http.ts')
      return await answerMcp(request, context, caller)
    }
    return await adminRoute(request, context, route, caller)
  } catch (error) {
    if (error instanceof Problem) return adminProblem(error, url)
    throw error
  }
}

/** An admin mistake as the kit's problem+json. */
export function adminProblem(problem: Problem, url: URL): Response {
  return toResponse(problemReply(problem, responseTarget(url, undefined)))
}
