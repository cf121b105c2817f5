/**
 * A state as a client sends it (a file uploaded in the console or the panel, the body of
 * `POST <admin>/state`), checked as `--state` checks a file, its problems as 422 problems at their location.
 */
import type { MockApi } from '../api/mock-api.ts'
import { stateFor } from '../api/internals.ts'
import { Problem } from '../handlers/reply/problem.ts'
import type { ErrorDetail } from '../model/schemas.ts'
import type { ScenarioState } from '../model/state.ts'
import { InvalidStateError } from '../model/validate-state.ts'

/**
 * A state as a client sent it for `api`'s model (its fields of your own), checked as `--state` checks a
 * file: a 422 problem naming the record and the field (`errors[0].location` is e.g.
 * `body.workspaces[3].name`) when it does not fit.
 */
export function checkedState(value: unknown, api: MockApi, location = 'body'): ScenarioState {
  try {
    const state = stateFor(api, value)
    if (state.accounts.length === 0) {
      throw new InvalidStateError('state.accounts must hold at least one account (a principal)', 'accounts', 'must hold at least one account')
    }
    return state
  } catch (error) {
    throw stateProblem(error, location)
  }
}

/** A state refused with `InvalidStateError` as a 422 problem at its location; anything else as it is. */
export function stateProblem(error: unknown, location = 'body'): unknown {
  if (!(error instanceof InvalidStateError)) return error
  const at = error.location === '' ? location : `${location}.${error.location}`
  const detail: ErrorDetail = { message: error.reason, location: at }
  return new Problem(422, error.message, [detail])
}

