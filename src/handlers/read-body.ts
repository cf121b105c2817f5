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
  const { chunks, size, truncated } = await readChunksUpTo(body, limit)
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

/**
 * The chunks of a body stream as they came, up to `limit` bytes (the last one may pass it), never joined:
 * a state upload of tens of megabytes stays in the socket's small chunks instead of one buffer that big,
 * which the allocator would keep after it is freed.
 */
export async function readChunksUpTo(body: ReadableStream<Uint8Array> | null, limit: number): Promise<{ chunks: Uint8Array[]; size: number; truncated: boolean }> {
  // Stryker disable next-line all: unreachable
  if (!body) return { chunks: [], size: 0, truncated: false }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return { chunks, size, truncated: false }
    size += value.byteLength
    chunks.push(value)
    if (size > limit) {
      // Not awaited: cancelling one branch of a teed stream (MSW clones requests) settles only once
      // every branch is cancelled, which may be never.
      reader.cancel().catch(() => {})
      return { chunks, size, truncated: true }
    }
  }
}
