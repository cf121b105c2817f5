/** Bytes of a request body read up to a limit; `size` is what was read, `truncated` that it went past. */
export interface BodyRead {
  bytes: Uint8Array<ArrayBuffer>
  size: number
  truncated: boolean
}

/**
 * Reads a body stream up to `limit` bytes. Stops as soon as it passes the limit, so a 100 MB upload never
 * becomes a 100 MB buffer; `truncated` then says so and `size` is what was read.
 */
export async function readUpTo(body: ReadableStream<Uint8Array> | null, limit: number): Promise<BodyRead> {
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,BooleanLiteral: defensive: both callers pass a stream (api-request.ts reads a clone only of a request with a body, incoming-request.ts a web stream of the message) (the `true` and `body` replacements, ignored with them, are killed by test/handlers/limits.test.ts)
  if (!body) return { bytes: new Uint8Array(), size: 0, truncated: false }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let truncated = false
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    chunks.push(value)
    if (size > limit) {
      truncated = true
      // Not awaited: cancelling one branch of a teed stream (MSW clones requests) settles only once
      // every branch is cancelled, which may be never.
      // Stryker disable next-line CallExpression: untestable here: cancelling only lets go of the rest of an over-long upload: MSW's copy is a tee whose other branch stays open, and the server answers the same 413 with `Connection: close` either way
      reader.cancel().catch(() => {})
      break
    }
  }
  const bytes = new Uint8Array(Math.min(size, limit))
  let offset = 0
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset)
    bytes.set(part, offset)
    offset += part.byteLength
    // Stryker disable next-line ConditionalExpression: `false`: once the buffer is full the remaining chunks add empty parts (`bytes.length - offset` is 0) (the `true` replacement, ignored with it, is killed by test/handlers/request-body.test.ts)
    if (offset === bytes.length) break
  }
  return { bytes, size, truncated }
}
