/**
 * Not public API: a mock's records and initial state as the demo server and the browser entry read and
 * replace them.
 */
import type { Baseline } from '../model/baseline.ts'
import type { CollectionName } from '../model/database.ts'
import type { ScenarioState } from '../model/state.ts'
import { buildScenario, type ScenarioRef } from '../scenarios/resolve.ts'
import { completeState } from './initial-state.ts'
import { internalsOf } from './internals.ts'
import type { MockApi } from './mock-api.ts'

/** The mock's initial state, prepared, for mocks that start from the same records. */
export function baselineOf(api: MockApi): Promise<Baseline> {
  return internalsOf(api).store.baseline
}

/**
 * The demo server's `POST /__admin/state` and `--watch`: loads `initial` (trusted: valid and taken over) in
 * place of the mock's initial state; `reset()` comes back to it from now on, and the principals are its
 * accounts. Faults, overrides and the journal stay.
 */
export function replaceInitialState(api: MockApi, initial: ScenarioState | Baseline): Promise<void> {
  return internalsOf(api).replace(initial)
}

/**
 * A state for this mock, as a client sent it: a copy with the mock's fields of your own built where a
 * record lacks them, validated against the mock's records (throws `InvalidStateError`).
 */
export function stateFor(api: MockApi, state: unknown): ScenarioState {
  return completeState(state, internalsOf(api).mock.surface.model, api.seed)
}

/**
 * The browser entry, which follows the state another tab saved: loads `state` in place of the mock's
 * current state, validated first (throws `InvalidStateError`, changing nothing); `reset()` still returns to
 * the initial state, and faults, overrides and the journal stay.
 */
export async function replaceState(api: MockApi, state: unknown): Promise<void> {
  return internalsOf(api).store.load(stateFor(api, state))
}

/**
 * A preset (or scenario) built with `seed` as this mock builds its own: with its fields of your own, its
 * access types and protocols, its icons' origin. A scenario switch that built without them served records
 * that lacked the fields, and `reset()` came back to those.
 */
export function scenarioFor(api: MockApi, ref: ScenarioRef, seed: number): ScenarioState {
  return buildScenario(ref, { ...internalsOf(api).build, seed })
}

/** The records of one collection, read without filling lazy collections (see Store). */
export function recordsOf<Name extends CollectionName>(api: MockApi, name: Name): readonly ScenarioState[Name][number][] {
  return internalsOf(api).store.records(name)
}
