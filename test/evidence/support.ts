/**
 * What the evidence suites share: a test runner run as a child process (a consumer's failing test), the
 * evidence files it left, and the replay of an evidence file's requests against the demo server that
 * serves it (`--state <file>`), as test/cli/cli-process.ts starts it.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Evidence } from '../../src/evidence/shape.ts'
import { checkedEvidence } from '../../src/evidence/check.ts'
import { ROOT } from '../cli/cli-process.ts'

export interface ChildRun {
  code: number | null
  /** stdout and stderr, as a person reads them in a terminal. */
  output: string
}

/** Runs `node <args>` in the repository, without colours, with `env` added, within `timeoutMs`. */
export async function runChild(args: readonly string[], env: Record<string, string>, timeoutMs = 240_000): Promise<ChildRun> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const [code] = (await once(child, 'close')) as [number | null]
  clearTimeout(timer)
  return { code, output }
}

/** Every file under `folder` whose name ends in `.json`, at any depth. */
export function jsonFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => path.endsWith('.json') && statSync(path).isFile())
}

/** An evidence file as the kit reads it back: the whole shape checked. */
export function readEvidence(path: string): Evidence {
  return checkedEvidence(JSON.parse(readFileSync(path, 'utf8')))
}

/**
 * The evidence block of a failed test in the failure output: the first one after `anchor` (the test's failure
 * header, as the reporter writes it), from its first line to the one that serves the file.
 */
export function reportOf(output: string, anchor: string): string[] {
  const at = output.indexOf(anchor)
  const start = output.indexOf('MockEvidence: workspace-api-mock: ', at)
  expect(at !== -1 && start !== -1, `the evidence after "${anchor}" in:\n${output}`).toBe(true)
  const lines = output.slice(start).split('\n')
  const end = lines.findIndex((line) => line.includes('Serve the state this test started from: npx workspace-api-mock --state '))
  return lines.slice(0, end + 1).map((line) => line.trim())
}

/**
 * A response body as the replay compares it: the origin that answered (in `$schema` links) named alike; and
 * the records the test wrote without the time they were written at and their icons, whose URLs name the
 * origin that serves them: their other fields, their ids among them, are the same.
 */
function comparable(body: unknown, origin: string, written: ReadonlySet<string>): unknown {
  return JSON.parse(JSON.stringify(body ?? null).replaceAll(origin, '<origin>'), (_key, value: unknown) =>
    value !== null && typeof value === 'object' && written.has((value as { id?: string }).id!) ? { ...value, created: 0, updated: 0, icons: {} } : value,
  )
}

/**
 * Sends the requests of `evidence` that the data answered (not those a fault or an override answered: an
 * evidence file lists them, nothing replays them) to `url`, with the credentials of the state's accounts
 * (the journal keeps no secret); expects the status and body the test saw. Answers how many it replayed.
 */
export async function replay(url: string, evidence: Evidence): Promise<number> {
  const secrets = new Map(evidence.state!.accounts.map((account) => [account.apiKey as string, account.apiSecret as string]))
  const entries = evidence.journal.entries.filter((entry) => entry.why.decision.kind !== 'fault' && entry.why.decision.kind !== 'override')
  const written = new Set(evidence.journal.entries.flatMap((entry) => entry.why.written.flatMap((records) => records.ids)))
  for (const entry of entries) {
    const sent = new URL(entry.url)
    const headers: Record<string, string> = {}
    for (const name of ['x-api-key', 'x-workspace-id', 'content-type']) if (entry.headers[name] !== undefined) headers[name] = entry.headers[name]
    if (headers['x-api-key'] !== undefined) headers['x-api-secret'] = secrets.get(headers['x-api-key'])!
    const body = entry.body === undefined ? undefined : JSON.stringify(entry.body)
    const answer = await fetch(`${url}${sent.pathname}${sent.search}`, { method: entry.method, headers, body })
    const text = await answer.text()
    const what = `#${entry.seq} ${entry.method} ${sent.pathname}${sent.search}`
    expect(answer.status, what).toBe(entry.status)
    const replayed = text === '' ? undefined : JSON.parse(text)
    expect(comparable(replayed, url, written), what).toEqual(comparable(entry.responseBody, sent.origin, written))
  }
  return entries.length
}
