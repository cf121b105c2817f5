/**
 * One mock a demo server serves: its base state, or a session. The admin routes act on it, the router
 * answers its API requests with its dispatcher (taken once, when the mock is made: nothing is looked up on
 * the request path).
 */
import type { MockApi } from '../../api/mock-api.ts'
import type { Dispatcher } from '../../handlers/routing/dispatch.ts'
import type { ScenarioState } from '../../model/state.ts'
import { registerFaultJson } from '../../testkit/fault-json.ts'
import type { FaultHandle } from '../../testkit/faults.ts'
import { countsOf } from '../../mock-admin/info.ts'
import type { FaultBody } from '../../wire/admin.ts'
import type { OwnData } from '../limits.ts'

/** A fault as the admin route's body and the fault flags bring it. */
export type FaultSpec = FaultBody

export interface ServedMock {
  readonly api: MockApi
  /** Answers the mock's API requests (`dispatcherOf(api)`, kept). */
  readonly dispatch: Dispatcher
  /** What it serves, for people: a scenario name (or a state file's name) and the seed; `POST scenario` changes them. */
  scenario: string
  seed: number
  /** Faults that hold for its whole life (from flags): they come back after a reset or a clear. */
  readonly startupFaults: readonly FaultSpec[]
  /** Registry ids of the startup faults now registered (so that the console can mark them). */
  readonly startupIds: Set<number>
  /** Loads a state (valid; `own`: its records and the bytes it was sent as) in place of its initial state; throws when it cannot. */
  replaceState(state: ScenarioState, own: OwnData): Promise<void>
}

/** Applies one fault description to the mock (also used for the command line's fault flags). */
export function applyFault(api: MockApi, spec: FaultSpec): FaultHandle {
  return registerFaultJson(api.faults, spec)
}

/** Registers the mock's startup faults (again, after a reset or a clear). */
export function restoreStartupFaults(target: ServedMock): void {
  target.startupIds.clear()
  for (const spec of target.startupFaults) target.startupIds.add(applyFault(target.api, spec).id)
}

/** Every record the mock holds now. */
export function recordCount(api: MockApi): number {
  return Object.values(countsOf(api)).reduce((sum, count) => sum + count, 0)
}
