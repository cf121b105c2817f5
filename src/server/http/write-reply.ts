import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ApiRequest } from '../../handlers/api-request.ts'
import { bodyLength, copyChunks, type Reply } from '../../handlers/reply.ts'
import { MAX_POOLED_SLAB, SlabPool } from './slab-pool.ts'

const slabs = new SlabPool()

/** Bodies up to this size are joined in node's own buffer pool (it serves allocations under half its size). */
const SMALL_BODY = Buffer.poolSize >>> 1

/**
 * Writes a kit-built reply with the length the kit computed, and `extra` headers (CORS) in the same
 * `writeHead`. A one-chunk body is one write; several chunks (a page's cached record rows) are joined,
 * small bodies in node's buffer pool, bigger ones in a pooled slab given back once the write has
 * finished; a body over 1 MiB goes out chunk by chunk.
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
  if (size <= SMALL_BODY) {
    // Small bodies (an item, a problem) come from node's shared allocation pool: no slab, no callback.
    outgoing.end(Buffer.concat(chunks as Uint8Array[], size))
    return
  }
  // Stryker disable next-line all: same-value
  if (size > MAX_POOLED_SLAB) {
    // Rare and big: the chunks go out as they are, corked into one writev, rather than pinning a huge slab.
    outgoing.cork()
    for (const chunk of chunks) outgoing.write(chunk)
    outgoing.end()
    return
  }
  const slab = copyChunks(chunks, slabs.take(size))
  outgoing.end(slab.subarray(0, size), (error?: Error | null) => {
    // Stryker disable next-line ConditionalExpression: untestable
    if (!error) slabs.give(slab)
  })
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
