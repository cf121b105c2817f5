import { DEFAULT_ASSETS_ORIGIN } from '../factories/factories.ts'
import type { ScenarioState } from '../model/state.ts'
import { validateState } from '../model/validate-state.ts'
import { buildScenario } from '../scenarios/resolve.ts'
import { normalizeBaseUrl } from './base-url.ts'
import type { MockApiOptions } from './mock-api.ts'

/**
 * Not public API: the validated initial state `options` describe (a scenario built with its seed, or a
 * copy of `options.state`).
 */
export function initialStateOf(options: MockApiOptions): ScenarioState {
  const seed = options.seed ?? 1
  const assetsOrigin = options.assetsOrigin ?? normalizeBaseUrl(options.baseUrl) ?? DEFAULT_ASSETS_ORIGIN
  return initialState(options, seed, assetsOrigin)
}

function initialState(options: MockApiOptions, seed: number, assetsOrigin: string): ScenarioState {
  if (options.state !== undefined) {
    if (options.scenario !== undefined) throw new TypeError('give either `scenario` or `state`, not both')
    validateState(options.state)
    return structuredClone(options.state)
  }
  const state = buildScenario(options.scenario ?? 'demo', {
    seed,
    assetsOrigin,
    accessTypes: options.accessTypes,
    protocols: options.protocols,
  })
  if (typeof options.scenario === 'function') validateState(state)
  return state
}
