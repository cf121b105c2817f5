/**
 * `npm run soak`: the demo server (the real CLI process, journal on) with `scale:100x1000`, under ten
 * minutes of mixed traffic from autocannon at 10 connections: reads, pages, creates, updates, rejected
 * requests (401, 404, 422), sessions (created, used, deleted) and admin resets. Each minute is its own
 * autocannon run; after each, the server reports its memory after a full collection. Goals: no error and
 * no 5xx; RSS and heap after the first minute within 10% of each other; the last minute's p99 within 1.5x
 * of the second minute's. Beside the mix, an attack phase (bench/soak-attack.ts: stalled event streams,
 * oversize scenarios and states, deeply nested bodies, stalled bodies) must leave RSS within ATTACK_RSS_MB.
 * Prints a table per minute and writes reports/soak-results.json (generated, not tracked).
 * Usage: npm run soak [-- --minutes 10] [-- --no-attack]; SOAK_MINUTE_SECONDS=20 makes each "minute" 20 s.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import autocannon, { type Request, type Result } from 'autocannon'
import { createRandom, type Random } from '../src/model/random.ts'
import { driveAttacks } from './soak-attack.ts'
import { formatTable } from './stats.ts'

const minutes = Number(process.argv[process.argv.indexOf('--minutes') + 1] || 10) || 10
const MINUTE_S = Number(process.env.SOAK_MINUTE_SECONDS ?? 60)
const CONNECTIONS = 10
const ATTACK = !process.argv.includes('--no-attack')
/** RSS after a full collection, at the end of any minute, under the attack phase (measured: see docs/demo-server.md). */
const ATTACK_RSS_MB = 1024
const API_KEY = 'soak-key'
const API_SECRET = 'soak-secret'
const root = new URL('..', import.meta.url).pathname

interface Memory {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

function memoryOf(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    child.once('message', (memory: Memory) => resolve(memory))
    child.send('memory')
  })
}

/** What the traffic needs to know about the seeded data. */
interface Targets {
  workspaces: string[]
  /** Applications with their workspace, spread over the workspaces. */
  applications: Array<{ id: string; workspace: string }>
}

async function targets(url: string, headers: Record<string, string>): Promise<Targets> {
  const workspaces = ((await (await fetch(`${url}/api/workspaces`, { headers })).json()) as { data: Array<{ id: string }> }).data.map((w) => w.id)
  const applications: Targets['applications'] = []
  for (const workspace of workspaces.filter((_, i) => i % 10 === 0)) {
    const page = (await (
      await fetch(`${url}/api/applications?current_page=3&page_size=100`, { headers: { ...headers, 'X-Workspace-ID': workspace } })
    ).json()) as { data: Array<{ id: string }> }
    for (const application of page.data) applications.push({ id: application.id, workspace })
  }
  return { workspaces, applications }
}

/** One request of the mix, with the statuses it may be answered with. */
interface Planned {
  kind: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  headers: Record<string, string>
  body?: string
  expect: readonly number[]
}

/**
 * autocannon gives a request its connection's `context`, but resets it each time it loops over its list of
 * requests (here, a list of one: every request). So nothing here lasts beyond one request; the sessions'
 * lives, which need a sequence, are driven beside it (`driveSessions`).
 */
interface ConnectionState {
  random: Random
  planned?: Planned
}

const json = { 'Content-Type': 'application/json' }

/** The mix: mostly reads, some writes, some rejected requests. */
function plan(state: ConnectionState, data: Targets, auth: Record<string, string>): Planned {
  const { random } = state
  const application = random.helpers.arrayElement(data.applications)
  const workspace = random.helpers.arrayElement(data.workspaces)
  const roll = random.number.int(999)
  if (roll < 380) {
    return { kind: 'getApplication', method: 'GET', path: `/api/applications/${application.id}`, headers: { ...auth, 'X-Workspace-ID': application.workspace }, expect: [200] }
  }
  if (roll < 560) {
    const page = random.number.int({ min: 1, max: 10 })
    return { kind: 'listApplications', method: 'GET', path: `/api/applications?current_page=${page}&page_size=100`, headers: { ...auth, 'X-Workspace-ID': workspace }, expect: [200] }
  }
  if (roll < 640) return { kind: 'getWorkspace', method: 'GET', path: `/api/workspaces/${workspace}`, headers: auth, expect: [200] }
  if (roll < 690) return { kind: 'listWorkspaces', method: 'GET', path: '/api/workspaces', headers: auth, expect: [200] }
  if (roll < 760) {
    return { kind: 'createWorkspace', method: 'POST', path: '/api/workspaces', headers: { ...auth, ...json }, body: JSON.stringify({ name: `Soak ${roll}`, domain: 'soak' }), expect: [200] }
  }
  if (roll < 830) {
    return { kind: 'updateWorkspace', method: 'PUT', path: `/api/workspaces/${workspace}`, headers: { ...auth, ...json }, body: JSON.stringify({ description: `soaked ${roll}` }), expect: [200] }
  }
  if (roll < 870) return { kind: 'rejected:401', method: 'GET', path: '/api/workspaces', headers: { 'X-API-Key': API_KEY, 'X-API-Secret': 'wrong' }, expect: [401] }
  if (roll < 910) {
    return { kind: 'rejected:422 query', method: 'GET', path: '/api/applications?page_size=1000', headers: { ...auth, 'X-Workspace-ID': workspace }, expect: [422] }
  }
  if (roll < 950) {
    return { kind: 'rejected:422 body', method: 'POST', path: '/api/workspaces', headers: { ...auth, ...json }, body: '{"name":42,"extra":true}', expect: [422] }
  }
  return { kind: 'rejected:404', method: 'GET', path: `/api/workspaces/wse_${'0'.repeat(32)}`, headers: auth, expect: [404] }
}

