import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ApiRequest } from '../../handlers/api-request.ts'
import { responseTarget } from '../../handlers/envelope.ts'
import { Problem, problemReply } from '../../handlers/problem.ts'
import type { Answer } from '../../handlers/reply.ts'
import { fromIncomingMessage } from './incoming-request.ts'
import { bodyLeftUnread, writeReply } from './write-reply.ts'

/** One object for every exchange without extra headers (write-reply.ts keeps header objects per pair). */
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({})

/**
 * One request and its response, as the router's handlers see them: the parsed request, the headers every
 * answer carries (CORS, for API routes), and the ways to answer (a kit reply, a Fetch `Response`, a problem).
 */
export class Exchange {
  readonly incoming: IncomingMessage
  readonly outgoing: ServerResponse
  readonly request: ApiRequest
  /** Headers added to every answer: CORS on the API routes, none on the control plane. */
  extra: Readonly<Record<string, string>> = NO_HEADERS

  constructor(incoming: IncomingMessage, outgoing: ServerResponse, serverUrl: string) {
    this.incoming = incoming
    this.outgoing = outgoing
    this.request = fromIncomingMessage(incoming, serverUrl)
  }

  /** Writes an answer; a missing one is the server's plain 404. */
  deliver(answer: Answer | undefined): Promise<void> | undefined {
    if (!answer) return this.#writeResponse(notFound(this.request))
    if (answer instanceof Response) return this.#writeResponse(answer)
    writeReply(this.incoming, this.request, this.outgoing, answer, this.extra)
    return undefined
  }

  /** Answers a promised answer, or a failure as a 500. */
  settle(answer: Promise<Answer | undefined>): void {
    answer.then((settled) => this.deliver(settled)).catch((error: unknown) => this.fail(error))
  }

  /** The kit's problem+json, at once. */
  problem(problem: Problem): void {
    this.deliver(problemReply(problem, responseTarget(this.request.url, undefined)))
  }

  /** A failure of the server itself (see `failRequest`). */
  fail(error: unknown): void {
    failRequest(this.incoming, this.outgoing, error, this.extra)
  }

  /** A Fetch `Response` from outside the kit (an override, an admin route, a dropped connection). */
  async #writeResponse(response: Response): Promise<void> {
    const { incoming, outgoing } = this
    // `HttpResponse.error()` (a network error): drop the connection, as a real network failure would.
    if (response.type === 'error') {
      incoming.socket.destroy()
      return
    }
    for (const [name, value] of Object.entries(this.extra)) outgoing.setHeader(name, value)
    for (const [name, value] of response.headers) {
      // Stryker disable next-line ConditionalExpression,StringLiteral: same-value
      if (name === 'set-cookie') continue
      outgoing.setHeader(name, value)
    }
    const cookies = response.headers.getSetCookie()
    // Stryker disable next-line ConditionalExpression,EqualityOperator: same-value
    if (cookies.length > 0) outgoing.setHeader('Set-Cookie', cookies)
    if (bodyLeftUnread(incoming, this.request)) outgoing.setHeader('Connection', 'close')
    const body = response.body && incoming.method !== 'HEAD' ? Buffer.from(await response.arrayBuffer()) : undefined
    if (body) outgoing.setHeader('Content-Length', body.length)
    outgoing.writeHead(response.status, response.statusText || undefined)
    outgoing.end(body)
  }
}

/** Outside `/api` the kit has no handler: a short hint at `/`, a plain 404 elsewhere. */
function notFound(request: ApiRequest): Response {
  const { pathname, origin } = request.url
  const headers = { 'Content-Type': 'text/plain; charset=utf-8' }
  if (pathname === '/' && request.method === 'GET') {
    return new Response(
      `workspace-api-mock: the Workspace and Application Management API is served under ${origin}/api/\n` +
        `Try ${origin}/api/workspaces with the X-API-Key and X-API-Secret headers printed at start.\n` +
        `Open ${origin}/ in a browser for the console (requests, faults, state, sessions).\n`,
      { status: 200, headers },
    )
  }
  return new Response(`not found: ${pathname} (the mock serves /api/...)\n`, { status: 404, headers })
}

/**
 * A failure of the server itself: a 500 in plain text that says why (the request may not even have a URL
 * to write a problem's `$schema` with), or a dropped connection once the answer has begun. A client that
 * went away mid-request gets nothing and costs no log line: a request that is gone is not a failure.
 */
export function failRequest(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  error: unknown,
  extra: Readonly<Record<string, string>> = {},
): void {
  if (outgoing.destroyed || incoming.socket?.destroyed !== false) return
  // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable
  if (outgoing.headersSent) {
    outgoing.destroy(error as Error)
    return
  }
  console.error('[workspace-api-mock] request failed:', error)
  outgoing.writeHead(500, { ...extra, 'Content-Type': 'text/plain; charset=utf-8' })
  outgoing.end(`the mock server failed: ${error instanceof Error ? error.message : String(error)}\n`)
}
