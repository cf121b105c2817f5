import { createFactories, type Factories, type FactoryOptions } from '../factories/factories.ts'
import { ScenarioKit, type Scenario, type ScenarioState } from './kit.ts'
import { scale, scenarios, type ScenarioName } from './presets.ts'

/** A preset name, `scale:<workspaces>x<applications>`, or a scenario function. */
export type ScenarioRef = ScenarioName | `scale:${number}x${number}` | Scenario

const SCALE_PATTERN = /^scale:(\d+)x(\d+)$/

/** Turns a scenario reference into its function; throws a clear error for an unknown name. */
export function resolveScenario(ref: ScenarioRef): Scenario {
  if (typeof ref === 'function') return ref
  if (Object.hasOwn(scenarios, ref)) return scenarios[ref as ScenarioName]
  const match = SCALE_PATTERN.exec(ref)
  if (match) {
    return scale({ workspaces: Number(match[1]), applicationsPerWorkspace: Number(match[2]) })
  }
  throw new TypeError(
    `Unknown scenario "${ref}": use one of ${Object.keys(scenarios).join(', ')}, scale:<workspaces>x<applications>, or a function`,
  )
}

/** Runs a scenario against fresh seeded factories and returns the plain state it built. */
export function buildScenario(ref: ScenarioRef, options: FactoryOptions = {}): ScenarioState {
  return buildScenarioWith(ref, createFactories(options))
}

/** `buildScenario` with factories already made (a mock's, from its resolved options). */
export function buildScenarioWith(ref: ScenarioRef, factories: Factories): ScenarioState {
  const kit = new ScenarioKit({}, factories)
  resolveScenario(ref)(kit)
  return kit.state
}
