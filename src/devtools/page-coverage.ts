/**
 * The devtools' coverage (`mountDevtools(mock, { coverage: true })`): a collector of the page's mock, loaded
 * with the option only, whose document the panel's Coverage tab shows and exports.
 */
import { tapCoverage } from '../api/coverage-tap.ts'
import { servedSurfaceOf } from '../api/internals.ts'
import type { MockApi } from '../api/mock-api.ts'
import { CoverageCollector } from '../coverage/collector.ts'

/** Collects what `api` answers from now on, as the scenario and seed the panel names. */
export function startPageCoverage(api: MockApi, serving: { scenario: string; seed: number }): CoverageCollector {
  const collector = new CoverageCollector()
  tapCoverage(api, collector.attach({ surface: servedSurfaceOf(api), scenario: serving.scenario, seed: serving.seed }))
  return collector
}
