import type { RequestJournal } from '../handlers/ports.ts'
import type { CoverageTap } from '../coverage/switch.ts'
import { internalsOf } from './internals.ts'
import type { MockApi } from './mock-api.ts'

/**
 * Not public API: sends every request `api` answers to `tap` too (a collector's, src/coverage/), whatever
 * the journal's limit or resets; undefined stops it. The mock's journal stays as it was; without a tap the
 * pipeline records into it directly, so a mock off coverage pays nothing.
 */
export function tapCoverage(api: MockApi, tap: CoverageTap | undefined): void {
  const { journal } = api
  const context = internalsOf(api).mock as { journal: RequestJournal }
  context.journal = tap === undefined ? journal : {
    // At least 1, so that the pipeline reads bodies and records even when the journal keeps nothing.
    get limit() {
      return Math.max(journal.limit, 1)
    },
    record(record) {
      // First: the journal completes the record it keeps in place.
      tap.observe(record)
      if (journal.limit > 0) journal.record(record)
    },
  }
}

/** What a mock serves, for people and for coverage: a preset's name, `state`, `custom` (a function), or `demo`. */
export function scenarioNameOf(options: { scenario?: unknown; state?: unknown }): string {
  const { scenario, state } = options
  return typeof scenario === 'string' ? scenario : state !== undefined ? 'state' : scenario ? 'custom' : 'demo'
}
