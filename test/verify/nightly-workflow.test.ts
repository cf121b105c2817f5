/**
 * The nightly recipe of docs/verify.md, examples/verify-nightly/verify-nightly.yml: a GitHub Actions
 * workflow, parsed (a schedule, read-only permissions, the credentials from secrets through the
 * environment, the artifacts kept when the job fails), and its verify line run as written against the demo
 * server, in a folder laid out as the recipe says (mock/api-changes.ts, verify/baseline.json): nothing new
 * since the baseline, exit code 0, and out/ holds the files the artifact step keeps.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parse } from 'yaml'
import { startMockServer, withCredentials, type MockServer } from '../../src/node/index.ts'
import { verifyInProcess } from './in-process.ts'

const WORKFLOW = new URL('../../examples/verify-nightly/verify-nightly.yml', import.meta.url)

interface Step {
  uses?: string
  run?: string
  if?: string
  env?: Record<string, string>
  with?: Record<string, unknown>
}
const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as {
  on: { schedule: Array<{ cron: string }>; workflow_dispatch: unknown }
  permissions: Record<string, string>
  jobs: { verify: { 'runs-on': string; steps: Step[] } }
}
const steps = workflow.jobs.verify.steps
const verifyStep = steps.find((step) => step.run?.includes('workspace-api-mock verify'))!
const verifyLine = verifyStep.run!.split('\n').find((line) => line.startsWith('npx workspace-api-mock verify '))!
const argsOf = (line: string) => line.replace('npx workspace-api-mock verify ', '').split(' ')

let server: MockServer
let folder: string
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: withCredentials('demo', { apiKey: 'nightly-key', apiSecret: 'nightly-secret' }) })
  folder = mkdtempSync(join(tmpdir(), 'verify-nightly-'))
})
afterAll(async () => {
  await server?.close()
  rmSync(folder, { recursive: true, force: true })
})

test('the workflow runs nightly and by hand, reads nothing it need not, and keeps the files when the job fails', () => {
  expect(workflow.on.schedule[0]!.cron).toMatch(/^\d+ \d+ \* \* \*$/)
  expect(workflow.on).toHaveProperty('workflow_dispatch')
  expect(workflow.permissions).toEqual({ contents: 'read' })
  expect(steps.map((step) => step.uses ?? step.run?.split('\n')[0])).toEqual(['actions/checkout@v4', 'actions/setup-node@v4', 'npm ci', 'mkdir -p out', 'actions/upload-artifact@v4'])
  // The package needs Node 22.12 or later.
  expect(Number(steps[1]!.with!['node-version'])).toBeGreaterThanOrEqual(22)
  // The credentials come from secrets, through the environment, never written in the line.
  expect(verifyStep.env).toEqual({ API_KEY: '${{ secrets.STAGING_API_KEY }}', API_SECRET: '${{ secrets.STAGING_API_SECRET }}' })
  expect(argsOf(verifyLine).slice(2, 6)).toEqual(['--api-key', '"$API_KEY"', '--api-secret', '"$API_SECRET"'])
  const upload = steps.at(-1)!
  expect(upload.if).toBe('always()')
  // What the command writes is what the artifact keeps.
  const words = argsOf(verifyLine)
  for (const flag of ['--report', '--junit', '--operations-out']) expect(words[words.indexOf(flag) + 1]!.startsWith(`${upload.with!.path}`), flag).toBe(true)
})

test("the workflow's verify line, run as written against the demo server: nothing new since the baseline, the files in out/", { timeout: 60_000 }, async () => {
  mkdirSync(join(folder, 'mock'))
  mkdirSync(join(folder, 'verify'))
  mkdirSync(join(folder, 'out'))
  cpSync(new URL('../../examples/extending/api-changes.ts', import.meta.url), join(folder, 'mock/api-changes.ts'))
  const words = argsOf(verifyLine).map((word) => ({ 'https://staging.example.com': server.url, '"$API_KEY"': 'nightly-key', '"$API_SECRET"': 'nightly-secret' })[word] ?? word)
  const inFolder = (list: string[]) => list.map((word, index) => (list[index - 1]?.startsWith('--') && /\//.test(word) && !word.startsWith('http') ? join(folder, word) : word))
  // The accepted report: a first run's (this service lacks the module's DELETE and status: they differ).
  const accepted = inFolder(words.filter((_, index) => !['--baseline', '--junit', '--operations-out'].includes(words[index]!) && !['--baseline', '--junit', '--operations-out'].includes(words[index - 1]!)))
  const first = await verifyInProcess([...accepted.map((word) => word.replace(/out\/report\.json$/, 'verify/baseline.json')), '--rate', '1000'])
  expect(first.code).toBe(1)
  const nightly = await verifyInProcess([...inFolder(words), '--rate', '1000'])
  expect(nightly.stderr).toBe('')
  expect(nightly.code).toBe(0)
  expect(nightly.stdout).toMatch(/^since the baseline .*verify\/baseline\.json \(.*\): 0 new, 0 gone, [1-9]\d* unchanged$/m)
  for (const file of ['report.json', 'junit.xml', 'found.ts']) expect(existsSync(join(folder, 'out', file)), file).toBe(true)
  expect(readFileSync(join(folder, 'out/junit.xml'), 'utf8')).not.toContain('<failure')
})
