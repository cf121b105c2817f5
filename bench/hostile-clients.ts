/**
 * `npm run bench:hostile`: `record` and `verify` against the hostile service of the tests
 * (test/support/hostile-service.ts), each mode once, with their default bounds and Node's default heap: the
 * exit code, the peak resident memory (VmHWM), the CPU and wall time of each run, and an honest service's
 * for comparison (the demo server with `scale:99x1000`, 99,099 records, just under `--max-records`).
 * The figures go into docs/benchmark.md ("Hostile services").
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startMockServer } from '../src/node/index.ts'
import { hostileService, type ModeName } from '../test/support/hostile-service.ts'
import { runWithPeak, type PeakRun } from '../test/support/peak-run.ts'
import { formatTable } from './stats.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLI = join(ROOT, 'src/cli/main.ts')
const folder = mkdtempSync(join(tmpdir(), 'wam-bench-hostile-'))

const RECORD_MODES: ModeName[] = ['huge', 'endless', 'gzip-bomb', 'claims', 'wide', 'fat-8mib', 'repeats', 'deep-total', 'stall']
const VERIFY_MODES: ModeName[] = ['huge', 'endless', 'gzip-bomb', 'long-title', 'deep-title', 'stall']

const row = (command: string, against: string, run: PeakRun) => [
  command,
  against,
  String(run.code),
  run.peakMiB === undefined ? 'n/a' : `${run.peakMiB.toFixed(0)} MiB`,
  run.cpuSeconds === undefined ? 'n/a' : `${run.cpuSeconds.toFixed(2)} s`,
  `${run.seconds.toFixed(1)} s`,
  run.stderr.trim().split('\n').at(-1)!.replace(/^workspace-api-mock \w+: /, '').slice(0, 90),
]

const service = await hostileService()
const honest = await startMockServer({ port: 0, scenario: 'scale:99x1000', seed: 1, strict: false })
const rows: string[][] = []
try {
  const run = (args: string[]) => runWithPeak([CLI, ...args], { cwd: ROOT, timeoutMs: 600_000 })
  const credentials = (target: { apiKey: string; apiSecret: string }) => ['--api-key', target.apiKey, '--api-secret', target.apiSecret, '--rate', '1000']
  const recordOf = (target: string, as: { apiKey: string; apiSecret: string }, out: string) =>
    run(['record', '--target', target, ...credentials(as), '--out', join(folder, out)])
  rows.push(row('record', 'honest: scale:99x1000', await recordOf(honest.url, honest.api.credentials, 'honest.json')))
  for (const mode of RECORD_MODES) rows.push(row('record', mode, await recordOf(service.target(mode), service.credentials, `${mode}.json`)))
  rows.push(row('verify', 'honest: demo', await run(['verify', '--target', service.target('honest'), ...credentials(service.credentials)])))
  for (const mode of VERIFY_MODES) rows.push(row('verify', mode, await run(['verify', '--target', service.target(mode), ...credentials(service.credentials)])))
} finally {
  await honest.close()
  await service.close()
  rmSync(folder, { recursive: true, force: true })
}
console.log(`hostile services, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, default bounds and heap\n`)
console.log(formatTable(['command', 'against', 'exit', 'peak RSS', 'CPU', 'wall', 'last line on stderr'], rows))
