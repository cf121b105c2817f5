import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ApiRequest } from '../../handlers/api-request.ts'
import { bodyLength, type Reply } from '../../handlers/reply/reply.ts'

/** Largest body joined into one buffer (1 MiB); bigger ones are written chunk by chunk. */
export const MAX_JOINED_BODY = 1024 * 1024

/**
 * Writes a kit-built reply with the length the kit computed, and `extra` headers (CORS) in the same
 * `writeHead`. A one-chunk body (a cached reply's) is one write; several chunks (a reply the cache has not
 * joined yet) are joined into one buffer; a body over 1 MiB goes out chunk by chunk, corked.
 */
export function writeReply(
  incoming: IncomingMessage,
  request: ApiRequest,
  outgoing: ServerResponse,
  reply: Reply,
  extra: Readonly<Record<string, string>>,
): void {
  if (bodyLeftUnread(incoming, request)) outgoing.setHeader('Connection', 'close')
  outgoing.writeHead(reply.status, headersOf(reply, extra))
  if (incoming.method === 'HEAD') {
    outgoing.end()
    return
  }
  const { chunks } = reply
  // Stryker disable next-line BlockStatement,ConditionalExpression: same-value
  if (chunks.length === 1) {
    outgoing.end(chunks[0])
    return
  }
  const size = bodyLength(chunks)
  // Stryker disable next-line all: same-value
  if (size > MAX_JOINED_BODY) {
    // Rare and big: the chunks go out as they are, corked into one writev, rather than copied.
    outgoing.cork()
    for (const chunk of chunks) outgoing.write(chunk)
    outgoing.end()
    return
  }
  outgoing.end(Buffer.concat(chunks as Uint8Array[], size))
}

/**
 * One header object for writeHead (node:http serializes it directly, without its per-header map): the
 * extra headers, then the reply's.
 */
function headersOf(reply: Reply, extra: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return { ...extra, ...reply.headers }
}

/**
 * Whether the request announced a body that has not all arrived (a 413 answered early, say): then the
 * connection cannot be reused. A request without a body is not `complete` yet while its 'request' event
 * runs, which is when a synchronous reply is written, so `complete` alone would close every connection.
 */
export function bodyLeftUnread(incoming: IncomingMessage, request: ApiRequest): boolean {
  if (incoming.complete) return false
  const length = request.header('Content-Length')
  return (length !== null && length !== '0') || request.header('Transfer-Encoding') !== null
}
