/**
 * What coverage costs (docs/coverage.md), beside the consumer suite's side-by-side figure
 * (bench/consumer-suite.ts):
 *
 * 1. Per request, in process: a mix of requests answered by one mock with coverage off and on
 *    (alternating rounds; the ratio is the median of per-round ratios).
 * 2. Merging: `workspace-api-mock coverage merge` of 100 documents, each of a suite of 10,000 requests
 *    (a mix over every kind of outcome, its own seeds), in a process of its own: wall time and peak
 *    resident memory. Beside it, 10 documents of 10,000 and 100 of 1,000: memory follows the outcomes that
 *    exist, not the requests or the files; and the first with `--pact`, the contract of the examples.
 *
 * `node bench/coverage.ts [rounds]`; prints JSON.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tapCoverage } from '../src/api/coverage-tap.ts'
import { servedSurfaceOf } from '../src/api/internals.ts'
import { CoverageCollector } from '../src/coverage/collector.ts'
import { coverageJson } from '../src/coverage/report-text.ts'
import { createMockApi, type MockApi } from '../src/index.ts'
import { runWithPeak } from '../test/support/peak-run.ts'
import { median } from './stats.ts'

const CLI = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url))

/** The requests of the mix, for a mock's first principal and workspace (round-robin). */
function mix(api: MockApi): Request[] {
  const { apiKey, apiSecret } = api.credentials
  const auth = { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret }
  const workspace = api.snapshot().workspaces[0]!.id
  const json = { ...auth, 'Content-Type': 'application/json' }
  const at = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init)
  return [
    at('/api/workspaces', { headers: auth }),
    at(`/api/workspaces/${workspace}`, { headers: auth }),
    at(`/api/applications?page_size=10&current_page=2`, { headers: { ...auth, 'X-Workspace-ID': workspace } }),
    at('/api/workspaces', { method: 'POST', headers: json, body: JSON.stringify({ name: '' }) }),
    at(`/api/workspaces/wse_${'0'.repeat(32)}`, { headers: auth }),
    at('/api/workspaces', { headers: { 'X-API-Key': 'nobody', 'X-API-Secret': 'x' } }),
    at('/api/nothing', { headers: auth }),
    at(`/api/workspaces/${workspace}`, { method: 'PUT', headers: json, body: '{"description":"d"}' }),
  ]
}

/** Answers `count` requests of the mix (fresh Request objects each time); ms. */
async function answer(api: MockApi, count: number): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < count; i += 8) for (const request of mix(api)) await api.handle(request)
  return performance.now() - started
}

async function perRequest(rounds: number): Promise<{ off: number; on: number; ratio: number; requests: number }> {
  const off = createMockApi({ scenario: 'demo', seed: 1, journalLimit: 100 })
  const on = createMockApi({ scenario: 'demo', seed: 1, journalLimit: 100 })
  tapCoverage(on, new CoverageCollector().attach({ surface: servedSurfaceOf(on), scenario: 'demo', seed: 1 }))
  await Promise.all([off.ready, on.ready])
  const requests = 8_000
  await answer(off, requests)
  await answer(on, requests)
  const offs: number[] = []
  const ons: number[] = []
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so that a drift of the machine hits both alike.
    const offFirst = round % 2 === 0
    const a = await answer(offFirst ? off : on, requests)
    const b = await answer(offFirst ? on : off, requests)
    offs.push(offFirst ? a : b)
    ons.push(offFirst ? b : a)
  }
  const ratios = offs.map((value, index) => ons[index]! / value)
  return { off: median(offs), on: median(ons), ratio: median(ratios), requests }
}

/** `files` documents of `requests` requests each, in a new folder; its path. */
async function documents(files: number, requests: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'wam-coverage-bench-'))
  for (let file = 0; file < files; file++) {
    const collector = new CoverageCollector()
    const api = createMockApi({ scenario: file % 2 === 0 ? 'demo' : 'multi-tenant', seed: file + 1, journalLimit: 0 })
    tapCoverage(api, collector.attach({ surface: servedSurfaceOf(api), scenario: file % 2 === 0 ? 'demo' : 'multi-tenant', seed: file + 1 }))
    await api.ready
    await answer(api, requests)
    writeFileSync(join(dir, `coverage-${file}.json`), coverageJson(collector.document()))
  }
  return dir
}

async function merge(files: number, requests: number, { pact = false } = {}): Promise<{ files: number; requests: number; pact: boolean; seconds: number; peakMiB: number | undefined }> {
  const dir = await documents(files, requests)
  try {
    const paths = Array.from({ length: files }, (_, file) => join(dir, `coverage-${file}.json`))
    const pactFlags = pact ? ['--pact', join(dir, 'pact.json')] : []
    const run = await runWithPeak([CLI, 'coverage', 'merge', ...paths, '--json', join(dir, 'merged.json'), ...pactFlags], { cwd: dir, timeoutMs: 300_000 })
    if (run.code !== 0) throw new Error(`coverage merge failed: ${run.stderr}`)
    return { files, requests, pact, seconds: run.seconds, peakMiB: run.peakMiB }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  const rounds = Number(process.argv[2] ?? 5)
  const inProcess = await perRequest(rounds)
  const merges = [await merge(100, 10_000), await merge(10, 10_000), await merge(100, 1_000), await merge(100, 10_000, { pact: true })]
  console.log(JSON.stringify({ date: new Date().toISOString(), inProcess, merges }, null, 2))
}