/**
 * A session's life, over and over until `stop()`: created, listed and written with its own credentials, then
 * deleted, and its credentials checked to be refused (401) afterwards. Counts go into `byKind`; a wrong
 * status into `unexpected`.
 */
function driveSessions(url: string, byKind: Record<string, number>, fail: (what: string) => void): { stop: () => Promise<void> } {
  let running = true
  const step = async (kind: string, path: string, init: RequestInit, expected: number): Promise<Response> => {
    const response = await fetch(`${url}${path}`, init)
    byKind[kind] = (byKind[kind] ?? 0) + 1
    if (response.status !== expected) fail(`${kind} ${init.method ?? 'GET'} ${path}: ${response.status} ${(await response.text()).slice(0, 200)}`)
    return response
  }
  const loop = (async () => {
    while (running) {
      try {
        const created = await step('session:new', '/__admin/sessions', { method: 'POST', headers: json, body: '{}' }, 201)
        const { id, apiKey, apiSecret } = (await created.json()) as { id: string; apiKey: string; apiSecret: string }
        const headers = { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret }
        for (let i = 0; i < 3; i++) {
          await (await step('session:list', '/api/workspaces', { headers }, 200)).arrayBuffer()
          await (await step('session:create', '/api/workspaces', { method: 'POST', headers: { ...headers, ...json }, body: JSON.stringify({ name: `Soak session ${i}` }) }, 200)).arrayBuffer()
        }
        await (await step('session:delete', `/__admin/sessions/${id}`, { method: 'DELETE' }, 200)).arrayBuffer()
        await (await step('session:gone', '/api/workspaces', { headers }, 401)).arrayBuffer()
      } catch (error) {
        fail(`session: ${(error as Error).message}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
    },
  }
}

interface MinuteRow {
  minute: number
  requests: number
  requestsPerSecond: number
  errors: number
  unexpected: number
  serverErrors: number
  p50: number
  p99: number
  rssMB: number
  heapMB: number
  /** What V8 holds for its heap, and memory outside it (buffers): RSS beyond these is the allocator's. */
  heapTotalMB: number
  externalMB: number
  byKind: Record<string, number>
}

async function minute(url: string, data: Targets, seed: number): Promise<Omit<MinuteRow, 'minute' | 'rssMB' | 'heapMB' | 'heapTotalMB' | 'externalMB'>> {
  const auth = { 'X-API-Key': API_KEY, 'X-API-Secret': API_SECRET }
  let connection = 0
  let unexpected = 0
  let serverErrors = 0
  const byKind: Record<string, number> = {}
  const examples: string[] = []
  const request: Request = {
    setupRequest(req, context) {
      const state = context as unknown as ConnectionState
      state.random ??= createRandom([seed, connection++])
      const next = plan(state, data, auth)
      state.planned = next
      return { ...req, method: next.method, path: next.path, headers: next.headers, body: next.body }
    },
    onResponse(status, body, context) {
      const state = context as unknown as ConnectionState
      const planned = state.planned!
      byKind[planned.kind] = (byKind[planned.kind] ?? 0) + 1
      if (status >= 500) serverErrors++
      if (!planned.expect.includes(status)) {
        unexpected++
        if (examples.length < 5) examples.push(`${planned.kind} ${planned.method} ${planned.path}: ${status} ${body.slice(0, 200)}`)
      }
    },
  }
  // Admin resets bring the base state back every few seconds (writes would otherwise grow it all along).
  const resets = setInterval(() => {
    fetch(`${url}/__admin/reset`, { method: 'POST' }).then(
      (response) => {
        byKind['admin:reset'] = (byKind['admin:reset'] ?? 0) + 1
        if (response.status !== 200) unexpected++
      },
      () => unexpected++,
    )
  }, 5000)
  const failed = (what: string) => {
    unexpected++
    if (what.includes(': 5')) serverErrors++
    if (examples.length < 5) examples.push(what)
  }
  const sessions = driveSessions(url, byKind, failed)
  const attack = ATTACK ? driveAttacks(url, auth, byKind, failed) : undefined
  let result: Result
  try {
    result = await autocannon({ url, connections: CONNECTIONS, duration: MINUTE_S, requests: [request] })
  } finally {
    clearInterval(resets)
    await sessions.stop()
    await attack?.stop()
  }
  if (examples.length > 0) console.error(`unexpected answers:\n  ${examples.join('\n  ')}`)
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    errors: result.errors + result.timeouts + unexpected,
    unexpected,
    serverErrors,
    p50: result.latency.p50,
    p99: result.latency.p99,
    byKind,
  }
}

const port = await freePort()
const url = `http://127.0.0.1:${port}`
const server = spawn(
  process.execPath,
  ['--expose-gc', '--import', './bench/memory-probe.ts', 'src/cli/main.ts', '--port', String(port), '--scenario', 'scale:100x1000', '--api-key', API_KEY, '--api-secret', API_SECRET, '--body-timeout', '5s'],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
)
try {
  const started = Date.now()
  for (;;) {
    try {
      if ((await fetch(`${url}/api/workspaces`, { headers: { 'X-API-Key': API_KEY, 'X-API-Secret': API_SECRET } })).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const data = await targets(url, { 'X-API-Key': API_KEY, 'X-API-Secret': API_SECRET })
  console.log(
    `soak: ${minutes} minute(s) of ${MINUTE_S} s, ${CONNECTIONS} connections, scale:100x1000 ` +
      `(${data.workspaces.length} workspaces, ${data.applications.length} application targets), journal on` +
      `${ATTACK ? ', attack phase on' : ''}\n`,
  )
  const rows: MinuteRow[] = []
  for (let m = 1; m <= minutes; m++) {
    const measured = await minute(url, data, m)
    const memory = await memoryOf(server)
    const row = {
      minute: m,
      ...measured,
      rssMB: memory.rss / 2 ** 20,
      heapMB: memory.heapUsed / 2 ** 20,
      heapTotalMB: memory.heapTotal / 2 ** 20,
      externalMB: memory.external / 2 ** 20,
    }
    rows.push(row)
    console.log(
      `minute ${m}: ${row.requests} requests, ${row.errors} errors, ${row.serverErrors} 5xx, p50 ${row.p50} ms, ` +
        `p99 ${row.p99} ms, RSS ${row.rssMB.toFixed(0)} MB, heap ${row.heapMB.toFixed(0)} MB ` +
        `(of ${row.heapTotalMB.toFixed(0)} MB held), external ${row.externalMB.toFixed(0)} MB`,
    )
  }
  const after = rows.slice(1)
  const spread = (values: number[]) => Math.max(...values) / Math.min(...values)
  const goals = {
    noErrors: rows.every((r) => r.errors === 0 && r.serverErrors === 0),
    rssWithin10: after.length < 2 || spread(after.map((r) => r.rssMB)) <= 1.1,
    heapWithin10: after.length < 2 || spread(after.map((r) => r.heapMB)) <= 1.1,
    p99Within1_5: rows.length < 2 || rows.at(-1)!.p99 <= 1.5 * rows[1]!.p99,
    rssWithinAttackBound: rows.every((r) => r.rssMB <= ATTACK_RSS_MB),
  }
  console.log(
    `\n${formatTable(
      ['minute', 'requests', 'req/s', 'errors', '5xx', 'p50', 'p99', 'RSS after GC', 'heap after GC'],
      rows.map((r) => [
        String(r.minute),
        String(r.requests),
        r.requestsPerSecond.toFixed(0),
        String(r.errors),
        String(r.serverErrors),
        `${r.p50} ms`,
        `${r.p99} ms`,
        `${r.rssMB.toFixed(0)} MB`,
        `${r.heapMB.toFixed(1)} MB`,
      ]),
    )}`,
  )
  const totals: Record<string, number> = {}
  for (const row of rows) for (const [kind, count] of Object.entries(row.byKind)) totals[kind] = (totals[kind] ?? 0) + count
  console.log(`\nmix: ${Object.entries(totals).map(([kind, count]) => `${kind} ${count}`).join(', ')}`)
  console.log(
    `goals: no errors and no 5xx ${goals.noErrors ? 'met' : 'MISSED'}; RSS within 10% after minute 1 ` +
      `${goals.rssWithin10 ? 'met' : 'MISSED'}; heap within 10% ${goals.heapWithin10 ? 'met' : 'MISSED'}; ` +
      `last p99 within 1.5x of minute 2 ${goals.p99Within1_5 ? 'met' : 'MISSED'}; ` +
      `RSS at most ${ATTACK_RSS_MB} MB${ATTACK ? ' under attack' : ''} ${goals.rssWithinAttackBound ? 'met' : 'MISSED'}`,
  )
  mkdirSync(new URL('../reports/', import.meta.url), { recursive: true })
  writeFileSync(
    new URL('../reports/soak-results.json', import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), minutes, minuteSeconds: MINUTE_S, connections: CONNECTIONS, attack: ATTACK, rows, totals, goals }, null, 2)}\n`,
  )
  process.exitCode = Object.values(goals).every(Boolean) ? 0 : 1
} finally {
  server.kill('SIGTERM')
}
