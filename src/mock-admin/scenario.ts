/**
 * A switch of preset and seed, as a person asks for it in the console or the devtools panel: the preset
 * built with the seed becomes the state served and what `reset()` returns to. The first principal keeps
 * the credentials it has, so that the page (or a client) that holds them stays signed in.
 */
import type { MockApi } from '../api/mock-api.ts'
import { scenarioFor } from '../api/internals.ts'
import { Problem } from '../handlers/reply/problem.ts'
import type { ScenarioState } from '../model/state.ts'
import { scenarios } from '../scenarios/presets.ts'
import type { ScenarioRef } from '../scenarios/resolve.ts'
import { withCredentials } from '../scenarios/with-credentials.ts'

/** The presets a switch may name (besides `scale:<w>x<a>`). */
export const PRESETS: readonly string[] = Object.keys(scenarios)

/** Largest seed a switch takes (a 32-bit seed, as the factories' source uses). */
const MAX_SEED = 2 ** 32 - 1

/**
 * The state of `scenario` built with `seed` for `api`, its first principal with `api`'s credentials; a 422
 * problem (at `body.scenario` or `body.seed`) for a name or seed that builds nothing.
 */
export function presetState(api: MockApi, scenario: unknown, seed: unknown): ScenarioState {
  if (!Number.isInteger(seed) || (seed as number) < 0 || (seed as number) > MAX_SEED) {
    throw new Problem(422, 'validation failed', [{ message: `expected an integer from 0 to ${MAX_SEED}`, location: 'body.seed', value: seed }])
  }
  try {
    const ref = withCredentials(scenario as ScenarioRef, api.credentials)
    return scenarioFor(api, ref, seed as number)
  } catch (error) {
    throw new Problem(422, 'validation failed', [{ message: (error as Error).message, location: 'body.scenario', value: scenario }])
  }
}
