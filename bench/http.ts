/**
 * HTTP benchmark: the demo server (the real CLI process) against json-server 0.17 serving the same
 * records and against a bare node:http server returning our bytes precomputed (the floor), all loaded by
 * autocannon with the same connections and duration, one server at a time.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon, { type Result } from 'autocannon'
import { buildScenario } from '../src/index.ts'

export interface HttpRow {
  operation: string
  server: 'workspace-api-mock' | 'json-server' | 'floor'
  requestsPerSecond: number
  p99: number
  errors: number
}

const root = new URL('..', import.meta.url).pathname

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

async function waitFor(url: string, headers: Record<string, string> = {}, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(url, { headers })
      if (res.ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up in ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

function start(args: string[]): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  return child
}

/** Headers node:http sets per connection and per response; the floor sets its own. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

function summarize(operation: string, server: HttpRow['server'], results: Result[]): HttpRow {
  return {
    operation,
    server,
    requestsPerSecond: median(results.map((r) => r.requests.average)),
    p99: median(results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  }
}

export async function runHttp(options: { duration: number; connections: number; rounds: number }): Promise<HttpRow[]> {
  const seed = 1
  const apiKey = 'bench-key'
  const apiSecret = 'bench-secret'
  const state = buildScenario('scale:100x1000', { seed })
  const workspace = state.workspaces.at(-1)!
  const application = state.applications.at(-2)!
  const auth = { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret }

  const ports = { ours: await freePort(), jsonServer: await freePort(), floor: await freePort() }
  const dir = mkdtempSync(join(tmpdir(), 'wam-bench-'))
  writeFileSync(join(dir, 'db.json'), JSON.stringify({ applications: state.applications, workspaces: state.workspaces }))

  const operations = [
    {
      operation: 'GET /api/applications/{id}',
      ours: { path: `/api/applications/${application.id}`, headers: { ...auth, 'X-Workspace-ID': application.workspace } },
      jsonServer: `/applications/${application.id}`,
    },
    {
      operation: 'GET /api/applications (100-row page)',
      ours: { path: '/api/applications?current_page=5&page_size=100', headers: { ...auth, 'X-Workspace-ID': workspace.id } },
      jsonServer: `/applications?workspace=${workspace.id}&_page=5&_limit=100`,
    },
    {
      operation: 'GET /api/workspaces',
      ours: { path: '/api/workspaces', headers: auth },
      jsonServer: '/workspaces',
    },
  ]

  const children: ChildProcess[] = []
  try {
    const ours = start([
      'src/cli/main.ts', '--port', String(ports.ours), '--scenario', 'scale:100x1000', '--seed', String(seed),
      '--api-key', apiKey, '--api-secret', apiSecret,
    ])
    children.push(ours)
    const jsonServer = start([
      'node_modules/json-server/lib/cli/bin.js', '--port', String(ports.jsonServer), '--quiet', join(dir, 'db.json'),
    ])
    children.push(jsonServer)
    const oursUrl = `http://127.0.0.1:${ports.ours}`
    await waitFor(`${oursUrl}/api/workspaces`, auth)

    // The floor gets the same requests and answers each URL with exactly the response the mock sends for
    // it (headers and body), precomputed: the cheapest way node:http can put the same bytes on the wire.
    const routes: Record<string, { headers: Record<string, string>; body: string }> = {}
    for (const op of operations) {
      const res = await fetch(`${oursUrl}${op.ours.path}`, { headers: op.ours.headers })
      if (res.status !== 200) throw new Error(`${op.operation} answered ${res.status}`)
      const headers = Object.fromEntries([...res.headers].filter(([name]) => !PER_CONNECTION.has(name)))
      routes[op.ours.path] = { headers, body: await res.text() }
    }
    writeFileSync(join(dir, 'routes.json'), JSON.stringify(routes))
    children.push(start(['bench/floor-server.ts', join(dir, 'routes.json'), String(ports.floor)]))
    await waitFor(`http://127.0.0.1:${ports.floor}${operations[2]!.ours.path}`)
    await waitFor(`http://127.0.0.1:${ports.jsonServer}/workspaces`)

    const rows: HttpRow[] = []
    const run = (url: string, headers: Record<string, string>, duration: number) =>
      autocannon({ url, headers, connections: options.connections, duration })
    for (const op of operations) {
      const servers = [
        { server: 'floor' as const, url: `http://127.0.0.1:${ports.floor}${op.ours.path}`, headers: op.ours.headers },
        { server: 'workspace-api-mock' as const, url: `${oursUrl}${op.ours.path}`, headers: op.ours.headers },
      ]
      for (const { url, headers } of servers) await run(url, headers, 1) // warm-up
      // The machine's speed drifts by tens of percent over seconds: the floor and the mock take turns in
      // short rounds (order swapped each round) and each reports its median round.
      const results = new Map(servers.map(({ server }) => [server, [] as Result[]]))
      for (let round = 0; round < options.rounds; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse()
        for (const { server, url, headers } of order) results.get(server)!.push(await run(url, headers, options.duration))
      }
      for (const { server } of servers) rows.push(summarize(op.operation, server, results.get(server)!))
      // json-server is two orders of magnitude slower: one round says enough.
      const url = `http://127.0.0.1:${ports.jsonServer}${op.jsonServer}`
      await run(url, {}, 1)
      rows.push(summarize(op.operation, 'json-server', [await run(url, {}, options.duration)]))
    }
    return rows
  } finally {
    for (const child of children) child.kill('SIGTERM')
  }
}
