/**
 * An evidence file is bounded: a test's newest requests within EVIDENCE_JOURNAL_BYTES (how many were left
 * out said), and the state it started from unless the file would pass EVIDENCE_BYTES (then the file says
 * which scenario and seed to serve, and reading it for its state says so).
 */
import { describe, expect, test } from 'vitest'
import { buildScenario, createMockApi } from '../../src/index.ts'
import { EVIDENCE_BYTES, EVIDENCE_JOURNAL_BYTES, evidenceText } from '../../src/evidence/build.ts'
import { checkedEvidence } from '../../src/evidence/check.ts'
import { evidenceStart, mockEvidence } from '../../src/evidence/mock.ts'
import { readStateText, StateFileError } from '../../src/evidence/read.ts'
import { TABLE_ROWS } from '../../src/evidence/table.ts'

const about = { test: { runner: 'vitest' as const, fixture: 'useMockApi' as const, title: ['bounded'], file: 'bounds.test.ts' }, scenario: 'demo' }
const bytes = (text: string) => Buffer.byteLength(text)

describe('an evidence file is bounded', () => {
  test(`the newest requests within ${EVIDENCE_JOURNAL_BYTES / 1024 / 1024} MiB, oldest first; the rest counted`, async () => {
    const api = createMockApi({ scenario: 'demo', strict: false })
    await api.ready
    const start = evidenceStart(api)
    const { apiKey, apiSecret } = api.credentials
    // Each request's body is kept (60 KiB), and its answer holds the name again: the journal keeps 8 MiB.
    for (let i = 0; i < 100; i++) {
      const body = JSON.stringify({ name: `${i}`.padEnd(60 * 1024, 'x') })
      await api.handle(new Request('https://api.test/api/workspaces', { method: 'POST', headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret, 'Content-Type': 'application/json' }, body }))
    }
    const { text, table } = mockEvidence(api, start, about)
    const evidence = checkedEvidence(JSON.parse(text))
    const kept = evidence.journal.entries
    expect(kept.length).toBeGreaterThan(10)
    expect(kept.length).toBeLessThan(100)
    expect(evidence.journal.left).toBe(100 - kept.length)
    expect(kept.map((entry) => entry.seq)).toEqual(Array.from({ length: kept.length }, (_, i) => 101 - kept.length + i))
    expect(bytes(JSON.stringify(kept, null, 2))).toBeLessThanOrEqual(EVIDENCE_JOURNAL_BYTES)
    expect(bytes(text)).toBeLessThanOrEqual(EVIDENCE_BYTES)
    expect(table.split('\n')[0]).toBe(`the requests the mock saw during this test, newest last (the last ${TABLE_ROWS} of 100):`)
    expect(table.split('\n')).toHaveLength(TABLE_ROWS + 1)
    expect(table.split('\n').at(-1)).toMatch(/^ {2}#100 {2}POST {2}\/api\/workspaces {2}200 {2}createWorkspace$/)
  })

  test(`a state that would pass ${EVIDENCE_BYTES / 1024 / 1024} MiB is left out, with the preset and seed to serve instead`, () => {
    const paging = buildScenario('paging', { seed: 4 })
    // About 30 MiB of applications (the file does not check records: the reader of the state does).
    const applications = Array.from({ length: 14 }, (_, copy) => paging.applications.map((application) => ({ ...application, id: `${application.id}${copy}` }))).flat()
    const text = evidenceText({ ...about, scenario: 'paging', seed: 4, faults: [], overrides: [], entries: [], requests: 0, state: { ...paging, applications } })
    expect(bytes(text)).toBeLessThanOrEqual(EVIDENCE_BYTES)
    const evidence = checkedEvidence(JSON.parse(text))
    expect(evidence.state).toBeNull()
    expect(evidence.stateLeftOut).toMatch(/^the state the test started from made the file \d+\.\d MiB, over the 16 MiB an evidence file holds: serve --scenario paging --seed 4 instead$/)
    expect(() => readStateText(text)).toThrow(StateFileError)
    expect(() => readStateText(text)).toThrow(`holds no state: ${evidence.stateLeftOut}`)
    // A mock that started from a given state, or a scenario function, has no preset to name.
    const given = checkedEvidence(JSON.parse(evidenceText({ ...about, scenario: 'state', seed: 4, faults: [], overrides: [], entries: [], requests: 0, state: { ...paging, applications } })))
    expect(given.stateLeftOut).toMatch(/^the state the test started from made the file \d+\.\d MiB, over the 16 MiB an evidence file holds$/)
  })
})
