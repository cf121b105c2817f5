/**
 * The Playwright fixtures' evidence of a failed test, as a consumer meets it: a Playwright run (a child
 * process, the list reporter) of fixtures/mock-api.spec.ts (the `mockApi` fixture, through a page in
 * Chromium) and fixtures/mock-session.spec.ts (`sessionTest`'s `mockSession`, a demo server the worker
 * starts), each with a test that fails on purpose and one that passes. The output carries the tables; each
 * failed test has the evidence file as an attachment, which the demo server serves with `--state`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { startCli } from '../cli/cli-process.ts'
import { CHROMIUM } from '../support/chromium.ts'
import { readEvidence, replay, reportOf, runChild, type ChildRun } from './support.ts'

const PLAYWRIGHT = 'node_modules/@playwright/test/cli.js'
const FILE = 'workspace-api-mock-evidence.json'
const FIXTURES = ['mockApi', 'mockSession'] as const
const folderOf = { mockApi: 'mock-api-the-mockApi-fixture-a-test-that-fails', mockSession: 'mock-session-the-mockSession-fixture-a-test-that-fails' }

interface ReportedTest {
  title: string
  results: Array<{ status: string; attachments: Array<{ name: string; contentType: string; path?: string }> }>
}

describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)("the Playwright fixtures: a failed test's evidence", () => {
  const folder = mkdtempSync(join(tmpdir(), 'wam-evidence-playwright-'))
  let run: ChildRun
  let reported: ReportedTest[]
  const fileOf = (fixture: (typeof FIXTURES)[number]) => join(folder, folderOf[fixture], FILE)

  beforeAll(async () => {
    run = await runChild([PLAYWRIGHT, 'test', '--config', 'test/evidence/fixtures/playwright.config.ts'], { WAM_EVIDENCE_DIR: folder })
    const report = JSON.parse(readFileSync(join(folder, 'report.json'), 'utf8'))
    const specs = (suite: any): any[] => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)]
    reported = report.suites.flatMap(specs).map((spec: any) => ({ title: spec.title, results: spec.tests[0].results }))
  }, 300_000)
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  test('the list reporter prints each table under the failure, and the attachment\'s path', () => {
    expect(run.code, run.output).toBe(1)
    expect(run.output).toMatch(/2 failed[\s\S]*2 passed/)
    expect(reportOf(run.output, '› the mockApi fixture: a test that fails ─')).toEqual([
      'MockEvidence: workspace-api-mock: the requests the mock saw during this test, newest last:',
      expect.stringMatching(/^#1 {2}GET {2}\/api\/workspaces +200 {2}listWorkspaces$/),
      expect.stringMatching(/^#2 {2}GET {2}\/api\/applications +503 {2}fault 1: fail with 503 on listApplications$/),
      expect.stringMatching(/^#3 {2}GET {2}\/api\/workspaces\?page_size=1 +200 {2}listWorkspaces$/),
      expect.stringMatching(/^#4 {2}GET {2}\/api\/workspaces\/(wse_\w+) {2}404 {2}workspace \1: another organization's \(answered as missing\)$/),
      `Evidence: ${fileOf('mockApi')}`,
      `Serve the state this test started from: npx workspace-api-mock --state ${fileOf('mockApi')}`,
    ])
    expect(reportOf(run.output, '› the mockSession fixture: a test that fails ─')).toEqual([
      'MockEvidence: workspace-api-mock: the requests the mock saw during this test, newest last:',
      expect.stringMatching(/^#1 {2}POST {2}\/api\/workspaces +200 {2}createWorkspace$/),
      expect.stringMatching(/^#2 {2}GET {3}\/api\/workspaces\/wse_\w+ {2}200 {2}getWorkspace$/),
      expect.stringMatching(/^#3 {2}GET {3}\/api\/workspaces\/wse_f{32} {2}404 {2}workspace wse_f{32}: no such record$/),
      `Evidence: ${fileOf('mockSession')}`,
      `Serve the state this test started from: npx workspace-api-mock --state ${fileOf('mockSession')}`,
    ])
    expect(run.output).toMatch(/attachment #1: workspace-api-mock evidence \(application\/json\)/)
  })

  test('the failed tests have the evidence file as an attachment (the HTML report lists these); the passed tests nothing', () => {
    expect(reported.map((spec) => [spec.title, spec.results[0]!.status, spec.results[0]!.attachments.map((a) => `${a.name} (${a.contentType})`)])).toEqual([
      ['the mockApi fixture: a test that fails', 'failed', ['workspace-api-mock evidence (application/json)', 'error-context (text/markdown)']],
      ['the mockApi fixture: a test that passes gets no evidence', 'passed', []],
      ['the mockSession fixture: a test that fails', 'failed', ['workspace-api-mock evidence (application/json)', 'error-context (text/markdown)']],
      ['the mockSession fixture: a test that passes gets no evidence', 'passed', []],
    ])
    expect(run.output.split('MockEvidence:')).toHaveLength(3)
  })

  test('each attachment holds its test, the scenario and seed, the faults in force, the requests with why, the state the test started from', async () => {
    const api = createMockApi({ scenario: 'multi-tenant', seed: 9 })
    await api.ready
    const fromPage = readEvidence(fileOf('mockApi'))
    expect(fromPage).toMatchObject({
      test: { runner: 'playwright', fixture: 'mockApi', title: ['the mockApi fixture: a test that fails'], file: 'test/evidence/fixtures/mock-api.spec.ts' },
      scenario: 'multi-tenant',
      seed: 9,
      faults: [{ id: 1, type: 'fail', target: 'listApplications', status: 503, times: 1, hits: 1 }],
      overrides: [],
      journal: { left: 0 },
    })
    expect(fromPage.journal.entries.map((entry) => [entry.status, entry.why.decision.kind])).toEqual([[200, 'operation'], [503, 'fault'], [200, 'operation'], [404, 'lookup']])
    expect(fromPage.state).toEqual(api.snapshot())
    const fromSession = readEvidence(fileOf('mockSession'))
    expect(fromSession).toMatchObject({
      test: { runner: 'playwright', fixture: 'mockSession', title: ['the mockSession fixture: a test that fails'], file: 'test/evidence/fixtures/mock-session.spec.ts' },
      scenario: 'multi-tenant',
      seed: 9,
      faults: [],
      overrides: [],
    })
    expect(fromSession.journal.entries.map((entry) => [entry.method, entry.status, entry.why.decision.kind])).toEqual([['POST', 200, 'operation'], ['GET', 200, 'operation'], ['GET', 404, 'lookup']])
    // The session started from the preset, with credentials of its own, its icons at the server's origin.
    const served = createMockApi({ scenario: 'multi-tenant', seed: 9, assetsOrigin: new URL((fromSession.state!.workspaces[0]!.icons as { base: string }).base).origin })
    await served.ready
    expect({ ...fromSession.state, accounts: [] }).toEqual({ ...served.snapshot(), accounts: [] })
    for (const evidence of [fromPage, fromSession]) for (const entry of evidence.journal.entries) expect(entry.headers['x-api-secret']).toBe('[redacted]')
  })

  test.each(FIXTURES)('the demo server serves the %s evidence: the answers the test saw', async (fixture) => {
    const evidence = readEvidence(fileOf(fixture))
    const cli = await startCli(['--state', fileOf(fixture)])
    try {
      expect(await replay(cli.url, evidence)).toBe(3)
    } finally {
      await cli.stop()
    }
  })
})
