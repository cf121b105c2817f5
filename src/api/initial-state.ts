import { DEFAULT_ASSETS_ORIGIN } from '../factories/factories.ts'
import { completeFields } from '../model/fields.ts'
import type { RecordModel } from '../model/record-model.ts'
import type { ScenarioState } from '../model/state.ts'
import { validateState } from '../model/validate-state.ts'
import { buildScenario } from '../scenarios/resolve.ts'
import { normalizeBaseUrl } from './base-url.ts'
import type { MockApiOptions } from './mock-api.ts'
import { surfaceOf } from './mock-surface.ts'

/**
 * Not public API: the validated initial state `options` describe (a scenario built with its seed, or a
 * copy of `options.state`).
 */
export function initialStateOf(options: MockApiOptions): ScenarioState {
  const seed = options.seed ?? 1
  const assetsOrigin = options.assetsOrigin ?? normalizeBaseUrl(options.baseUrl) ?? DEFAULT_ASSETS_ORIGIN
  return initialState(options, seed, assetsOrigin, surfaceOf(options).model)
}

function initialState(options: MockApiOptions, seed: number, assetsOrigin: string, model: RecordModel): ScenarioState {
  if (options.state !== undefined) {
    if (options.scenario !== undefined) throw new TypeError('give either `scenario` or `state`, not both')
    return completeState(options.state, model, seed)
  }
  const state = buildScenario(options.scenario ?? 'demo', {
    seed,
    assetsOrigin,
    accessTypes: options.accessTypes,
    protocols: options.protocols,
    fields: options.fields,
  })
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
