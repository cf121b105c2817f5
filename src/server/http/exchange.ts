import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ApiRequest } from '../../handlers/api-request.ts'
import { responseTarget } from '../../handlers/reply/envelope.ts'
import { Problem, problemReply } from '../../handlers/reply/problem.ts'
import type { Answer } from '../../handlers/reply/reply.ts'
import type { EventStream } from '../console/events.ts'
import { fromIncomingMessage } from './incoming-request.ts'
import { bodyLeftUnread, writeReply } from './write-reply.ts'

/**
 * What a route answers, for the router to deliver once: a kit reply, a Fetch `Response` (an override, an
 * admin route, a file), a `Problem` (the kit's problem+json), or the one answer that keeps its socket, a
 * server-sent event stream.
 */
export type RouteAnswer = Answer | Problem | EventStream

/** One object for every exchange without extra headers (write-reply.ts keeps header objects per pair). */
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({})

/**
 * One request and its response, as the router's handlers see them: the parsed request, the headers every
 * answer carries (CORS, on the routes that take it), and the one way out, `deliver`.
 */
export class Exchange {
  readonly incoming: IncomingMessage
  readonly outgoing: ServerResponse
  readonly request: ApiRequest
  /** Headers added to every answer: CORS on the routes that answer other origins. */
  extra: Readonly<Record<string, string>> = NO_HEADERS

  constructor(incoming: IncomingMessage, outgoing: ServerResponse, serverUrl: string) {
    this.incoming = incoming
    this.outgoing = outgoing
    this.request = fromIncomingMessage(incoming, serverUrl)
  }

  /** Writes an answer, or its promise once it settles (a failure: a 500, `fail`). */
  deliver(answer: RouteAnswer | Promise<RouteAnswer>): void {
    if (answer instanceof Promise) {
      answer.then((settled) => this.deliver(settled), (error: unknown) => this.#settleFailure(error))
      return
    }
    if (answer instanceof Problem) {
      writeReply(this.incoming, this.request, this.outgoing, problemReply(answer, responseTarget(this.request.url, undefined)), this.extra)
    } else if (answer instanceof Response) {
      this.#writeResponse(answer).catch((error: unknown) => this.fail(error))
    } else if ('open' in answer) {
      answer.open(this.incoming, this.outgoing, this.extra)
    } else {
      writeReply(this.incoming, this.request, this.outgoing, answer, this.extra)
    }
  }

  /** A failure of the server itself (see `failRequest`). */
  fail(error: unknown): void {
    failRequest(this.incoming, this.outgoing, error, this.extra)
  }

  /** A thrown `Problem` is an answer like any other; anything else is the server's failure. */
  #settleFailure(error: unknown): void {
    if (error instanceof Problem) this.deliver(error)
    else this.fail(error)
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
