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
  const bytes = new Uint8Array(await request.arrayBuffer())
  const text = new TextDecoder().decode(bytes)
  if (text.trim() === '') return { value: undefined, bytes: 0 }
  try {
    return { value: JSON.parse(text), bytes: bytes.byteLength }
  } catch {
    throw new Problem(400, 'request body is not valid JSON')
  }
}

/** A 422 problem naming the bound when a scenario or state loaded over HTTP would hold more records than it. */
export function checkRecords(records: number, maxRecords: number, location: string, value?: unknown): void {
  if (records <= maxRecords) return
  const message = `holds ${records} records, over this server's bound of ${maxRecords} (--max-records)`
  throw new Problem(422, `the ${location === 'body' ? 'state' : location.replace(/^body\./, '')} ${message}`, [
    { message, location, ...(value !== undefined && { value }) },
  ])
}
