/**
 * The Playwright fixtures' evidence of a failed test (docs/evidence.md): the evidence file as an attachment
 * of the test (the HTML report and the trace viewer show it; the list reporter prints its path), and the
 * table of its requests as one more error of the failed test: the list reporter cuts a text attachment
 * at 300 characters, an error it prints whole.
 */
import { mkdirSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import type { TestInfo } from '@playwright/test'
import type { RemoteSession } from '../client/connect.ts'
import { evidenceText } from '../evidence/build.ts'
import type { FailureEvidence } from '../evidence/mock.ts'
import { evidenceReport, unwrittenReport } from '../evidence/report.ts'
import type { EvidenceTest } from '../evidence/shape.ts'
import { requestTable } from '../evidence/table.ts'
import { shownPath } from '../files/shown-path.ts'
import { writeFileAtomically } from '../files/write-atomically.ts'

/** Whether the test ended otherwise than expected (a test marked `test.fail()` that fails gets nothing). */
export function failedTest(testInfo: TestInfo): boolean {
  return testInfo.status !== testInfo.expectedStatus
}

/** The test as the evidence file names it. */
export function evidenceTest(testInfo: TestInfo, fixture: EvidenceTest['fixture']): EvidenceTest {
  return { runner: 'playwright', fixture, title: testInfo.titlePath.slice(1), file: relative(process.cwd(), testInfo.file) }
}

/** Writes the evidence file into the test's output folder and attaches it; answers the report for the output. */
export async function attachEvidence(testInfo: TestInfo, gather: () => Promise<FailureEvidence> | FailureEvidence): Promise<string> {
  try {
    const { table, text } = await gather()
    const path = testInfo.outputPath('workspace-api-mock-evidence.json')
    mkdirSync(dirname(path), { recursive: true })
    writeFileAtomically(path, text)
    await testInfo.attach('workspace-api-mock evidence', { path, contentType: 'application/json' })
    return evidenceReport(table, shownPath(path))
  } catch (error) {
    return unwrittenReport(error)
  }
}

/**
 * The evidence of a failed test's session: its journal and faults, then the state it started from (a
 * session has no overrides: they are code). Its data as `reset()` brings it back is that state: the session
 * ends after the test anyway.
 */
export async function sessionEvidence(session: RemoteSession, test: EvidenceTest): Promise<FailureEvidence> {
  const [entries, listed] = await Promise.all([session.journal.entries(), session.faults.list()])
  await session.reset()
  const state = await session.snapshot()
  const faults = listed.map(({ startup: _, ...fault }) => fault)
  const requests = entries.at(-1)?.seq ?? 0
  const text = evidenceText({ test, scenario: session.scenario, seed: session.seed, faults, overrides: [], entries, requests, state })
  return { table: requestTable(entries, requests), text }
}
