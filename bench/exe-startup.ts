/**
 * `npm run bench:exe`: the single executable's size and start-up time (`npm run build:exe` first), beside
 * the package's command under the same Node 24 (`node dist/cli/main.js`, when `npm run build` has run).
 *
 * Start-up is the time from spawning the process to the first answer of the API: the command prints its
 * banner once it listens, then one GET /api/workspaces. Each run is a fresh process (the first one, which
 * also warms this process's fetch, is not counted); the table shows the median, the fastest and the slowest,
 * and the median CPU time the process (all its threads) had used by then, which other load on the machine
 * does not inflate. `--runs N` sets the number of runs (default 15); other executables named on the
 * command line are measured too (e.g. a build without V8's code cache).
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { formatTable, median } from './stats.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const EXECUTABLE = `${ROOT}dist/exe/workspace-api-mock`
const PACKAGE_CLI = `${ROOT}dist/cli/main.js`
const NODE = `${ROOT}node_modules/node/bin/node`
const HEADERS = { 'X-API-Key': 'bench-key', 'X-API-Secret': 'bench-secret' }
const runsFlag = process.argv.indexOf('--runs')
const RUNS = runsFlag === -1 ? 15 : Number(process.argv[runsFlag + 1])

/** CPU milliseconds of every thread of a process, from Linux's scheduler statistics (nanoseconds). */
function cpuMs(pid: number): number {
  const tasks = readdirSync(`/proc/${pid}/task`)
  const ns = tasks.reduce((sum, task) => sum + Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]), 0)
  return ns / 1e6
}

interface Sample {
  wall: number
  cpu: number
}

/** Milliseconds from spawn to the first API answer, and CPU time by then; the process is stopped afterwards. */
async function startOnce(command: string, args: readonly string[]): Promise<Sample> {
  const started = performance.now()
  const child = spawn(command, [...args, '--port', '0', '--api-key', HEADERS['X-API-Key'], '--api-secret', HEADERS['X-API-Secret']], {
    stdio: ['ignore', 'pipe', 'ignore'],
    // No compile cache or options from this shell: a user's first run.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  })
  const closed = new Promise((resolve) => child.once('close', resolve))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = ''
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk
        const base = /^Base URL: (\S+)$/m.exec(output)
        if (base && output.includes('Press Ctrl+C to stop.')) resolve(base[1]!)
      })
      child.once('exit', (code) => reject(new Error(`${command} exited with ${code} before serving`)))
    })
    const response = await fetch(`${url}/api/workspaces`, { headers: HEADERS })
    await response.arrayBuffer()
    const wall = performance.now() - started
    if (response.status !== 200) throw new Error(`first answer: ${response.status}`)
    return { wall, cpu: cpuMs(child.pid!) }
  } finally {
    child.kill('SIGTERM')
    await closed
  }
}

async function measure(name: string, command: string, args: readonly string[] = []): Promise<string[]> {
  await startOnce(command, args)
  const samples: Sample[] = []
  for (let run = 0; run < RUNS; run++) samples.push(await startOnce(command, args))
  const wall = samples.map((sample) => sample.wall)
  const ms = (n: number) => `${n.toFixed(0)} ms`
  return [name, ms(median(wall)), ms(Math.min(...wall)), ms(Math.max(...wall)), ms(median(samples.map((sample) => sample.cpu)))]
}

if (!existsSync(EXECUTABLE)) {
  console.error(`no ${EXECUTABLE}: run npm run build:exe first`)
  process.exit(1)
}
console.log(`${EXECUTABLE}: ${(statSync(EXECUTABLE).size / 1e6).toFixed(1)} MB (Node 24 alone: ${(statSync(NODE).size / 1e6).toFixed(1)} MB)`)
console.log(`start-up to the first answer of GET /api/workspaces, ${RUNS} runs each, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}\n`)
const others = process.argv.slice(2).filter((arg, index, all) => arg !== '--runs' && all[index - 1] !== '--runs')
const rows = [await measure('single executable', EXECUTABLE)]
for (const other of others) rows.push(await measure(other, other))
if (existsSync(PACKAGE_CLI)) rows.push(await measure('node dist/cli/main.js (Node 24)', NODE, [PACKAGE_CLI]))
console.log(formatTable(['command', 'median', 'fastest', 'slowest', 'CPU, median'], rows))
