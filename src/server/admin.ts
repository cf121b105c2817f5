/**
 * The demo server's admin API under `/__admin/` (in the manner of WireMock's), so that any client, in any
 * language, can make the API slow or flaky, read the request journal, reset or replace the state, and
 * keep sessions of its own:
 *
 *   /__admin/faults, journal, reset, snapshot, state, info    the base state (mock-admin.ts)
 *   /__admin/sessions[/{id}[/...]]                            sessions and their own routes (sessions-admin.ts)
 *
 * No credentials: the demo server is a local development tool. Mistakes get the kit's problem responses.
 */
import { responseTarget } from '../handlers/envelope.ts'
import { Problem, problemReply } from '../handlers/problem.ts'
import { toResponse } from '../handlers/reply.ts'
import { mockAdmin, type AdminTarget } from './mock-admin.ts'
import { sessionsAdmin } from './sessions-admin.ts'
import type { SessionRegistry } from './sessions.ts'

export { applyFault, type FaultSpec } from './mock-admin.ts'

export const ADMIN_PREFIX = '/__admin/'

/** Largest admin request body: a state upload of a big scenario is tens of megabytes. */
export const MAX_ADMIN_BODY_BYTES = 256 * 1024 * 1024

/** What the admin routes act on: the server's base state and its sessions. */
export interface AdminContext {
  readonly base: AdminTarget
  readonly sessions: SessionRegistry
}

/** Answers an admin request, or undefined when the path is not under `/__admin/`. */
export async function handleAdmin(request: Request, context: AdminContext): Promise<Response | undefined> {
  const url = new URL(request.url)
  // Stryker disable next-line ConditionalExpression: unreachable
  if (!url.pathname.startsWith(ADMIN_PREFIX)) return undefined
  try {
    const route = url.pathname.slice(ADMIN_PREFIX.length).replace(/\/$/, '')
    if (route === 'sessions' || route.startsWith('sessions/')) {
      return await sessionsAdmin(request, context.sessions, route)
    }
    if (route === '') {
      throw new Problem(
        404,
        `no admin route ${request.method} ${url.pathname}: open it in a browser for the console; the routes are ` +
          'faults, journal, reset, snapshot, state, info and sessions (see --help)',
      )
    }
    return await mockAdmin(request, context.base, route)
  } catch (error) {
    if (error instanceof Problem) return adminProblem(error, url)
    throw error
  }
}

/** An admin mistake as the kit's problem+json. */
export function adminProblem(problem: Problem, url: URL): Response {
  return toResponse(problemReply(problem, responseTarget(url, undefined)))
}
