/**
 * A body as an admin request brings it (`POST state`, a session's `state`): read and bounded (checked by
 * src/mock-admin/state.ts, which the devtools panel calls too).
 */
import { Problem } from '../../handlers/problem.ts'

/** The JSON body of an admin request; undefined when it is empty. A malformed one is a 400 problem. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
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
