/**
 * A response the kit built: status, headers and the body as chunks. The pipeline produces these; each way
 * out turns them into what it needs (a Fetch `Response` for MSW, corked writes in the demo server), so a
 * server never pays for Fetch objects it would only take apart again.
 */
export interface Reply {
  readonly status: number
  /** Every header of the reply, `Content-Length` included when there is a body. */
  readonly headers: Readonly<Record<string, string>>
  /**
   * The body, in order. Chunks may be shared with other replies (a record's cached JSON, an image), so
   * nobody keeps or changes them: `toResponse` copies them into a body of its own.
   */
  readonly chunks: readonly Uint8Array[]
}

/**
 * What the pipeline answers with: a kit-built `Reply`, or a Fetch `Response` that came from outside the
 * kit (an override's own `Response`, `HttpResponse.error()` for a dropped connection).
 */
export type Answer = Reply | Response

const encoder = new TextEncoder()

/** A reply with a body; `Content-Length` is the chunks' total. */
export function reply(status: number, headers: Record<string, string>, body: string | readonly Uint8Array[]): Reply {
  const chunks = typeof body === 'string' ? [encoder.encode(body)] : body
  return { status, headers: { ...headers, 'Content-Length': String(bodyLength(chunks)) }, chunks }
}

/** A reply without a body (204). */
export function emptyReply(status: number, headers: Record<string, string>): Reply {
  return { status, headers, chunks: [] }
}

/** The total length of a body's chunks. */
export function bodyLength(chunks: readonly Uint8Array[]): number {
  let length = 0
  for (const chunk of chunks) length += chunk.byteLength
  return length
}

/** Copies the chunks one after another into `target` (at least `bodyLength(chunks)` long) and returns it. */
export function copyChunks<T extends Uint8Array>(chunks: readonly Uint8Array[], target: T): T {
  let offset = 0
  for (const chunk of chunks) {
    target.set(chunk, offset)
    offset += chunk.byteLength
  }
  return target
}

/**
 * A body stream over bytes the kit just built: unlike a `Uint8Array` body, which the Fetch `Response`
 * copies on construction, it hands them over only when (and if) the body is read.
 */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}

/**
 * The Fetch `Response` of an answer (MSW handlers and `api.handle` need one). Its body is a fresh copy: a
 * reader may keep, change or transfer it (MSW's worker transfers buffers) without touching the caches.
 */
export function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer
  const body = answer.chunks.length === 0 ? null : streamOf(copyChunks(answer.chunks, new Uint8Array(bodyLength(answer.chunks))))
  return new Response(body, { status: answer.status, headers: answer.headers })
}

/** The answer to a HEAD that is answered like its GET: the same status and headers, no body. */
export function withoutBody(answer: Answer): Answer {
  if (answer instanceof Response) return new Response(null, { status: answer.status, statusText: answer.statusText, headers: answer.headers })
  return { status: answer.status, headers: answer.headers, chunks: [] }
}
