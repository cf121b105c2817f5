import { factoriesOf } from '../factories/factories.ts'
import { completeFields } from '../model/fields.ts'
import type { RecordModel } from '../model/record-model.ts'
import type { ScenarioState } from '../model/state.ts'
import { validateState } from '../model/validate-state.ts'
import { buildScenarioWith } from '../scenarios/resolve.ts'
import type { MockApiOptions } from './mock-api.ts'
import { resolveMockOptions, type ResolvedMockOptions } from './mock-options.ts'

/**
 * Not public API: the validated initial state `options` describe (a scenario built with its seed, or a
 * copy of `options.state`).
 */
export function initialStateOf(options: MockApiOptions, resolved: ResolvedMockOptions = resolveMockOptions(options)): ScenarioState {
  const { seed, surface, build } = resolved
  const { model } = surface
  if (options.state !== undefined) {
    if (options.scenario !== undefined) throw new TypeError('give either `scenario` or `state`, not both')
    return completeState(options.state, model, seed)
  }
  const state = buildScenarioWith(options.scenario ?? 'demo', factoriesOf({ ...build, seed }))
  if (typeof options.scenario === 'function') validateState(completeFields(state, model.fields, seed), model)
  return state
}

/**
 * Not public API: a copy of a given state for a mock of this model: the fields of your own a record lacks
 * built (a state from before they were declared still loads), then validated (`InvalidStateError`).
 */
export function completeState(state: unknown, model: RecordModel, seed: number): ScenarioState {
  validateShape(state, model)
  const copy = structuredClone(state)
  validateState(completeFields(copy, model.fields, seed), model)
  return copy
}

/** The state's collections are arrays of objects (fields are built into records only then). */
function validateShape(state: unknown, model: RecordModel): asserts state is ScenarioState {
  const collections = ['organizations', 'accounts', 'workspaces', 'applications'] as const
  const input = state as Record<string, unknown> | null
  if (input === null || typeof input !== 'object' || collections.some((name) => !Array.isArray(input[name]))) validateState(state, model)
  for (const name of ['workspaces', 'applications'] as const) {
    if ((input![name] as unknown[]).some((record) => record === null || typeof record !== 'object')) validateState(state, model)
  }
}
