/**
 * The routes under `/__admin/` apart from MCP and the console: the base state's (mock-routes.ts) and the
 * sessions' (session-routes.ts). The router (src/server/http/router.ts) answers requests with them; the MCP
 * tools (mcp/tools.ts) call them too, which is why they live below both.
 */
import { Problem } from '../../handlers/problem.ts'
import { tokenProblem } from './guard.ts'
import type { AdminContext, Caller } from './context.ts'
import { mockAdmin } from './mock-routes.ts'
import { sessionsAdmin } from './session-routes.ts'

export const ADMIN_PREFIX = '/__admin/'

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
