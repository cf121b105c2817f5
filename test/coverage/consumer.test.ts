/**
 * The proof of coverage (docs/coverage.md) and of the pact the reporters write (docs/contract.md):
 * examples/coverage-consumer, a consumer project, run with its own runners against the package as its
 * entries ship (test/support/staged-package.ts). Its Vitest suite (two workers; then two shards, merged by
 * `vitest --merge-reports` and by `workspace-api-mock coverage merge`) and its Playwright suite (two
 * workers, Debian's Chromium) each write the coverage document of exactly what the suite did; the gate
 * fails a passing run when a required outcome was never answered and passes it when it was. The Vitest
 * suite's pact is the same bytes with one worker and two, run after run, sharded or not; Pact's verifier
 * replays it against the demo server as the provider, and PactFlow's comparator holds it against the
 * mock's OpenAPI document. The HTML page is looked at in Chromium (a screenshot in test-results/coverage/).
 * In `npm run test:browser`: it starts Vitest seven times and Playwright twice.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PactV4 } from '../../src/contract/pact.ts'
import type { CoverageDocument } from '../../src/coverage/document.ts'
import { startMockServer } from '../../src/node/index.ts'
import { compareWithDocument, KIT_DOCUMENT, verifyPact } from '../contract/pact-checks.ts'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'
import { userEnv } from '../support/packed.ts'
import { stageExample } from '../support/staged-package.ts'

const RESULTS = fileURLToPath(new URL('../../test-results/coverage/', import.meta.url))

/** What the Vitest suite's seven tests answer, outcome by outcome: the tests say why each is there. */
const VITEST_REACHED = {
  'listWorkspaces 200': 3, // lists.test.ts: the list, and the list before the pages; tenancy.test.ts: before the 503
  'listWorkspaces 401:unknown-key': 1,
  'createWorkspace 200': 1,
  'createWorkspace 422:body.name': 1,
  'getWorkspace 200': 1, // the retry after the 503
  'getWorkspace 404:workspaces:other-organization': 1,
  'getWorkspace fault:503': 1,
  'listApplications 200': 4, // the first workspace of demo, seed 42, has 36 applications: four pages of ten
  'listApplications page:first': 1,
  'listApplications page:middle': 2,
  'listApplications page:last': 1,
  'listApplications page_size:min': 4,
}

/** The interactions of the suite's pact: what its seven tests relied on, one per operation, outcome and request shape. */
const PACT_INTERACTIONS = [
  'Create workspace: 200 OK (body name)',
  'Create workspace: 422 Unprocessable Entity, invalid body.name (body name)',
  'Get workspace: 200 OK',
  'Get workspace: 404 Not Found, workspace of another organization',
  'Get workspace: 503 Service Unavailable, the operation fails',
  'List applications: 200 OK (query current_page, page_size)',
  'List workspaces: 200 OK',
  'List workspaces: 401 Unauthorized, an API key no principal has',
]

/** The page's three tests, and the session's (session.spec.ts, a demo server the worker started). */
const PLAYWRIGHT_REACHED = { 'listWorkspaces 200': 1, 'listWorkspaces fault:429': 1, 'listWorkspaces fault:503': 1, 'getWorkspace 404:workspaces:not-found': 1 }

