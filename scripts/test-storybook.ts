/**
 * `npm run test:storybook`: the Storybook part of the kit as a user gets it, too slow for npm test (a
 * Storybook install, a Vite build and two Chromium runs), so CI runs it as its own step.
 *
 * 1. `npm pack` of a fresh copy of the repository (its `prepack` builds dist/), installed with the example's
 *    own package.json into a copy of examples/storybook.
 * 2. The commands docs/storybook.md gives for that folder (`usage-run: examples/storybook`): MSW's worker
 *    script, the stories as Vitest browser tests through @storybook/addon-vitest in Chromium (the CSF 3,
 *    CSF Next and msw-storybook-addon Storybooks of the example), with the kit's coverage reporter beside
 *    (the story renders' API coverage, docs/coverage.md), `storybook build` (the CSF 3 one).
 * 3. The example type-checked, and the shipped types of workspace-api-mock/storybook with skipLibCheck off.
 * 4. The static build served and opened in Chromium: every story renders, its play function passes and the
 *    page logs no console error (screenshots in reports/storybook/); then, in the Storybook UI itself,
 *    SlowList followed by AfterSlowList and Create followed by AfterCreate, clicked in the sidebar; and a
 *    story's bare iframe.html followed by the Storybook UI in the same tab (MSW's worker left the page).
 * 5. `storybook dev` opened in Chromium: one story, the same three sequences.
 *
 * Writes reports/storybook-counts.json (`{ passed, failed, skipped, commit, seconds, checks }`, through
 * scripts/step-report.ts: npm test counts it when it is of its commit) and ends with the plain line
 * `N passed, N failed`; exits non-zero when anything failed.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { once } from 'node:events'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium.ts'
import { countLine } from '../test/support/count-reporter.ts'
import { packFreshCopy, userEnv } from '../test/support/packed.ts'
import { clearStepReport, writeStepReport } from './step-report.ts'
import { checkDevStorybook, checkStaticStorybook } from './storybook/browser-checks.ts'
import type { CoverageDocument } from '../src/coverage/document.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const EXAMPLE = join(ROOT, 'examples/storybook')
const REPORTS = join(ROOT, 'reports')
const SHOTS = join(REPORTS, 'storybook')

export interface Check {
  name: string
  ok: boolean
  detail?: string
}

const checks: Check[] = []
const started = Date.now()

function record(name: string, ok: boolean, detail?: string): boolean {
  checks.push(detail === undefined ? { name, ok } : { name, ok, detail })
  // The seconds since the start: where the run's time goes.
  const at = `[${Math.round((Date.now() - started) / 1000)} s]`
  console.log(`${ok ? '✓' : '✗'} ${at} ${name}${ok || !detail ? '' : `\n${detail.replace(/^/gm, '    ')}`}`)
  return ok
}

/** The user's environment (test/support/packed.ts), without Storybook's telemetry, with Chromium's path. */
function storybookEnv(): NodeJS.ProcessEnv {
  return { ...userEnv(), STORYBOOK_DISABLE_TELEMETRY: '1', CHROMIUM_PATH: CHROMIUM }
}

async function sh(line: string, cwd: string): Promise<{ code: number; output: string }> {
  const child = spawn('sh', ['-c', line], { cwd, env: storybookEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const [code] = (await once(child, 'close')) as [number]
  return { code, output: output.replace(/\x1b\[[0-9;]*m/g, '') }
}

/** The commands docs/storybook.md runs in the example (its `usage-run: examples/storybook` blocks, in order). */
function documentedCommands(): string[] {
  const doc = readFileSync(join(ROOT, 'docs/storybook.md'), 'utf8')
  const blocks = [...doc.matchAll(/<!-- usage-run: examples\/storybook -->\n```sh\n([\s\S]*?)```/g)]
  if (blocks.length === 0) throw new Error('docs/storybook.md has no `usage-run: examples/storybook` block')
  return blocks.flatMap((block) => block[1]!.split('\n')).map((line) => line.trim()).filter((line) => line && !line.startsWith('#'))
}

/** Vitest's JSON report: one check per story test. */
function storyTests(file: string): void {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }> }>
  }
  for (const suite of report.testResults) {
    for (const test of suite.assertionResults) {
      if (test.status === 'skipped' || test.status === 'pending') continue
      record(`addon-vitest: ${relative(dirname(file), suite.name)} > ${test.fullName}`, test.status === 'passed', test.failureMessages.join('\n').slice(0, 2000))
    }
  }
}

/**
 * The coverage document the kit's Vitest reporter wrote for the stories under addon-vitest: the renders'
 * mocks (made in the browser) reached the outcomes the stories drive (docs/coverage.md, "Vitest").
 */
function storyCoverage(file: string): void {
  const name = "addon-vitest with workspace-api-mock/vitest's reporter: the story renders' API coverage"
  if (!existsSync(file)) return void record(name, false, `no ${file}`)
  const document = JSON.parse(readFileSync(file, 'utf8')) as CoverageDocument
  const count = (operation: string, outcome: string) => document.outcomes.find((o) => o.operation === operation && o.outcome === outcome)?.count ?? 0
  // SlowList's requests are never answered (the next story aborts them): a journal, and coverage, count answers.
  const expected: Array<[string, string]> = [
    ['listWorkspaces', '200'],
    ['createWorkspace', '200'],
    ['listApplications', 'page:first'],
    ['listApplications', 'page:middle'],
  ]
  const missing = expected.filter(([operation, outcome]) => count(operation, outcome) === 0).map((cell) => cell.join(' '))
  const override = document.others.some((other) => other.operation === 'listWorkspaces' && other.outcome === 'override:503')
  record(name, missing.length === 0 && override, `${document.summary.requests} requests; missing: ${missing.join(', ') || 'none'}; override:503 counted: ${override}`)
}

