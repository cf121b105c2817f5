/** A state as an admin request brings it (`POST state`, a session's `state`): read, bounded and checked. */
import { Problem } from '../../handlers/problem.ts'
import type { ErrorDetail } from '../../model/schemas.ts'
import type { ScenarioState } from '../../model/state.ts'
import { InvalidStateError, validateState } from '../../model/validate-state.ts'

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

/**
 * A state as a client sent it, checked as `--state` checks a file: a 422 problem naming the record and
 * the field (`errors[0].location` is e.g. `body.workspaces[3].name`) when it does not fit the model.
 */
export function checkedState(value: unknown, location = 'body'): ScenarioState {
  try {
    validateState(value)
    if (value.accounts.length === 0) {
      throw new InvalidStateError('state.accounts must hold at least one account (a principal)', 'accounts', 'must hold at least one account')
    }
  } catch (error) {
    throw stateProblem(error, location)
  }
  return value
}

/** A 422 problem naming the bound when a scenario or state loaded over HTTP would hold more records than it. */
export function checkRecords(records: number, maxRecords: number, location: string, value?: unknown): void {
  if (records <= maxRecords) return
  const message = `holds ${records} records, over this server's bound of ${maxRecords} (--max-records)`
  throw new Problem(422, `the ${location === 'body' ? 'state' : location.replace(/^body\./, '')} ${message}`, [
    { message, location, ...(value !== undefined && { value }) },
  ])
}

/** A state refused with `InvalidStateError` as a 422 problem at its location; anything else as it is. */
export function stateProblem(error: unknown, location = 'body'): unknown {
  if (!(error instanceof InvalidStateError)) return error
  const at = error.location === '' ? location : `${location}.${error.location}`
  const detail: ErrorDetail = { message: error.reason, location: at }
  return new Problem(422, error.message, [detail])
}
