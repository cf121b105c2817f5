/**
 * A body as an admin request brings it (`POST state`, a session's `state`): read and bounded (checked by
 * src/mock-admin/state.ts, which the devtools panel calls too).
 */
import { Problem } from '../../handlers/reply/problem.ts'

/** The JSON body of an admin request; undefined when it is empty. A malformed one is a 400 problem. */
export async function readJson(request: Request): Promise<unknown> {
  return (await readSizedJson(request)).value
}

/** The JSON body and its size in bytes (what the sessions' budget counts of a state). */
export async function readSizedJson(request: Request): Promise<{ value: unknown; bytes: number }> {
  const { text, bytes } = await readText(request)
  if (text.trim() === '') return { value: undefined, bytes: 0 }
  try {
    return { value: JSON.parse(text), bytes }
  } catch {
    throw new Problem(400, 'request body is not valid JSON')
  }
}

/**
 * The body as text, decoded chunk by chunk: `arrayBuffer()` or `text()` would first join an upload of tens
 * of megabytes into one buffer, memory the allocator keeps (and the pages after it) once it is freed.
 */
async function readText(request: Request): Promise<{ text: string; bytes: number }> {
  if (request.body === null) return { text: '', bytes: 0 }
  const decoder = new TextDecoder()
  const parts: string[] = []
  let bytes = 0
  for await (const chunk of request.body) {
    bytes += chunk.byteLength
    parts.push(decoder.decode(chunk, { stream: true }))
  }
  parts.push(decoder.decode())
  return { text: parts.join(''), bytes }
}

/** A 422 problem naming the bound when a scenario or state loaded over HTTP would hold more records than it. */
export function checkRecords(records: number, maxRecords: number, location: string, value?: unknown): void {
  if (records <= maxRecords) return
  const message = `holds ${records} records, over this server's bound of ${maxRecords} (--max-records)`
  throw new Problem(422, `the ${location === 'body' ? 'state' : location.replace(/^body\./, '')} ${message}`, [
    { message, location, ...(value !== undefined && { value }) },
  ])
}
