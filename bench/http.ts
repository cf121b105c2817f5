/**
 * HTTP benchmark: the demo server (the real CLI process) against json-server 0.17 serving the same
 * records and against a bare node:http server returning our bytes precomputed (the floor), all loaded by
 * autocannon with the same connections and duration, one server at a time.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
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
  /** Server CPU time per request, in µs (median round). */
  cpuPerRequest: number
  /** How many times the floor's req/s this is below, and its CPU per request above (median of rounds). */
  vsFloor: { requestsPerSecond: number; cpuPerRequest: number }
  errors: number
}

const root = new URL('..', import.meta.url).pathname

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

export async function waitFor(url: string, headers: Record<string, string> = {}, timeoutMs = 120_000): Promise<void> {
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

export function start(args: string[], cwd = root): ChildProcess {
  return spawn(process.execPath, ['--import', `${root}bench/cpu-probe.ts`, ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
}

/** CPU time (user + system, µs) the server process has used so far, from its probe. */
export function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (usage: NodeJS.CpuUsage) => resolve(usage.user + usage.system))
    child.send('cpu')
  })
}

/** Headers node:http sets per connection and per response; the floor sets its own. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/**
 * One answer of the demo server as the floor must send it: the status, the headers as they came on the wire
 * (names in their own case: node:http lower-cases a name in canonical case to look for the ones it handles,
 * work a lower-case copy would spare the floor) and the body.
 */
export function capture(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (res) => {
      const kept: Record<string, string> = {}
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!
        if (!PER_CONNECTION.has(name.toLowerCase())) kept[name] = res.rawHeaders[i + 1]!
      }
      let body = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: kept, body }))
    }).on('error', reject)
  })
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

interface Measured {
  result: Result
  cpu: number
}

/**
 * A server's row. Against the floor, each round's ratio compares two runs made seconds apart, and the
 * row reports the median of those ratios: slow drift of the machine's speed cancels out of each pair.
 */
function summarize(operation: string, server: HttpRow['server'], runs: Measured[], floor: Measured[] = runs): HttpRow {
  const pairs = runs.map((run, round) => [run, floor[Math.min(round, floor.length - 1)]!] as const)
  const perRequest = (run: Measured) => run.cpu / run.result.requests.total
  return {
    operation,
    server,
    vsFloor: {
      requestsPerSecond: median(pairs.map(([run, base]) => base.result.requests.average / run.result.requests.average)),
      cpuPerRequest: median(pairs.map(([run, base]) => perRequest(run) / perRequest(base))),
    },
    requestsPerSecond: median(runs.map((r) => r.result.requests.average)),
    p99: median(runs.map((r) => r.result.latency.p99)),
    cpuPerRequest: median(runs.map(perRequest)),
    errors: runs.reduce((sum, r) => sum + r.result.errors + r.result.timeouts + r.result.non2xx, 0),
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
      const { status, headers, body } = await capture(`${oursUrl}${op.ours.path}`, op.ours.headers)
      if (status !== 200) throw new Error(`${op.operation} answered ${status}`)
      routes[op.ours.path] = { headers, body }
    }
    writeFileSync(join(dir, 'routes.json'), JSON.stringify(routes))
    const floor = start(['bench/floor-server.ts', join(dir, 'routes.json'), String(ports.floor)])
    children.push(floor)
    await waitFor(`http://127.0.0.1:${ports.floor}${operations[2]!.ours.path}`)
    await waitFor(`http://127.0.0.1:${ports.jsonServer}/workspaces`)

    const rows: HttpRow[] = []
    const run = (url: string, headers: Record<string, string>, duration: number) =>
      autocannon({ url, headers, connections: options.connections, duration })
    const measure = async (child: ChildProcess, url: string, headers: Record<string, string>): Promise<Measured> => {
      const before = await cpuOf(child)
      const result = await run(url, headers, options.duration)
      return { result, cpu: (await cpuOf(child)) - before }
    }
    for (const op of operations) {
      const servers = [
        { server: 'floor' as const, child: floor, url: `http://127.0.0.1:${ports.floor}${op.ours.path}` },
        { server: 'workspace-api-mock' as const, child: ours, url: `${oursUrl}${op.ours.path}` },
      ]
      for (const { url } of servers) await run(url, op.ours.headers, 1) // warm-up
      // The machine's speed drifts by tens of percent over seconds: the floor and the mock take turns in
      // short rounds (order swapped each round) and each reports its median round.
      const runs = new Map(servers.map(({ server }) => [server, [] as Measured[]]))
      for (let round = 0; round < options.rounds; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse()
        for (const { server, child, url } of order) runs.get(server)!.push(await measure(child, url, op.ours.headers))
      }
      const floorRuns = runs.get('floor')!
      for (const { server } of servers) rows.push(summarize(op.operation, server, runs.get(server)!, floorRuns))
      // json-server is two orders of magnitude slower: one round says enough.
      const url = `http://127.0.0.1:${ports.jsonServer}${op.jsonServer}`
      await run(url, {}, 1)
      rows.push(summarize(op.operation, 'json-server', [await measure(jsonServer, url, {})], floorRuns))
    }
    return rows
  } finally {
    for (const child of children) child.kill('SIGTERM')
  }
}
