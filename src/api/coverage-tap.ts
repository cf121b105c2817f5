import type { RequestJournal } from '../handlers/ports.ts'
import type { CoverageTap } from '../coverage/switch.ts'
import { tappedJournal } from '../coverage/tap.ts'
import { recordInto } from './internals.ts'
import type { MockApi } from './mock-api.ts'

/**
 * Not public API: sends every request `api` answers to `tap` too (a collector's, src/coverage/), whatever
 * the journal's limit or resets; undefined stops it (a demo server's mocks, the devtools). The mock's
 * journal stays as it was; without a tap the pipeline records into it directly.
 */
export function tapCoverage(api: MockApi, tap: CoverageTap | undefined): void {
  const { journal } = api
  recordInto(api, tap === undefined ? journal : tappedJournal(journal, tap))
}
