/**
 * Scenario builds kept for sessions that ask for the same scenario and seed again: a session of a kept
 * build costs its new accounts only (see model/baseline.ts), not a build.
 */
import type { Baseline } from '../../model/baseline.ts'
import { scenarioRecords } from '../limits.ts'

/** Builds kept at most; the least recently used goes first. */
const TEMPLATE_LIMIT = 8
/** Bigger builds are not kept: eight of them would hold gigabytes after their sessions are gone. */
export const TEMPLATE_MAX_RECORDS = 20_000

export class ScenarioTemplates {
  readonly #builds = new Map<string, Promise<Baseline>>()

  /** The build of the preset or `scale:` scenario `name` with `seed`: the kept one, or `build()`'s (kept when small). */
  get(name: string, seed: number, build: () => Promise<Baseline>): Promise<Baseline> {
    if (scenarioRecords(name) > TEMPLATE_MAX_RECORDS) return build()
    const key = `${name}\u0000${seed}`
    let template = this.#builds.get(key)
    if (template === undefined) {
      template = build()
      // A failed build is not kept.
      template.catch(() => this.#builds.delete(key))
      if (this.#builds.size >= TEMPLATE_LIMIT) this.#builds.delete(this.#builds.keys().next().value!)
    } else {
      this.#builds.delete(key) // most recently used last
    }
    this.#builds.set(key, template)
    return template
  }
}
