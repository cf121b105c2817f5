/**
 * What a consumer's test suite pays per test file: 24 one-test Vitest files using the kit
 * (`useMockApi({ scenario: 'demo', seed: 42 })` and one request each) against the same 24 files with a bare
 * `msw/node` `setupServer` and one handler, in a fresh project with the packed tarball installed. Vitest
 * runs every file in a fresh worker, so this is mostly import and set-up cost. The two suites take turns;
 * the ratio is the median of the per-round ratios.
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

function timeSuite(dir: string, folder: string): number {
  const vitest = join(dir, 'node_modules/vitest/vitest.mjs')
  const started = performance.now()
  const output = execFileSync(process.execPath, [vitest, 'run', `${folder}/`], {
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
    timeSuite(dir, 'bare')
    const kitSamples: number[] = []
    const bareSamples: number[] = []
    const ratios: number[] = []
    for (let round = 0; round < options.rounds; round++) {
      // Alternate which goes first, so that a drift of the machine hits both alike.
      const first = round % 2 === 0 ? 'kit' : 'bare'
      const a = timeSuite(dir, first)
      const b = timeSuite(dir, first === 'kit' ? 'bare' : 'kit')
      const [kit, bare] = first === 'kit' ? [a, b] : [b, a]
      kitSamples.push(kit)
      bareSamples.push(bare)
      ratios.push(kit / bare)
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
