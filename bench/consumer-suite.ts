/**
 * What a consumer's test suite pays per test file: 24 one-test Vitest files using the kit
 * (`useMockApi({ scenario: 'demo', seed: 42 })` and one request each) against the same 24 files with a bare
 * `msw/node` `setupServer` and one handler, in a fresh project with the packed tarball installed. Vitest
 * runs every file in a fresh worker, so this is mostly import and set-up cost. The suites take turns; the
 * ratio is the median of the per-round ratios. The kit's suite runs twice a round, side by side: without
 * and with the coverage reporter (docs/coverage.md), whose cost is the second ratio.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { consumerProject, userEnv } from './consumer-project.ts'
import { median } from './stats.ts'

export const FILES = 24

const KIT_FILE = `import { expect, test } from 'vitest'
import { useMockApi } from 'workspace-api-mock/vitest'

const api = useMockApi({ scenario: 'demo', seed: 42 })

test('lists the workspaces', async () => {
  const response = await fetch('http://localhost/api/workspaces', {
    headers: { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret },
  })
  expect(response.status).toBe(200)
  expect((await response.json()).data.length).toBeGreaterThan(0)
})
`

const BARE_FILE = `import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'

const server = setupServer(
  http.get('http://localhost/api/workspaces', () => HttpResponse.json({ data: [{ id: 'wse_1', name: 'One' }], success: true })),
)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

test('lists the workspaces', async () => {
  const response = await fetch('http://localhost/api/workspaces', {
    headers: { 'X-API-Key': 'key', 'X-API-Secret': 'secret' },
  })
  expect(response.status).toBe(200)
  expect((await response.json()).data.length).toBeGreaterThan(0)
})
`

export interface ConsumerSuiteResult {
  files: number
  rounds: number
  /** The kit's suite with the coverage reporter against the same suite without it, side by side. */
  coverage: { on: number; off: number; ratio: number; onSamples: number[] }
  /** Wall time of `vitest run`, median over rounds, ms. */
  kit: number
  bare: number
  /** Median of the per-round ratios kit / bare. */
  ratio: number
  kitSamples: number[]
  bareSamples: number[]
  /** Import of the entry alone in a fresh Node process, median ms. */
  imports: { msw: number; kit: number; vitestEntry: number }
}

/** The reporters of a run: Vitest's default alone, or with the kit's coverage reporter. */
const REPORTERS = { off: ['--reporter=default'], on: ['--reporter=default', '--reporter=workspace-api-mock/vitest'] }

function timeSuite(dir: string, folder: string, coverage: keyof typeof REPORTERS = 'off'): number {
  const vitest = join(dir, 'node_modules/vitest/vitest.mjs')
  const started = performance.now()
  const output = execFileSync(process.execPath, [vitest, 'run', `${folder}/`, ...REPORTERS[coverage]], {
    cwd: dir,
    env: userEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const elapsed = performance.now() - started
  if (!new RegExp(`Tests\\s+${FILES} passed`).test(output.replace(/\x1b\[[0-9;]*m/g, ''))) {
    throw new Error(`the ${folder} suite did not pass:\n${output}`)
  }
  return elapsed
}

/** Median wall time of a fresh Node process that imports `specifier` (the process start included). */
function timeImport(dir: string, specifier: string, runs: number): number {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    execFileSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`], {
      cwd: dir,
      env: { ...userEnv(), VITEST: '' },
      stdio: 'ignore',
    })
    samples.push(performance.now() - started)
  }
  return median(samples)
}

export async function runConsumerSuite(options: { rounds: number }): Promise<ConsumerSuiteResult> {
  const project = await consumerProject('wam-bench-suite-', ['msw@^3.0.5', 'vitest@^5.1.1'])
  try {
    const { dir } = project
    for (const [folder, text] of [
      ['kit', KIT_FILE],
      ['bare', BARE_FILE],
    ] as const) {
      mkdirSync(join(dir, folder))
      for (let i = 1; i <= FILES; i++) writeFileSync(join(dir, folder, `file-${String(i).padStart(2, '0')}.test.ts`), text)
    }
    // A warm-up of each: npm's and the OS's caches, Vitest's first start.
    timeSuite(dir, 'kit')
    timeSuite(dir, 'kit', 'on')
    timeSuite(dir, 'bare')
    const kitSamples: number[] = []
    const bareSamples: number[] = []
    const onSamples: number[] = []
    const ratios: number[] = []
    const coverageRatios: number[] = []
    for (let round = 0; round < options.rounds; round++) {
      // Rotate which goes first, so that a drift of the machine hits them alike.
      const runs = [() => kitSamples.push(timeSuite(dir, 'kit')), () => onSamples.push(timeSuite(dir, 'kit', 'on')), () => bareSamples.push(timeSuite(dir, 'bare'))]
      for (let i = 0; i < runs.length; i++) runs[(round + i) % runs.length]!()
      ratios.push(kitSamples[round]! / bareSamples[round]!)
      coverageRatios.push(onSamples[round]! / kitSamples[round]!)
    }
    const runs = 7
    const imports = {
      msw: timeImport(dir, 'msw/node', runs),
      kit: timeImport(dir, 'workspace-api-mock', runs),
      vitestEntry: timeImport(dir, 'workspace-api-mock/vitest', runs),
    }
    return {
      files: FILES,
      rounds: options.rounds,
      coverage: { on: median(onSamples), off: median(kitSamples), ratio: median(coverageRatios), onSamples },
      kit: median(kitSamples),
      bare: median(bareSamples),
      ratio: median(ratios),
      kitSamples,
      bareSamples,
      imports,
    }
  } finally {
    project.dispose()
  }
}

if (import.meta.main) {
  const rounds = Number(process.argv[2] ?? 3)
  console.log(JSON.stringify(await runConsumerSuite({ rounds }), null, 2))
}