/** A command in the project (node, unless `file` says otherwise): its exit code and output. */
async function run(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}, file = process.execPath): Promise<{ code: number; output: string }> {
  const child = spawn(file, args, { cwd, env: { ...userEnv(), FORCE_COLOR: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const [code] = (await once(child, 'close')) as [number]
  return { code, output: output.replace(/\x1b\[[0-9;]*m/g, '') }
}

const read = (path: string) => readFileSync(path, 'utf8')
const reached = (document: CoverageDocument) => Object.fromEntries(document.outcomes.filter((o) => o.count > 0).map((o) => [`${o.operation ?? '(routing)'} ${o.outcome}`, o.count]))

describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('examples/coverage-consumer: the coverage of a consumer suite', { timeout: 180_000 }, () => {
  let project: string
  const vitest = (...args: string[]) => ['../node_modules/vitest/vitest.mjs', ...args]
  const playwright = (...args: string[]) => ['../node_modules/@playwright/test/cli.js', 'test', ...args]

  beforeAll(async () => {
    project = await stageExample('examples/coverage-consumer')
  }, 60_000)
  afterAll(() => {
    if (project) rmSync(dirname(project), { recursive: true, force: true })
  })

  test('Vitest, two workers: the document says what the suite did, the gate passes, JUnit and the page beside it', async () => {
    const { code, output } = await run(project, vitest('run'))
    expect(output).toMatch(/Tests\s+7 passed \(7\)/)
    expect(code, output).toBe(0)
    const document = JSON.parse(read(join(project, 'api-coverage/coverage.json'))) as CoverageDocument
    expect(reached(document)).toEqual(VITEST_REACHED)
    expect(document.others).toEqual([])
    expect(document.mocks).toEqual([{ scenario: 'demo', seed: 42, requests: 9 }, { scenario: 'multi-tenant', seed: 7, requests: 4 }])
    expect(document.summary).toMatchObject({ requests: 13, operations: { reached: 4, total: 6 }, outcomes: { reached: 12, total: 95 }, topics: { reached: 5, total: 13 } })
    expect(document.summary.holes.slice(0, 3)).toEqual(['401 for a missing header on any operation', '401 for a wrong secret on any operation', '429'])
    expect(document.summary.holes).toContain('a page past the end on listApplications')
    expect(output).toContain('API coverage: 4 of 6 operations, 12 of 95 outcomes (12%), 5 of 13 decision topics; 13 requests from 2 mocks\nnever answered: 401 for a missing header on any operation; 401 for a wrong secret on any operation; 429; 500; a dropped connection; latency (and 25 more in api-coverage/coverage.json)\n')
    expect(output).not.toContain('API coverage gate')
    const junit = read(join(project, 'api-coverage/junit.xml'))
    expect(junit).toContain('<testsuites name="workspace-api-mock coverage" tests="95" failures="0" skipped="83">')
    expect(read(join(project, 'api-coverage/index.html'))).toContain('<h1>API coverage</h1>')
    const pact = JSON.parse(read(join(project, 'api-coverage/pact.json'))) as PactV4
    expect(pact.interactions.map((one) => one.description)).toEqual(PACT_INTERACTIONS)
    expect(pact).toMatchObject({ consumer: { name: 'web-app' }, provider: { name: 'workspace-api' }, metadata: { 'workspace-api-mock': { mocks: [{ scenario: 'demo', seed: 42 }, { scenario: 'multi-tenant', seed: 7 }] } } })
    expect(output).toContain(`API coverage pact: ${PACT_INTERACTIONS.length} interactions in api-coverage/pact.json\n`)
  })

  test('the pact: the same bytes with one worker as with two, and run after run', async () => {
    const twoWorkers = read(join(project, 'api-coverage/pact.json'))
    const one = await run(project, vitest('run', '--maxWorkers=1'), { API_COVERAGE_DIR: 'one-worker' })
    expect(one.code, one.output).toBe(0)
    expect(read(join(project, 'one-worker/pact.json'))).toBe(twoWorkers)
    const again = await run(project, vitest('run'), { API_COVERAGE_DIR: 'again' })
    expect(again.code, again.output).toBe(0)
    expect(read(join(project, 'again/pact.json'))).toBe(twoWorkers)
  })

  test("Pact's verifier replays the pact against the demo server as the provider, its states set up through the admin routes: every interaction passes", { timeout: 120_000 }, async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty' })
    try {
      const { interactionResults } = await verifyPact(join(project, 'api-coverage/pact.json'), server.url, server)
      expect(interactionResults.map((one) => one.description).sort()).toEqual([...PACT_INTERACTIONS].sort())
      expect(interactionResults.filter((one) => one.result !== 'OK')).toEqual([])
    } finally {
      await server.close()
    }
  })

  test("PactFlow's comparator holds the pact against the mock's OpenAPI document: no incompatibility, no warning", async () => {
    expect(await compareWithDocument(JSON.parse(read(join(project, 'api-coverage/pact.json'))) as PactV4, KIT_DOCUMENT)).toEqual([])
  })

  test('ci.sh: two shards, merged by Vitest and by the command, each the same document and pact as one run, byte for byte; the gate and the pact wait for the merge', async () => {
    const whole = read(join(project, 'api-coverage/coverage.json'))
    const junit = read(join(project, 'api-coverage/junit.xml'))
    const pact = read(join(project, 'api-coverage/pact.json'))
    rmSync(join(project, 'api-coverage'), { recursive: true })
    const { code, output } = await run(project, ['ci.sh'], {}, 'sh')
    expect(code, output).toBe(0)
    for (const shard of ['1/2', '2/2']) {
      expect(output).toContain(`API coverage gate: held where the shards are merged (vitest --merge-reports, or workspace-api-mock coverage merge), not by shard ${shard}`)
      expect(output).toContain(`API coverage pact: written where the shards are merged (vitest --merge-reports, or workspace-api-mock coverage merge --pact), not by shard ${shard}`)
    }
    expect(existsSync(join(project, 'shard-1/pact.json'))).toBe(false)
    const shards = [1, 2].map((n) => JSON.parse(read(join(project, `shard-${n}/coverage.json`))) as CoverageDocument)
    expect(shards.map((shard) => shard.requests)).toEqual([expect.any(Number), expect.any(Number)])
    expect(shards[0]!.requests + shards[1]!.requests).toBe(13)
    expect(read(join(project, 'api-coverage/coverage.json'))).toBe(whole)
    expect(read(join(project, 'merged/coverage.json'))).toBe(whole)
    expect(read(join(project, 'merged/junit.xml'))).toBe(junit)
    expect(read(join(project, 'api-coverage/pact.json'))).toBe(pact)
    expect(read(join(project, 'merged/pact.json'))).toBe(pact)
    expect(existsSync(join(project, 'merged/index.html'))).toBe(true)
  })

  test('the gate fails a passing run with what is missing, and nothing else', async () => {
    const { code, output } = await run(project, vitest('run', 'tests/lists.test.ts'), { API_COVERAGE_DIR: 'part' })
    expect(output).toMatch(/Tests\s+3 passed \(3\)/)
    expect(output).toContain(
      'API coverage gate: 3 missing\n' +
        '  outcomes: 7 of 95 reached (7%), the gate asks for 10%\n' +
        '  422 on createWorkspace (body.name): required, never answered\n' +
        "  a 404 of another organization's workspace on getWorkspace: required, never answered\n",
    )
    expect(code).toBe(1)
    const command = await run(project, ['../node_modules/workspace-api-mock/dist/cli/main.js', 'coverage', 'merge', 'part/coverage.json', '--require', 'createWorkspace=422:body.name', '--min', 'outcomes=5'])
    expect(command.output).toMatch(/^API coverage gate: 1 missing\n {2}422 on createWorkspace \(body\.name\): required, never answered$/m)
    expect(command.code).toBe(1)
  })

  test('Playwright, two workers: the fixtures\' mocks and a session\'s, the document, its pact, and the gate of the end-to-end suite', async () => {
    const env = { CHROMIUM_PATH: CHROMIUM }
    const all = await run(project, playwright(), env)
    expect(all.output).toMatch(/Running 4 tests using 2 workers/)
    expect(all.code, all.output).toBe(0)
    const document = JSON.parse(read(join(project, 'api-coverage-e2e/coverage.json'))) as CoverageDocument
    expect(reached(document)).toEqual(PLAYWRIGHT_REACHED)
    expect(document.mocks).toEqual([{ scenario: 'demo', seed: 1, requests: 1 }, { scenario: 'demo', seed: 42, requests: 3 }])
    expect(document.examples.map((example) => example.outcomes)).toEqual([['200'], ['fault:429'], ['fault:503'], ['404:workspaces:not-found']])
    const pact = JSON.parse(read(join(project, 'api-coverage-e2e/pact.json'))) as PactV4
    expect(pact.consumer).toEqual({ name: 'web-app-pages' })
    expect(pact.interactions.map((one) => one.description)).toEqual([
      'Get workspace: 404 Not Found, workspace that does not exist',
      'List workspaces: 200 OK',
      'List workspaces: 429 Too Many Requests, the operation fails',
      'List workspaces: 503 Service Unavailable, the operation fails',
    ])
    const part = await run(project, playwright('--grep', 'lists the workspaces'), { ...env, API_COVERAGE_DIR: 'e2e-part' })
    expect(part.output).toMatch(/1 passed/)
    expect(part.output).toContain('API coverage gate: 2 missing\n  429 on listWorkspaces: required, never answered\n  503 on listWorkspaces: required, never answered\n')
    expect(part.code).toBe(1)
  })

  test('the page in Chromium: the operations by outcome, a reached outcome opens its example and why', async () => {
    mkdirSync(RESULTS, { recursive: true })
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
      const problems: string[] = []
      page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
      page.on('pageerror', (error) => problems.push(error.message))
      await page.goto(`file://${join(project, 'api-coverage/index.html')}`)
      await expect.poll(() => page.getByRole('row').count()).toBe(8)
      await page.screenshot({ path: join(RESULTS, 'page.png'), fullPage: false })
      await page.getByRole('link', { name: /^body\.name ×1$/ }).click()
      const opened = page.locator('details:target')
      await expect.poll(() => opened.count()).toBe(1)
      await opened.locator('summary').click()
      expect(await opened.textContent()).toContain('"kind": "validation"')
      await page.screenshot({ path: join(RESULTS, 'example.png') })
      expect(problems).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
