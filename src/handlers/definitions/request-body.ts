import type { z } from '../../model/zod.ts'
import type { ErrorDetail } from '../../model/schemas.ts'
import type { ApiRequest } from '../api-request.ts'
import { MAX_BODY_BYTES } from '../limits.ts'
import { Problem } from '../reply/problem.ts'
import { validate } from './validation.ts'

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i
const BODY = { kind: 'body' } as const

/**
 * Reads a JSON request body: 415 for another content type, 413 above 1 MiB, 400 for bytes that are not
 * UTF-8 JSON; the schema's issues go into `errors` (the caller answers 422 with every detail at once).
 */
export async function readJsonBody<S extends z.core.$ZodType>(
  request: ApiRequest,
  schema: S,
  errors: ErrorDetail[],
): Promise<z.output<S> | undefined> {
  const mediaType = (request.header('Content-Type') ?? '').split(';')[0]!.trim()
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new Problem(
      415,
      `expected Content-Type application/json, got ${mediaType ? `"${mediaType}"` : 'none'}`,
    ).because(BODY)
  }
  const declared = Number(request.header('Content-Length') ?? 0)
  if (declared > MAX_BODY_BYTES) throw tooLarge(declared)
  const { bytes, size, truncated } = await request.body()
  if (truncated) throw tooLarge(size)
  let parsed: unknown
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    if (text.trim() === '') throw new Problem(400, 'request body is required').because(BODY)
    parsed = JSON.parse(text)
  } catch (error) {
    if (error instanceof Problem) throw error
    throw new Problem(400, `request body is not valid JSON: ${(error as Error).message}`).because(BODY)
  }
  return validate(schema, parsed, 'body', errors)
}

function tooLarge(size: number): Problem {
  return new Problem(413, `request body is larger than ${MAX_BODY_BYTES} bytes (got ${size} or more)`).because(BODY)
}