/** The shipped declarations of the entry, type-checked alone with skipLibCheck off. */
async function checkKitTypes(consumer: string): Promise<void> {
  writeFileSync(
    join(consumer, 'kit-types.ts'),
    `import { mockApiAddon, mockApiLoader, mockApiCleanup, mockApiOf, type MockApiParameters, type StoryMock } from 'workspace-api-mock/storybook'
const parameters: MockApiParameters = { scenario: 'demo', seed: 1, faults: { slow: { type: 'latency', target: '*', latency: [10, 20] } }, overrides: [{ operation: 'listWorkspaces', problem: { status: 503, detail: 'x' } }] }
// @ts-expect-error an override names its operation (any name: operations of your own are overridden by theirs, checked when the story loads)
const wrong: MockApiParameters = { overrides: [{ respond: [] }] }
const loaded: StoryMock = mockApiOf({ loaded: {} })
export { parameters, wrong, loaded, mockApiAddon, mockApiLoader, mockApiCleanup }
`,
  )
  writeFileSync(
    join(consumer, 'tsconfig.kit.json'),
    JSON.stringify({ compilerOptions: { target: 'es2023', module: 'esnext', moduleResolution: 'bundler', lib: ['es2023', 'dom'], strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ['kit-types.ts'] }),
  )
  const { code, output } = await sh('node node_modules/typescript/bin/tsc -p tsconfig.kit.json', consumer)
  record('the shipped types of workspace-api-mock/storybook check with skipLibCheck off', code === 0 && output === '', output)
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** `storybook dev` in the example on a free port, checked in Chromium, then stopped (its process group). */
async function checkDev(consumer: string): Promise<void> {
  const port = await freePort()
  const child = spawn('npx', ['storybook', 'dev', '--ci', '--no-open', '--port', String(port)], { cwd: consumer, env: storybookEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const base = `http://127.0.0.1:${port}`
  try {
    const deadline = Date.now() + 90_000
    let up = false
    while (!up && Date.now() < deadline && child.exitCode === null) {
      up = await fetch(`${base}/iframe.html`).then((response) => response.ok, () => false)
      if (!up) await new Promise((resolve) => setTimeout(resolve, 500))
    }
    if (!record('storybook dev serves the example', up, output.slice(-3000))) return
    for (const check of await checkDevStorybook(base, SHOTS, { executablePath: CHROMIUM, args: CHROMIUM_ARGS })) record(check.name, check.ok, check.detail)
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM')
  }
}

async function main(): Promise<void> {
  rmSync(SHOTS, { recursive: true, force: true })
  mkdirSync(SHOTS, { recursive: true })
  const stage = mkdtempSync(join(tmpdir(), 'wam-storybook-'))
  try {
    const { tarball } = await packFreshCopy(stage)
    record('npm pack of a fresh copy (prepack builds dist/, with dist/storybook/)', true)
    const consumer = join(stage, 'storybook')
    cpSync(EXAMPLE, consumer, { recursive: true, filter: (source) => !/[\\/](node_modules|public|storybook-static)$/.test(source) })
    const installed = await sh(`npm install --no-audit --no-fund --prefer-offline ${JSON.stringify(tarball)}`, consumer)
    if (!record('the tarball installs into examples/storybook with its own package.json', installed.code === 0, installed.output)) return

    for (const line of documentedCommands()) {
      const vitest = /^npx vitest run\b/.test(line)
      const report = join(stage, 'vitest.json')
      // With the kit's coverage reporter beside (docs/coverage.md): the stories' renders are what it counts.
      const command = vitest ? `${line} --reporter=default --reporter=json --outputFile.json=${JSON.stringify(report)} --reporter=workspace-api-mock/vitest` : line
      const { code, output } = await sh(command, consumer)
      if (vitest && existsSync(report)) storyTests(report)
      if (vitest) storyCoverage(join(consumer, 'api-coverage/coverage.json'))
      record(`docs/storybook.md: ${line}`, code === 0, output.slice(-4000))
    }
    const tsc = await sh('node node_modules/typescript/bin/tsc -p tsconfig.json', consumer)
    record('the example type-checks (CSF 3, CSF Next and the msw-storybook-addon recipe)', tsc.code === 0 && tsc.output === '', tsc.output)
    await checkKitTypes(consumer)
    const built = join(consumer, 'storybook-static')
    if (!record('storybook build wrote the static Storybook', existsSync(join(built, 'index.json')) && existsSync(join(built, 'mockServiceWorker.js')))) return
    for (const check of await checkStaticStorybook(built, SHOTS, { executablePath: CHROMIUM, args: CHROMIUM_ARGS })) record(check.name, check.ok, check.detail)
    await checkDev(consumer)
  } catch (error) {
    record('the Storybook run finished', false, (error as Error).stack)
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}

// A run that crashes leaves no counts of this commit, which npm test in CI counts as a failure.
clearStepReport('storybook')
await main()
const failed = checks.filter((check) => !check.ok).length
const counts = { passed: checks.length - failed, failed, skipped: 0 }
const seconds = Math.round((Date.now() - started) / 1000)
writeStepReport('storybook', counts, { seconds, checks })
console.log(`\nStorybook: ${seconds} s, screenshots in ${relative(ROOT, SHOTS)}/, counts in reports/storybook-counts.json`)
console.log(countLine(counts))
process.exitCode = failed === 0 ? 0 : 1
