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
  // Stryker disable next-line all: unreachable
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
    // Stryker disable next-line ConditionalExpression: same-value
    if (offset === bytes.length) break
  }
  return { bytes, size, truncated }
}
