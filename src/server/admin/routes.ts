/**
 * The routes under `/__admin/` apart from MCP and the console, as the table (src/wire/admin-routes.ts)
 * names them: the base state's and each session's (mock-routes.ts), and the server's sessions
 * (session-routes.ts). The router (src/server/http/router.ts) answers requests with them; the MCP tools
 * (mcp/tools.ts) call them too, which is why they live below both.
 */
import { Problem } from '../../handlers/reply/problem.ts'
import { MAX_BODY_BYTES } from '../../handlers/limits.ts'
import { ADMIN_ROUTE_NAMES, matchAdminRoute, type BodyKind } from '../../wire/admin-routes.ts'
import { MAX_ADMIN_BODY_BYTES } from '../limits.ts'
import { tokenProblem } from './guard.ts'
import type { AdminContext, Caller } from './context.ts'
import { mockAdmin } from './mock-routes.ts'
import { checkSessionAccess, sessionGone, sessionsAdmin } from './session-routes.ts'

/**
 * Largest body of `POST faults` and `POST scenario` (the base state's or a session's): 64 KiB, a fault with
 * its longest detail many times over. A 50 MB one is refused by its length before it is read, not parsed to
 * be refused.
 */
export const MAX_SMALL_BODY_BYTES = 64 * 1024

export interface BodyBound {
  readonly bytes: number
  /** How the 413 says what the bound is for. */
  readonly hint: string
}

/** The admin's largest body: a whole state (and the MCP tools, which may bring one). */
export const LARGE_BODY_BOUND: BodyBound = { bytes: MAX_ADMIN_BODY_BYTES, hint: 'serve a bigger state with --state' }

const BODY_BOUNDS: { readonly [Kind in BodyKind]: BodyBound } = {
  fault: { bytes: MAX_SMALL_BODY_BYTES, hint: 'the most a fault may hold' },
  scenario: { bytes: MAX_SMALL_BODY_BYTES, hint: 'the most a scenario and seed may hold' },
  // A record's fields, as the API takes them.
  record: { bytes: MAX_BODY_BYTES, hint: 'the most a record may hold, as an API body' },
  state: LARGE_BODY_BOUND,
  none: LARGE_BODY_BOUND,
}

/** The largest body a request to `route` (after `/__admin/`) may bring: what the routes of its path take, whatever its method. */
export function bodyBoundOf(method: string, route: string): BodyBound {
  return BODY_BOUNDS[matchAdminRoute(method, route).body]
}

/**
 * Answers `route` (the path after `/__admin/`, no trailing slash) or throws its `Problem`. The MCP tools
 * call it with routes of their own making, so that they get the admin routes' answers and mistakes.
 */
export async function adminRoute(request: Request, context: AdminContext, route: string, caller: Caller): Promise<Response> {
  const found = matchAdminRoute(request.method, route)
  if (found.session !== undefined) checkSessionAccess(context.sessions, found.session, caller)
  else if (!caller.admin) throw tokenProblem()
  if (!found.mock) return await sessionsAdmin(request, context, found)
  if (route === '') {
    throw new Problem(
      404,
      `no admin route ${request.method} ${new URL(request.url).pathname}: open it in a browser for the console; the routes are ` +
        `${ADMIN_ROUTE_NAMES.slice(0, -1).join(', ')} and ${ADMIN_ROUTE_NAMES.at(-1)} (see --help)`,
    )
  }
  const target = found.session === undefined ? context.base : context.sessions.target(found.session)
  if (!target) throw sessionGone(context.sessions, found.session!)
  return await mockAdmin(request, target, found, context.maxRecords)
}
