/**
 * A Node process run to its end with its peak resident memory and CPU time, which a preloaded module writes
 * on a pipe of its own as the process exits: for the bounded runs of the commands in the tests
 * (test/cli/cli-process.ts) and their figures in bench/hostile-clients.ts. No Vitest here.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'

export interface PeakRun {
  code: number | null
  stdout: string
  stderr: string
  /** The process's peak resident set (MiB); undefined when it did not exit normally. */
  peakMiB: number | undefined
  /** Its CPU time (user and system), s; undefined when it did not exit normally. */
  cpuSeconds: number | undefined
  seconds: number
}

// VmHWM, not resourceUsage().maxRSS: Linux carries the parent's peak at fork across exec into the latter
// (346 MiB for every child of a Vitest worker).
const REPORT =
  "import{readFileSync,writeSync}from'node:fs';process.on('exit',()=>{const u=process.resourceUsage();" +
  "const hwm=/^VmHWM:\\s+(\\d+)/m.exec(readFileSync('/proc/self/status','utf8'))[1];" +
  "try{writeSync(3,`${hwm} ${u.userCPUTime+u.systemCPUTime}`)}catch{}})"

/** Runs `node <args>` (Node's flags, the script, its arguments); killed after `timeoutMs`. */
export async function runWithPeak(args: readonly string[], { cwd, timeoutMs }: { cwd: string; timeoutMs: number }): Promise<PeakRun> {
  const started = performance.now()
  const child = spawn(process.execPath, [`--import=data:text/javascript,${encodeURIComponent(REPORT)}`, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  let peak = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  ;(child.stdio[3] as NodeJS.ReadableStream).setEncoding('utf8').on('data', (chunk: string) => (peak += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const [code] = (await once(child, 'close')) as [number | null]
  clearTimeout(timer)
  const seconds = (performance.now() - started) / 1000
  const [rss, cpu] = peak === '' ? [] : peak.split(' ').map(Number)
  return { code, stdout, stderr, peakMiB: rss === undefined ? undefined : rss / 1024, cpuSeconds: cpu === undefined ? undefined : cpu / 1e6, seconds }
}
