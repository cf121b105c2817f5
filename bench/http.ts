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
import autocannon from 'autocannon'
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

export async function runHttp(options: { duration: number; connections: number }): Promise<HttpRow[]> {
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

    // The floor answers with exactly the bytes the mock sends for each URL.
    const routes: Record<string, string> = {}
    for (const op of operations) {
      const res = await fetch(`${oursUrl}${op.ours.path}`, { headers: op.ours.headers })
      if (res.status !== 200) throw new Error(`${op.operation} answered ${res.status}`)
      routes[op.ours.path] = await res.text()
    }
    writeFileSync(join(dir, 'routes.json'), JSON.stringify(routes))
    children.push(start(['bench/floor-server.ts', join(dir, 'routes.json'), String(ports.floor)]))
    await waitFor(`http://127.0.0.1:${ports.floor}${operations[2]!.ours.path}`)
    await waitFor(`http://127.0.0.1:${ports.jsonServer}/workspaces`)

    const rows: HttpRow[] = []
    const load = async (operation: string, server: HttpRow['server'], url: string, headers: Record<string, string>) => {
      await autocannon({ url, headers, connections: options.connections, duration: 1 }) // warm-up
      const result = await autocannon({ url, headers, connections: options.connections, duration: options.duration })
      rows.push({
        operation,
        server,
        requestsPerSecond: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      })
    }
    for (const op of operations) {
      await load(op.operation, 'floor', `http://127.0.0.1:${ports.floor}${op.ours.path}`, {})
      await load(op.operation, 'workspace-api-mock', `${oursUrl}${op.ours.path}`, op.ours.headers)
      await load(op.operation, 'json-server', `http://127.0.0.1:${ports.jsonServer}${op.jsonServer}`, {})
    }
    return rows
  } finally {
    for (const child of children) child.kill('SIGTERM')
  }
}
