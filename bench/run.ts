/**
 * `npm run bench`: the whole benchmark, in-process and over HTTP, in one run. Prints the tables the README
 * shows and writes bench/results.json. Ratios compare medians measured side by side in this same run.
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { runHttp } from './http.ts'
import { measureReset, runInProcess } from './in-process.ts'
import { formatTable } from './stats.ts'

const quick = process.argv.includes('--quick')
const ms = (n: number) => `${n.toFixed(3)} ms`
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`
const started = Date.now()
console.log(`workspace-api-mock benchmark, ${new Date().toISOString().slice(0, 10)}, ${machine}\n`)

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
    ['operation', 'server', 'req/s', 'vs floor (req/s)', 'p99 latency', 'server CPU/request', 'vs floor (CPU)', 'errors'],
    http.map((r) => [
      r.operation,
      r.server,
      r.requestsPerSecond.toFixed(0),
      `${r.vsFloor.requestsPerSecond.toFixed(2)}x`,
      `${r.p99} ms`,
      `${r.cpuPerRequest.toFixed(1)} µs`,
      `${r.vsFloor.cpuPerRequest.toFixed(2)}x`,
      String(r.errors),
    ]),
  ),
)

writeFileSync(
  new URL('./results.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), machine, seeding, reset, inProcess, http }, null, 2)}\n`,
)
console.log(`\nTotal benchmark time: ${((Date.now() - started) / 1000).toFixed(0)} s (results in bench/results.json)`)
