/**
 * `workspace-api-mock verify` against the demo server on a real socket, through the command as a user runs
 * it, and in-process against `api.handle`: every check `same`, score 100, exit code 0, with and without
 * `--write`; the report and JUnit files in their documented shapes; no secret in anything written.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, DEFAULT_PROFILE } from '../../src/index.ts'
import { startMockServer, withCredentials, type MockServer } from '../../src/node/index.ts'
import { probesOf } from '../../src/verify/probes.ts'
import { DEFAULT_SURFACE } from '../../src/handlers/routing/operation-table.ts'
import { runVerify } from '../../src/verify/run.ts'
import { spawn } from 'node:child_process'
import { CLI, runCli } from '../cli/cli-process.ts'
import { verifyInProcess } from './in-process.ts'

const KEY = 'verify-key'
const SECRET = 'verify-secret-do-not-print'
let server: MockServer
let dir: string

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: withCredentials('demo', { apiKey: KEY, apiSecret: SECRET }) })
  dir = mkdtempSync(join(tmpdir(), 'verify-'))
})
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('against the demo server', () => {
  test.each([[false], [true]])('write %s: every check same, score 100, exit 0; report and JUnit written', async (write) => {
    const report = join(dir, `report-${write}.json`)
    const junit = join(dir, `junit-${write}.xml`)
    const args = ['verify', '--target', server.url, '--api-key', KEY, '--api-secret', SECRET, '--rate', '1000', '--report', report, '--junit', junit]
    // The command as a process with --write; without, the same function in-process (in-process.ts).
    const run = write ? await runCli([...args, '--write']) : await verifyInProcess(args)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const parsed = JSON.parse(readFileSync(report, 'utf8'))
    expect(Object.keys(parsed)).toEqual(['target', 'startedAt', 'score', 'checks', ...(write ? ['wrote'] : [])])
    if (write) {
      // What stays on the target: the workspace verify created, and the update of its description.
      expect(parsed.wrote).toEqual([expect.stringMatching(/^POST \/api\/workspaces$/), expect.stringMatching(/^PUT \/api\/workspaces\/wse_[0-9a-f]{32}$/)])
      expect(readFileSync(junit, 'utf8')).toContain(`<property name="wrote" value="${parsed.wrote.join('; ')}"/>`)
    }
    expect(parsed.score).toBe(100)
    for (const check of parsed.checks) {
      expect(Object.keys(check)).toEqual(['id', 'topic', 'request', 'expected', 'observed', 'verdict'])
      expect(Object.keys(check.request)).toEqual(['method', 'path'])
    }
    expect(parsed.checks.filter((c: { verdict: string }) => c.verdict !== 'same')).toEqual([])
    const lines = run.stdout.trimEnd().split('\n')
    // The checks' lines, the totals, then where the files went.
    expect(lines.slice(-2)).toEqual([`wrote the report to ${report}`, `wrote the JUnit report to ${junit}`])
    const totals = /^(\d+) checks covering (\d+) decision topics: \1 same, 0 differ, 0 not observed; score 100$/.exec(lines.at(-3)!)
    expect(totals, lines.at(-3)).not.toBeNull()
    expect(Number(totals![1])).toBe(parsed.checks.length)
    expect(Number(totals![2])).toBe(write ? 25 : 22)
    // docs/verify.md states both runs' numbers.
    const stated = /reports (\d+) checks covering (\d+) of the (\d+) topics of \S+, all `same` \((\d+) checks and (\d+) topics with `--write`/.exec(verifyPage())!
    expect([Number(stated[write ? 4 : 1]), Number(stated[write ? 5 : 2])]).toEqual([Number(totals![1]), Number(totals![2])])
    expect(lines.filter((line) => line.startsWith('same '))).toHaveLength(parsed.checks.length)
    const xml = readFileSync(junit, 'utf8')
    expect(xml.match(/<testcase /g)).toHaveLength(parsed.checks.length)
    expect(xml).not.toMatch(/<failure|<skipped/)
    for (const text of [run.stdout, readFileSync(report, 'utf8'), xml]) expect(text).not.toContain(SECRET)
    if (write) expect(run.stdout).toMatch(/^wrote to http:\/\/127\.0\.0\.1:\d+: POST \/api\/workspaces; PUT \/api\/workspaces\/wse_[0-9a-f]{32}$/m)
  })
})

test.each([[false], [true]])('in-process against api.handle, write %s: every check same', async (write) => {
  const api = createMockApi({ scenario: 'demo', seed: 1, strict: false })
  await api.ready
  const { report } = await runVerify({
    target: 'http://in-process.test',
    credentials: api.credentials,
    write,
    rate: 1e6,
    timeout: 5000,
    fetch: async (request) => (await api.handle(request))!,
  })
  expect(report.checks.filter((check) => check.verdict !== 'same')).toEqual([])
  expect(report.score).toBe(100)
})

/** docs/verify.md, its lines joined (a sentence may wrap anywhere). */
function verifyPage(): string {
  return readFileSync(new URL('../../docs/verify.md', import.meta.url), 'utf8').replace(/\s+/g, ' ')
}

