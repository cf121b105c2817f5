import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import { runWithPeak, type PeakRun } from '../support/peak-run.ts'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/**
 * The command, bundled from the sources of this run by the global set-up (test/support/cli-bundle.ts); its
 * source entry (which Node 24 runs as it is) where no set-up built one (the mutation runs).
 */
export const CLI = inject('cli') ?? fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))

export interface PrintedPrincipal {
  apiKey: string
  apiSecret: string
}

export interface RunningCli {
  child: ChildProcess
  /** The base URL the command printed. */
  url: string
  principals: PrintedPrincipal[]
  /** The sample `curl` lines it printed. */
  curls: string[]
  stdout(): string
  stderr(): string
  /** Sends a signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

const STARTUP_MS = 20_000

/**
 * Resolves true once `output()` holds the command's banner (it serves), false when the process exits or
 * `timeoutMs` passes first.
 */
export function waitForBanner(child: ChildProcess, output: () => string, timeoutMs = STARTUP_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (serving: boolean) => {
      clearTimeout(timer)
      child.stdout!.off('data', check)
      child.off('exit', stop)
      resolve(serving)
    }
    const check = () => {
      if (output().includes('Press Ctrl+C to stop.')) done(true)
    }
    const stop = () => done(false)
    const timer = setTimeout(stop, timeoutMs)
    child.stdout!.on('data', check)
    child.once('exit', stop)
    check()
  })
}

/**
 * Starts `workspace-api-mock` (on a free port unless `--port` is given) and waits for its banner; with
 * `heapMiB`, on a heap of that size (a bound that fails makes it crash); `env`: variables besides ours.
 */
export async function startCli(args: readonly string[] = [], { heapMiB, env }: { heapMiB?: number; env?: NodeJS.ProcessEnv } = {}): Promise<RunningCli> {
  const withPort = args.includes('--port') || args.includes('-p') ? args : ['--port', '0', ...args]
  const node = heapMiB === undefined ? [] : [`--max-old-space-size=${heapMiB}`]
  const child = spawn(process.execPath, [...node, CLI, ...withPort], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(env && { env: { ...process.env, ...env } }),
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>
  if (!(await waitForBanner(child, () => stdout))) {
    child.kill('SIGKILL')
    throw new Error(`did not serve (exit code ${child.exitCode})\nstdout: ${stdout}\nstderr: ${stderr}`)
  }

  const url = /^Base URL: (\S+)$/m.exec(stdout)![1]!
  const keys = [...stdout.matchAll(/X-API-Key: (\S+)$/gm)].map((m) => m[1]!)
  const secrets = [...stdout.matchAll(/X-API-Secret: (\S+)$/gm)].map((m) => m[1]!)
  return {
    child,
    url,
    principals: keys.map((apiKey, i) => ({ apiKey, apiSecret: secrets[i]! })),
    curls: stdout.split('\n').filter((line) => line.trimStart().startsWith('curl ')).map((line) => line.trim()),
    stdout: () => stdout,
    stderr: () => stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      child.kill(signal)
      const [code] = await exited
      return code
    },
  }
}

/**
 * Starts the server as a user does in this repository, `npm start -- <args>` (a free port unless `--port`
 * is given), in its own process group, and waits for its banner.
 */
export async function startNpm(args: readonly string[] = []): Promise<{ url: string; output(): string; stop(): Promise<void> }> {
  const withPort = args.includes('--port') ? args : [...args, '--port', '0']
  // npm and the command it runs: the test runner's variables removed, this Node first on PATH.
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) if (!/^(npm_|VITEST|NODE_OPTIONS$|TEST$)/.test(name)) env[name] = value
  env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`
  const child = spawn('npm', ['start', '--', ...withPort], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = once(child, 'close')
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM')
    await exited
  }
  if (!(await waitForBanner(child, () => output))) {
    await stop()
    throw new Error(`npm start did not serve:\n${output}`)
  }
  return { url: /^Base URL: (\S+)$/m.exec(output)![1]!, output: () => output, stop }
}

/** Runs the command to completion (for flags that make it exit), with a time limit; `env`: variables besides ours. */
export async function runCli(args: readonly string[], timeoutMs = 15_000, env?: NodeJS.ProcessEnv): Promise<Finished> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...(env && { env: { ...process.env, ...env } }) })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  // 'close', not 'exit': the process can be gone while its last output is still in the pipes.
  const [code] = (await once(child, 'close')) as [number | null]
  clearTimeout(timer)
  return { code, stdout, stderr }
}

/**
 * Runs the command with a small heap (`heapMiB`: a bound that fails crashes it), and reports its peak
 * resident memory and CPU time (test/support/peak-run.ts).
 */
export function runBounded(args: readonly string[], { heapMiB = 96, timeoutMs = 60_000 } = {}): Promise<PeakRun> {
  return runWithPeak([`--max-old-space-size=${heapMiB}`, CLI, ...args], { cwd: ROOT, timeoutMs })
}

/** The peak resident memory of a running process so far (MiB), from Linux's /proc. */
export function peakMiB(pid: number): number {
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

export function authHeaders(principal: PrintedPrincipal, extra: Record<string, string> = {}): Record<string, string> {
  return { 'X-API-Key': principal.apiKey, 'X-API-Secret': principal.apiSecret, ...extra }
}
