/**
 * The routes under `/__admin/` apart from MCP and the console: the base state's (mock-routes.ts) and the
 * sessions' (session-routes.ts). The router (src/server/http/router.ts) answers requests with them; the MCP
 * tools (mcp/tools.ts) call them too, which is why they live below both.
 */
import { Problem } from '../../handlers/reply/problem.ts'
import { MAX_BODY_BYTES } from '../../handlers/limits.ts'
import { MAX_ADMIN_BODY_BYTES } from '../limits.ts'
import { tokenProblem } from './guard.ts'
import type { AdminContext, Caller } from './context.ts'
import { mockAdmin } from './mock-routes.ts'
import { sessionsAdmin } from './session-routes.ts'

export const ADMIN_PREFIX = '/__admin/'

/**
 * Largest body of `POST faults` and `POST scenario` (the base state's or a session's): 64 KiB, a fault with
 * its longest detail many times over. A 50 MB one is refused by its length before it is read, not parsed to
 * be refused.
 */
export const MAX_SMALL_BODY_BYTES = 64 * 1024

/** The largest body a request to `route` (after `/__admin/`) may bring, and how the 413 says what it is for. */
export function bodyBoundOf(route: string): { bytes: number; hint: string } {
  if (/(^|\/)faults$/.test(route)) return { bytes: MAX_SMALL_BODY_BYTES, hint: 'the most a fault may hold' }
  if (/(^|\/)scenario$/.test(route)) return { bytes: MAX_SMALL_BODY_BYTES, hint: 'the most a scenario and seed may hold' }
  // A record's fields, as the API takes them.
  if (/(^|\/)records\//.test(route)) return { bytes: MAX_BODY_BYTES, hint: 'the most a record may hold, as an API body' }
  return { bytes: MAX_ADMIN_BODY_BYTES, hint: 'serve a bigger state with --state' }
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
        'faults, journal, drift, coverage, reset, snapshot, state, info and sessions (see --help)',
    )
  }
  return await mockAdmin(request, context.base, route, context.maxRecords)
}
