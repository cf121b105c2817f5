/**
 * Evidence of an in-process mock (`useMockApi`, the Playwright `mockApi` fixture): where a test starts, and
 * what the mock saw from there once the test has failed.
 */
import type { MockApi, MockApiOptions } from '../api/mock-api.ts'
import { overridesOf, recordsOf } from '../api/internals.ts'
import type { ScenarioState } from '../model/state.ts'
import { evidenceText } from './build.ts'
import type { EvidenceEntry, EvidenceTest } from './shape.ts'
import { requestTable } from './table.ts'

/** Where a test started: the records the mock held, and the journal's last entry before it. */
export interface EvidenceStart {
  state: ScenarioState
  seq: number
}

/**
 * Where a test starts. Cheap enough for every test: records are frozen and replaced, never edited, so the
 * four lists of the records held now are the state the test starts from; nothing is copied or serialized
 * until a test fails.
 */
export function evidenceStart(api: MockApi): EvidenceStart {
  return {
    state: {
      organizations: [...recordsOf(api, 'organizations')],
      accounts: [...recordsOf(api, 'accounts')],
      workspaces: [...recordsOf(api, 'workspaces')],
      applications: [...recordsOf(api, 'applications')],
    },
    seq: api.journal.last()?.seq ?? 0,
  }
}

/** The `scenario` an evidence file names for a mock of these options. */
export function scenarioName(options: Pick<MockApiOptions, 'scenario' | 'state'>): string {
  if (options.state !== undefined) return 'state'
  const { scenario = 'demo' } = options
  return typeof scenario === 'function' ? scenario.name || 'custom' : scenario
}

/** What a failed test's output and attachment carry: the table of its requests and the evidence file. */
export interface FailureEvidence {
  table: string
  text: string
}

/** The evidence of a failed test whose mock is `api`, started at `start`. */
export function mockEvidence(api: MockApi, start: EvidenceStart, about: { test: EvidenceTest; scenario: string }): FailureEvidence {
  const entries: EvidenceEntry[] = api.journal.entries.filter((entry) => entry.seq > start.seq)
  const requests = (entries.at(-1)?.seq ?? start.seq) - start.seq
  const text = evidenceText({
    ...about,
    seed: api.seed,
    faults: api.faults.list(),
    overrides: overridesOf(api).list(),
    entries,
    requests,
    state: start.state,
  })
  return { table: requestTable(entries, requests), text }
}
