/**
 * A response the kit built: status, headers and body bytes. The pipeline produces these; each way out
 * turns them into what it needs (a Fetch `Response` for MSW, a `writeHead` + `end` in the demo server),
 * so a server never pays for Fetch objects it would only take apart again.
 */
export interface Reply {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array<ArrayBuffer> | null
  /** The bytes are shared between replies (a cached document or image): never hand them out to be kept. */
  readonly shared?: boolean
}

/**
 * What the pipeline answers with: a kit-built `Reply`, or a Fetch `Response` that came from outside the
 * kit (an override's own `Response`, `HttpResponse.error()` for a dropped connection).
 */
export type Answer = Reply | Response

const encoder = new TextEncoder()

/** A reply with a body; `Content-Length` is set from the bytes. */
export function reply(status: number, headers: Record<string, string>, body: string | Uint8Array<ArrayBuffer>): Reply {
  const bytes = typeof body === 'string' ? encoder.encode(body) : body
  return { status, headers: { ...headers, 'Content-Length': String(bytes.byteLength) }, body: bytes }
}

/**
 * A body stream over bytes the kit owns: unlike a `Uint8Array` body, which the Fetch `Response` copies on
 * construction, it hands the bytes over only when (and if) the body is read.
 */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}

/** The Fetch `Response` of an answer (MSW handlers and `api.handle` need one). */
export function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer
  const { status, headers, body, shared } = answer
  // Shared bytes go through the constructor, which copies them: a reader that transfers its buffer
  // (MSW's worker does) must not detach the cache.
  const content = body === null ? null : shared ? body : streamOf(body)
  return new Response(content, { status, headers })
}
