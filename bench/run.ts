/**
 * `npm run bench`: the whole benchmark, in-process and over HTTP, in one run. Prints the tables the README
 * shows and writes reports/bench-results.json (generated, not tracked). Ratios compare medians measured side by side in this same run.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { runBrowserBundle } from './browser-bundle.ts'
import { runConsumerSuite } from './consumer-suite.ts'
import { runHttp, type HttpRow } from './http.ts'
import { measureReset, runInProcess, runOwnRead } from './in-process.ts'
import { formatTable } from './stats.ts'

const quick = process.argv.includes('--quick')
/** `--only edge` measures the consumer's side only (test-file cost and browser bundle), `--only http` the HTTP part only. */
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
/** Kilobytes as Vite reports them (1 kB = 1,000 bytes), the unit of the browser target. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const ms = (n: number) => `${n.toFixed(3)} ms`
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`
const started = Date.now()
console.log(`workspace-api-mock benchmark, ${new Date().toISOString().slice(0, 10)}, ${machine}\n`)

// `--only http`: the HTTP benchmark alone (the demo server against the floor and json-server).
if (only === 'http') {
  const http = await measureHttp()
  writeResults({ http })
  process.exit(0)
}

let core: Record<string, unknown> = {}
if (only !== 'edge') {
  const seeding = JSON.parse(
    execFileSync(process.execPath, [new URL('./seed-child.ts', import.meta.url).pathname], { encoding: 'utf8' }),
  ) as { seedMs: number; firstRequestMs: number; applications: number; peakRssMB: number; heapUsedMB: number }
  const reset = await measureReset(quick ? 50 : 500)
  console.log(
    formatTable(
      ['measure', 'value', 'target'],
      [
        ['seed scale(100 × 1000), fresh process', ms(seeding.seedMs), '< 2000 ms'],
        ['first request after seeding (builds indexes)', ms(seeding.firstRequestMs), ''],
        ['peak RSS of that process', `${seeding.peakRssMB.toFixed(0)} MB`, ''],
        ['heap used after seeding', `${seeding.heapUsedMB.toFixed(0)} MB`, ''],
        ['reset() of demo, median', ms(reset.median), '< 5 ms'],
        ['reset() of demo, p99', ms(reset.p99), ''],
      ],
    ),
  )

  const inProcess = await runInProcess({ rounds: quick ? 4 : 20, perRound: quick ? 25 : 100 })
  console.log('\nIn-process, fetch + msw/node setupServer, 100,000 applications loaded (median of all requests):\n')
  console.log(
    formatTable(
      ['operation', 'body', 'ours', 'bare MSW (precomputed)', 'ratio', 'ours p99', 'bare p99'],
      inProcess.map((r) => [
        r.operation,
        `${(r.bytes / 1024).toFixed(1)} KiB`,
        ms(r.ours),
        ms(r.baseline),
        `${r.ratio.toFixed(2)}x`,
        ms(r.oursP99),
        ms(r.baselineP99),
      ]),
    ),
  )

  const ownRead = await runOwnRead({ rounds: quick ? 4 : 20, perRound: quick ? 25 : 100 })
  console.log(
    `\nA read of your own (defineOperation) of getApplication's shape, against getApplication in the same mock: ` +
      `${ms(ownRead.ours)} against ${ms(ownRead.builtIn)}, ${ownRead.ratio.toFixed(2)}x (target <= 1.2x)`,
  )

  const http = await measureHttp()
  core = { seeding, reset, inProcess, ownRead, http }
}

// The consumer's side: what a test file and a browser bundle pay for the kit.
const suite = await runConsumerSuite({ rounds: quick ? 1 : 3 })
console.log(
  `\nPer test file: a Vitest suite of ${suite.files} one-test files in a fresh project with the packed tarball ` +
    `(wall time of \`vitest run\`, median of ${suite.rounds} alternating rounds; ratio = median of per-round ratios):\n`,
)
console.log(
  formatTable(
    ['suite', 'wall time', 'ratio', 'target'],
    [
      ['bare msw/node setupServer, one handler', ms(suite.bare), '1.00x', ''],
      [`useMockApi({ scenario: 'demo', seed: 42 }), one request`, ms(suite.kit), `${suite.ratio.toFixed(2)}x`, '<= 1.25x'],
      ['the same with the coverage reporter, against it without', ms(suite.coverage.on), `${suite.coverage.ratio.toFixed(2)}x`, '<= 1.05x'],
    ],
  ),
)
console.log(
  `Import alone, fresh Node process (median of 7, process start included): msw/node ${ms(suite.imports.msw)}, ` +
    `workspace-api-mock ${ms(suite.imports.kit)}, workspace-api-mock/vitest ${ms(suite.imports.vitestEntry)}`,
)

const bundle = await runBrowserBundle()
console.log('\nBrowser app, Vite production build, every script loaded before the first answer (lazy chunks included):\n')
console.log(
  formatTable(
    ['app', 'scripts', 'bytes', 'gzip', 'target'],
    [
      ['plain setupWorker, one handler', String(bundle.bare.scripts.length), kb(bundle.bare.bytes), kb(bundle.bare.gzip), ''],
      [`startMockWorker({ scenario: 'demo' })`, String(bundle.kit.scripts.length), kb(bundle.kit.bytes), kb(bundle.kit.gzip), ''],
      ['added by the kit', '', kb(bundle.added.bytes), kb(bundle.added.gzip), '<= 64 kB gzip'],
      [`startMockWorker({ scenario: 'demo', devtools: true })`, String(bundle.devtools.scripts.length), kb(bundle.devtools.bytes), kb(bundle.devtools.gzip), ''],
      ['the devtools panel, on its first opening', String(bundle.devtools.opened!.scripts.length), kb(bundle.devtools.opened!.bytes), kb(bundle.devtools.opened!.gzip), ''],
    ],
  ),
)

writeResults({ ...core, consumerSuite: suite, browserBundle: bundle })

/** The demo server over HTTP against the floor and json-server, printed as a table. */
async function measureHttp(): Promise<HttpRow[]> {
  const connections = 10
  const duration = quick ? 1 : 2
  const rounds = quick ? 1 : 9
  const http = await runHttp({ duration, connections, rounds })
  console.log(
    `\nOver HTTP, autocannon, ${connections} connections, 100,000 applications; median of ${rounds} rounds of ${duration} s, ` +
      'the floor and the mock taking turns; ratios are medians of the per-round ratios (json-server: one round):\n',
  )
  console.log(
    formatTable(
      ['operation', 'server', 'req/s', 'vs floor (req/s)', "of the floor's req/s", 'p99 latency', 'server CPU/request', 'vs floor (CPU)', 'errors'],
      http.map((r) => [
        r.operation,
        r.server,
        r.requestsPerSecond.toFixed(0),
        `${r.vsFloor.requestsPerSecond.toFixed(2)}x`,
        `${(1 / r.vsFloor.requestsPerSecond).toFixed(2)}x`,
        `${r.p99} ms`,
        `${r.cpuPerRequest.toFixed(1)} µs`,
        `${r.vsFloor.cpuPerRequest.toFixed(2)}x`,
        String(r.errors),
      ]),
    ),
  )
  return http
}

function writeResults(results: Record<string, unknown>): void {
  mkdirSync(new URL('../reports/', import.meta.url), { recursive: true })
  writeFileSync(
    new URL('../reports/bench-results.json', import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), machine, ...results }, null, 2)}\n`,
  )
  console.log(`\nTotal benchmark time: ${((Date.now() - started) / 1000).toFixed(0)} s (results in reports/bench-results.json)`)
}
