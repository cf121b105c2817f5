import type { z } from 'zod'
import type { ErrorDetail } from '../model/schemas.ts'
import { Problem } from './problem.ts'
import { validate } from './validation.ts'

/** Largest request body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i

/**
 * Reads a JSON request body: 415 for another content type, 413 above 1 MiB, 400 for bytes that are not
 * UTF-8 JSON; the schema's issues go into `errors` (the caller answers 422 with every detail at once).
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  errors: ErrorDetail[],
): Promise<z.output<S> | undefined> {
  const mediaType = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim()
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new Problem(
      415,
      `expected Content-Type application/json, got ${mediaType ? `"${mediaType}"` : 'none'}`,
    )
  }
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  if (declared > MAX_BODY_BYTES) throw tooLarge(declared)
  const bytes = await readAtMost(request, MAX_BODY_BYTES)
  let parsed: unknown
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    if (text.trim() === '') throw new Problem(400, 'request body is required')
    parsed = JSON.parse(text)
  } catch (error) {
    if (error instanceof Problem) throw error
    throw new Problem(400, `request body is not valid JSON: ${(error as Error).message}`)
  }
  return validate(schema, parsed, 'body', errors)
}

/** Reads the body stream, stopping as soon as it passes the limit (no 100 MB string for a 100 MB upload). */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // Not awaited: cancelling one branch of a teed stream (MSW clones requests) settles only once
      // every branch is cancelled, which may be never.
      reader.cancel().catch(() => {})
      throw tooLarge(size)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function tooLarge(size: number): Problem {
  return new Problem(413, `request body is larger than ${MAX_BODY_BYTES} bytes (got ${size} or more)`)
}
