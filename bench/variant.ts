/**
 * `npm run bench:variant -- <dir>`: this checkout's demo server against another checkout's (a change such
 * as a cache removed; its node_modules may be a link to this one's), both serving the HTTP benchmark's
 * state beside the floor, in alternating rounds: each round runs the floor, this server and the variant,
 * in an order that turns each round, so that the machine's drift cancels out of the per-round ratios.
 * Prints, per operation, the variant's requests per second and CPU per request as ratios to this
 * checkout's (medians of the rounds' ratios) and each against the floor. How docs/decisions/0003 measured
 * which caches on the request path earn their place.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon, { type Result } from 'autocannon'
import { buildScenario } from '../src/index.ts'
import { capture, cpuOf, freePort, median, start, waitFor } from './http.ts'

const [variantDir, ...rest] = process.argv.slice(2)
if (!variantDir) {
  process.stderr.write('usage: npm run bench:variant -- <checkout> [--rounds N] [--duration S]\n')
  process.exit(2)
}
const flag = (name: string, fallback: number) => (rest.includes(name) ? Number(rest[rest.indexOf(name) + 1]) : fallback)
const rounds = flag('--rounds', 9)
const duration = flag('--duration', 2)
const root = new URL('..', import.meta.url).pathname

const state = buildScenario('scale:100x1000', { seed: 1 })
const auth = { 'X-API-Key': 'bench-key', 'X-API-Secret': 'bench-secret' }
const workspace = state.workspaces.at(-1)!
const application = state.applications.at(-2)!
const operations = [
  { name: 'by id', path: `/api/applications/${application.id}`, headers: { ...auth, 'X-Workspace-ID': application.workspace } },
  { name: 'page of 100', path: '/api/applications?current_page=5&page_size=100', headers: { ...auth, 'X-Workspace-ID': workspace.id } },
  { name: 'list', path: '/api/workspaces', headers: auth },
]

interface Server {
  name: 'floor' | 'this' | 'variant'
  child: ChildProcess
  origin: string
}

async function kit(dir: string, name: 'this' | 'variant'): Promise<Server> {
  const port = await freePort()
  const args = ['src/cli/main.ts', '--port', String(port), '--scenario', 'scale:100x1000', '--seed', '1', '--api-key', auth['X-API-Key'], '--api-secret', auth['X-API-Secret']]
  const child = start(args, dir)
  const origin = `http://127.0.0.1:${port}`
  await waitFor(`${origin}/api/workspaces`, auth)
  return { name, child, origin }
}

async function measure(server: Server, path: string, headers: Record<string, string>): Promise<{ result: Result; cpu: number }> {
  const before = await cpuOf(server.child)
  const result = await autocannon({ url: `${server.origin}${path}`, headers, connections: 10, duration })
  return { result, cpu: (await cpuOf(server.child)) - before }
}

const servers: Server[] = []
try {
  servers.push(await kit(root, 'this'), await kit(resolve(variantDir), 'variant'))
  const routes: Record<string, { headers: Record<string, string>; body: string }> = {}
  for (const op of operations) {
    const mine = await capture(`${servers[0]!.origin}${op.path}`, op.headers)
    const theirs = await capture(`${servers[1]!.origin}${op.path}`, op.headers)
    // Icon URLs name each server's own origin (of the same length): the rest must be the same bytes.
    if (mine.body.replaceAll(servers[0]!.origin, '') !== theirs.body.replaceAll(servers[1]!.origin, '')) {
      throw new Error(`${op.name}: the variant answers other bytes`)
    }
    routes[op.path] = { headers: mine.headers, body: mine.body }
  }
  const dir = mkdtempSync(join(tmpdir(), 'wam-variant-'))
  writeFileSync(join(dir, 'routes.json'), JSON.stringify(routes))
  const floorPort = await freePort()
  const floor: Server = { name: 'floor', child: start(['bench/floor-server.ts', join(dir, 'routes.json'), String(floorPort)]), origin: `http://127.0.0.1:${floorPort}` }
  servers.push(floor)
  await waitFor(`${floor.origin}${operations[2]!.path}`)
  console.log(`variant ${variantDir} against this checkout: ${rounds} rounds of ${duration} s per operation, 10 connections`)
  for (const op of operations) {
    for (const server of servers) await autocannon({ url: `${server.origin}${op.path}`, headers: op.headers, connections: 10, duration: 1 })
    const runs = new Map<Server['name'], Array<{ rps: number; cpu: number }>>(servers.map((s) => [s.name, []]))
    for (let round = 0; round < rounds; round++) {
      const order = [...servers.slice(round % 3), ...servers.slice(0, round % 3)]
      for (const server of order) {
        const { result, cpu } = await measure(server, op.path, op.headers)
        runs.get(server.name)!.push({ rps: result.requests.average, cpu: cpu / result.requests.total })
      }
    }
    const ratio = (a: Server['name'], b: Server['name'], key: 'rps' | 'cpu') =>
      median(runs.get(a)!.map((run, i) => run[key] / runs.get(b)![i]![key])).toFixed(3)
    console.log(
      `${op.name}: variant/this req/s ${ratio('variant', 'this', 'rps')}x, CPU per request ${ratio('variant', 'this', 'cpu')}x; ` +
        `of the floor's req/s: this ${ratio('this', 'floor', 'rps')}x, variant ${ratio('variant', 'floor', 'rps')}x`,
    )
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM')
}
