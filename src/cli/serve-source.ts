/**
 * What the demo server serves: a preset scenario, a scenario module or a state file, with the fields of an
 * `--operations` module (a state file's records get those they lack, as createMockApi gives them).
 */
import { surfaceOf } from '../api/mock-surface.ts'
import type { ScenarioState } from '../model/state.ts'
import type { Scenario } from '../scenarios/kit.ts'
import { resolveScenario, type ScenarioRef } from '../scenarios/resolve.ts'
import { withCredentials } from '../scenarios/with-credentials.ts'
import { DEFAULT_SETTINGS, isScenarioModule, type CliSettings } from './serve-flags.ts'
import { scaleSize, withProgress } from './progress.ts'
import { loadScenarioModule, readStateFile, SourceError, withFirstCredentials, type OperationsModule } from './sources.ts'

/** What the command serves: a preset scenario, a scenario module, or a state file. */
export type Source =
  | { kind: 'preset'; scenario: Scenario; finish(): void }
  | { kind: 'module'; path: string; scenario: Scenario; raw: Scenario; finish(): void }
  /** `seed`: an evidence file's, which serves the ids its test saw. */
  | { kind: 'state'; path: string; state: ScenarioState; seed?: number; finish(): void }

export async function sourceOf(settings: CliSettings, definitions: OperationsModule | undefined): Promise<Source> {
  const credentials = { apiKey: settings.apiKey, apiSecret: settings.apiSecret }
  if (settings.state !== undefined) {
    const path = settings.state
    const { state, evidence } = readStateFile(path, surfaceOf({ ...definitions }).model, settings.seed)
    if (evidence && settings.seed !== DEFAULT_SETTINGS.seed && settings.seed !== evidence.seed) {
      throw new SourceError(`${path} is the evidence of a test with seed ${evidence.seed}: --seed ${settings.seed} would serve other ids than it saw; leave --seed out`)
    }
    return { kind: 'state', path, state: withFirstCredentials(state, credentials, path), seed: evidence?.seed, finish() {} }
  }
  if (isScenarioModule(settings.scenario)) {
    const path = settings.scenario
    const raw = await loadScenarioModule(path)
    return { kind: 'module', path, raw, scenario: withCredentialsOf(guarded(raw, path), settings), finish() {} }
  }
  const ref = settings.scenario as ScenarioRef
  const progress = withProgress(withCredentialsOf(resolveScenario(ref), settings), {
    label: settings.scenario,
    total: scaleSize(settings.scenario),
    stream: process.stderr,
  })
  return { kind: 'preset', scenario: progress.scenario, finish: () => progress.finish() }
}

/** A module's scenario whose own failures say where they come from. */
function guarded(scenario: Scenario, path: string): Scenario {
  return (kit) => {
    try {
      scenario(kit)
    } catch (error) {
      throw new SourceError(`${path} failed while building its data: ${(error as Error).message}`)
    }
  }
}

/** The scenario with the first principal's `--api-key` and `--api-secret`, when given. */
export function withCredentialsOf(scenario: Scenario, settings: CliSettings): Scenario {
  if (settings.apiKey === undefined && settings.apiSecret === undefined) return scenario
  return withCredentials(scenario, { apiKey: settings.apiKey, apiSecret: settings.apiSecret })
}
