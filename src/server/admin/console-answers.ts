/**
 * The console's answers (the page at `/` and `/__admin/` for browsers, its files, the live log streams):
 * the page and the base state's log are the admin's; a session's log also its own credentials'; the
 * files hold no data. The router guards them like every control-plane route (Host, Origin) first.
 */
import type { ApiRequest } from '../../handlers/api-request.ts'
import type { Answer } from '../../handlers/reply/reply.ts'
import type { EventStream } from '../console/events.ts'
import { CONSOLE_PAGE, PAGE_HEADERS } from '../console/page.ts'
import type { Caller } from './context.ts'
import type { Control } from './control.ts'
import { tokenProblem } from './guard.ts'
import { checkSessionAccess, sessionGone } from './session-routes.ts'

export const CONSOLE_ASSETS = '/__admin/console/'

/** The console's page; the address may carry the admin token: no other page gets to see it (no referrer). */
export function consolePage(request: ApiRequest, caller: Caller): Answer {
  if (!caller.admin) throw tokenProblem()
  const headers = { 'Content-Type': 'text/html; charset=utf-8', ...PAGE_HEADERS }
  // Stryker disable next-line ConditionalExpression,StringLiteral: unseen
  const body = request.method === 'HEAD' ? null : CONSOLE_PAGE
  return new Response(body, { headers: { ...headers, 'Content-Length': String(Buffer.byteLength(CONSOLE_PAGE)) } })
}

/** A file of the console (its script and style sheet), loaded on first use. */
export async function consoleFile(request: ApiRequest): Promise<Answer> {
  const { pathname } = request.url
  const name = pathname.slice(CONSOLE_ASSETS.length)
  const { consoleAsset } = await import('../console/assets.ts')
  const asset = consoleAsset(name)
  if (!asset) return new Response(`not found: ${pathname}\n`, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  let loaded: Awaited<typeof asset>
  try {
    loaded = await asset
  } catch (error) {
    throw new ConsoleFileError(name, error)
  }
  const headers = { 'Content-Type': loaded.type, 'Content-Length': String(loaded.body.length), 'Cache-Control': 'no-cache' }
  // Stryker disable next-line ConditionalExpression,StringLiteral: unseen
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(loaded.body), { headers })
}

/** A console file that could not be loaded (a broken install): the server's failure, said plainly. */
class ConsoleFileError extends Error {
  constructor(name: string, cause: unknown) {
    super(`the console's ${name} could not be loaded: ${(cause as Error).message}`, { cause })
    this.name = 'ConsoleFileError'
  }
}

/** The base state's live request log. */
export function baseEvents(control: Control, caller: Caller): EventStream {
  if (!caller.admin) throw tokenProblem()
  return control.events.journal(control.base.api)
}

/** A session's live request log, for the admin and for the session's own credentials. */
export function sessionEvents(control: Control, id: string, caller: Caller): EventStream {
  checkSessionAccess(control.sessions, id, caller)
  const session = control.sessions.get(id)
  if (!session) throw sessionGone(control.sessions, id)
  return control.events.journal(session.api)
}