/** The topics of docs/spec-decisions.md: each `### heading` and its closing `Verify: ...` line. */
function specTopics(): Array<{ topic: string; verify: string }> {
  const page = readFileSync(new URL('../../docs/spec-decisions.md', import.meta.url), 'utf8')
  return page.split(/^### /m).slice(1).map((section) => {
    const verify = /^Verify: (.+)\.$/m.exec(section)
    if (!verify) throw new Error(`docs/spec-decisions.md: "${section.split('\n')[0]}" has no "Verify: ..." line`)
    return { topic: section.split('\n')[0]!, verify: verify[1]! }
  })
}

test('docs/spec-decisions.md says, topic by topic, what verify observes and which knobs the profile has', () => {
  const rows = specTopics()
  expect(verifyPage()).toContain(`of the ${rows.length} topics of`)
  const observed = rows.filter((row) => row.verify.startsWith('observed')).map((row) => row.topic)
  expect(observed.sort()).toEqual([...new Set(probesOf(true, DEFAULT_SURFACE).flatMap((probe) => Object.values(probe.checks)))].sort())
  const knobs = rows.flatMap((row) => [...row.verify.matchAll(/`([a-zA-Z.{},]+)`/g)].map((m) => m[1]!)).filter((knob) => !knob.startsWith('--'))
  const top = (knob: string) => knob.split('.')[0]!
  expect([...new Set(knobs.map(top))].sort()).toEqual(Object.keys(DEFAULT_PROFILE).sort())
  expect(rows.filter((row) => row.verify.includes('with `--write`')).map((row) => row.topic).sort()).toEqual(
    [...new Set(probesOf(true, DEFAULT_SURFACE).filter((probe) => probe.write).flatMap((probe) => Object.values(probe.checks)))].filter((topic) => !probesOf(false, DEFAULT_SURFACE).some((probe) => Object.values(probe.checks).includes(topic))).sort(),
  )
})

test('the command prints each check as it is judged, long before the run ends', async () => {
  // Two requests a second: the whole run would take over a minute; the first lines come within seconds.
  const child = spawn(process.execPath, [CLI, 'verify', '--target', server.url, '--api-key', KEY, '--api-secret', SECRET, '--rate', '2'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
  try {
    await expect.poll(() => stdout.split('\n').filter((line) => /^same {9}\S+ +\S+ \/api\//.test(line)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
    expect(child.exitCode).toBeNull()
    expect(stdout).not.toMatch(/checks covering/)
  } finally {
    child.kill()
  }
})

test('runVerify tells onCheck each check in the order of the report, as it is judged', async () => {
  const api = createMockApi({ scenario: 'demo', seed: 1, strict: false })
  await api.ready
  const told: unknown[] = []
  const { report } = await runVerify({
    target: 'http://in-process.test',
    credentials: api.credentials,
    write: false,
    rate: 1e6,
    timeout: 5000,
    fetch: async (request) => (await api.handle(request))!,
    onCheck: (check) => told.push(check),
  })
  expect(told).toEqual(report.checks)
  expect(told.length).toBeGreaterThan(100)
})
