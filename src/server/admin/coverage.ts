/**
 * Coverage of the demo server's mocks (`--coverage`): a collector of its own for the base state and for
 * each session, read with `GET /__admin/coverage` (`/__admin/sessions/{id}/coverage`), taken and cleared
 * with `DELETE`. Each request is attributed to the scenario and seed the mock serves when it answers.
 */
import { tapCoverage } from '../../api/coverage-tap.ts'
import { servedSurfaceOf } from '../../api/internals.ts'
import type { MockApi } from '../../api/mock-api.ts'
import { CoverageCollector } from '../../coverage/collector.ts'
import type { CoverageDocument } from '../../coverage/document.ts'
import { Problem } from '../../handlers/reply/problem.ts'
import type { ServedMock } from '../sessions/served-mock.ts'

const collectors = new WeakMap<MockApi, CoverageCollector>()

/** Starts collecting what `target` answers (its requests from now on). */
export function collectCoverage(target: ServedMock): void {
  const collector = new CoverageCollector()
  collectors.set(target.api, collector)
  attach(target, collector)
}

function attach(target: ServedMock, collector: CoverageCollector): void {
  const surface = servedSurfaceOf(target.api)
  // Getters: `POST scenario` and `POST state` change what the mock serves, and later requests belong to that.
  tapCoverage(target.api, collector.attach({ surface, get scenario() { return target.scenario }, get seed() { return target.seed } }))
}

/** Whether `target` collects coverage. */
export function collectsCoverage(target: ServedMock): boolean {
  return collectors.has(target.api)
}

/** `GET coverage` (`take`: `DELETE coverage`, which answers it and starts again from nothing). */
export function coverageOf(target: ServedMock, take: boolean): CoverageDocument {
  const collector = collectors.get(target.api)
  if (collector === undefined) throw new Problem(404, 'coverage is off: start the server with --coverage (or WORKSPACE_API_MOCK_COVERAGE=1)')
  if (!take) return collector.document()
  const document = collector.document()
  collector.drain()
  // The outcomes that exist stay known after the clear.
  attach(target, collector)
  return document
}
