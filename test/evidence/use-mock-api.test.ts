/**
 * useMockApi's evidence of a failed test, as a consumer meets it: a Vitest run (a child process, the
 * default reporter) of fixtures/use-mock-api.spec.ts, whose first test fails on purpose after 24 requests.
 * Its output carries the table; its attachment is the evidence file, which the demo server serves with
 * `--state` (the command as a child process), answering the test's requests as the test saw them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import type { Evidence } from '../../src/evidence/shape.ts'
import { TABLE_ROWS } from '../../src/evidence/table.ts'
import { startCli } from '../cli/cli-process.ts'
import { jsonFilesUnder, readEvidence, replay, reportOf, runChild, type ChildRun } from './support.ts'

const VITEST = 'node_modules/vitest/vitest.mjs'
const FAILING = "opens another organization's workspace"

describe("useMockApi: a failed test's evidence", () => {
  const folder = mkdtempSync(join(tmpdir(), 'wam-evidence-vitest-'))
  let run: ChildRun
  let files: string[]
  let evidence: Evidence

  beforeAll(async () => {
    run = await runChild([VITEST, 'run', '--config', 'test/evidence/fixtures/vitest.config.ts'], { WAM_EVIDENCE_DIR: folder })
    files = jsonFilesUnder(folder)
    evidence = readEvidence(files[0]!)
  }, 240_000)
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  test('the failure output carries a table of the requests: newest last, the last 20, why in one line', () => {
    expect(run.code, run.output).toBe(1)
    expect(run.output).toMatch(/Tests {2}1 failed \| 1 passed \| 1 expected fail \(3\)/)
    const [head, ...rest] = reportOf(run.output, `> ${FAILING}\nMockEvidence`)
    expect(head).toBe(`MockEvidence: workspace-api-mock: the requests the mock saw during this test, newest last (the last ${TABLE_ROWS} of 24):`)
    const rows = rest.slice(0, -2)
    expect(rows).toHaveLength(TABLE_ROWS)
    expect(rows.map((row) => Number(/^#(\d+) /.exec(row)![1]))).toEqual(Array.from({ length: TABLE_ROWS }, (_, i) => i + 5))
    expect(rows[14]).toMatch(/^#19 {2}POST {2}\/api\/workspaces +200 {2}createWorkspace$/)
    expect(rows[15]).toMatch(/^#20 {2}POST {2}\/api\/workspaces +422 {2}invalid body\.name: Too small: expected string to have >=1 characters$/)
    expect(rows[16]).toMatch(/^#21 {2}GET {3}\/api\/applications +503 {2}fault 1: fail with 503 on listApplications$/)
    expect(rows[17]).toMatch(/^#22 {2}GET {3}\/api\/workspaces\/wse_0{32} +200 {2}an override answered$/)
    expect(rows.at(-1)).toMatch(/^#24 {2}GET {3}\/api\/workspaces\/(wse_\w+) +404 {2}workspace \1: another organization's \(answered as missing\)$/)
    expect(rest.at(-2)).toBe(`Evidence: ${files[0]}`)
    expect(rest.at(-1)).toBe(`Serve the state this test started from: npx workspace-api-mock --state ${files[0]}`)
  })

  test('the tests that passed get nothing (one of them expected to fail, and failing): one report, one attachment', () => {
    expect(run.output.split('MockEvidence:')).toHaveLength(2)
    expect(files).toHaveLength(1)
  })

  test('the attachment holds the test, its scenario and seed, the faults and overrides in force, every request with why, the state it started from', async () => {
    expect(evidence).toMatchObject({
      format: 'workspace-api-mock evidence',
      version: 1,
      test: { runner: 'vitest', fixture: 'useMockApi', title: ['the workspace page', FAILING], file: 'test/evidence/fixtures/use-mock-api.spec.ts' },
      scenario: 'multi-tenant',
      seed: 5,
      faults: [{ id: 1, type: 'fail', target: 'listApplications', status: 503, detail: 'maintenance', hits: 1 }],
      overrides: [{ operation: 'getWorkspace', once: true }],
      journal: { left: 0 },
    })
    const { entries } = evidence.journal
    expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1))
    expect(entries.at(-1)).toMatchObject({ status: 404, why: { decision: { kind: 'lookup', collection: 'workspaces', reason: 'other-organization' } } })
    expect(entries[20]!.why.decision).toMatchObject({ kind: 'fault', fault: { id: 1, status: 503 } })
    const api = createMockApi({ scenario: 'multi-tenant', seed: 5 })
    await api.ready
    expect(evidence.state).toEqual(api.snapshot())
  })

  test("no secret but the state's own: the journal's are redacted, the accounts keep theirs to sign in with", () => {
    const text = readFileSync(files[0]!, 'utf8')
    const secrets = evidence.state!.accounts.map((account) => account.apiSecret as string)
    expect(secrets.length).toBeGreaterThan(0)
    for (const entry of evidence.journal.entries) expect(entry.headers['x-api-secret']).toBe('[redacted]')
    const withoutAccounts = JSON.stringify({ ...evidence, state: { ...evidence.state, accounts: [] } })
    for (const secret of secrets) {
      expect(text).toContain(secret)
      expect(withoutAccounts).not.toContain(secret)
    }
  })

  test('the demo server serves the evidence file: the test seed, and the answers the test saw', async () => {
    /* docs/evidence.md, "Serving it again": the command this starts, with the file the failed test left
npx workspace-api-mock --state test-results/<test>/workspace-api-mock-evidence.json
    */
    const cli = await startCli(['--state', files[0]!])
    try {
      expect(await replay(cli.url, evidence)).toBe(22)
    } finally {
      await cli.stop()
    }
  })
})
