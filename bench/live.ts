/**
 * `live`'s figures (docs/live.md), each side by side with its baseline in the same run, rounds interleaved
 * so that the machine's noise hits both alike:
 *   1. an operation left on `mock`, in a mock that has `live`, against the same mock without it;
 *   2. a `live` operation (drift off) against a direct call to the same service: the kit's own time on top;
 *   3. the same with drift on: what comparing the answer costs a request.
 * The service is a demo server in this process; every side asks through `api.handle` or `fetch`.
 * `npm run bench:live` (`-- --rounds 9 --per-round 200`).
 */
import { parseArgs } from 'node:util'
import { createMockApi, startMockServer, withCredentials, type LiveOptions, type MockApi } from '../src/node/index.ts'
import { formatTable, median } from './stats.ts'

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '9' }, 'per-round': { type: 'string', default: '200' } } })
const rounds = Number(values.rounds)
const perRound = Number(values['per-round'])

const SERVICE = { apiKey: 'bench-service-key', apiSecret: 'bench-service-secret' }
const service = await startMockServer({ port: 0, scenario: withCredentials('demo', SERVICE), seed: 1, strict: false, journalLimit: 0 })
const mockOf = (live?: LiveOptions) => createMockApi({ scenario: 'demo', seed: 1, strict: false, journalLimit: 0, baseUrl: 'http://mock.test', ...(live && { live }) }) as MockApi
const plain = mockOf()
const liveOn = (operation: string, drift: boolean) => mockOf({ target: service.url, credentials: SERVICE, operations: { [operation]: 'live' }, drift })
const applicationsOf = (id: string) => service.api.db.applications.findMany((q) => q.where({ workspace: id })).length
// The workspace with the most applications: the largest page the demo data has.
const workspace = service.api.db.workspaces.all().reduce((most, next) => (applicationsOf(next.id) > applicationsOf(most.id) ? next : most))

interface Case {
  name: string
  path: string
  headers: Record<string, string>
}

const cases: Case[] = [
  { name: 'GET /api/workspaces/{id}', path: `/api/workspaces/${workspace.id}`, headers: {} },
  { name: `GET /api/applications (a page of ${applicationsOf(workspace.id)})`, path: '/api/applications?page_size=100', headers: { 'X-Workspace-ID': workspace.id } },
]
const operationOf = (c: Case) => (c.path.startsWith('/api/workspaces') ? 'getWorkspace' : 'listApplications')

/** A way to ask for one case: the request as one of the compared sides sends it. */
type Ask = (c: Case) => Promise<void>

const viaMock = (api: MockApi): Ask => async (c) => {
  const response = await api.handle(new Request(`http://mock.test${c.path}`, { headers: { ...c.headers, 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret } }))
  if (response?.status !== 200) throw new Error(`${c.name}: ${response?.status}`)
  await response.arrayBuffer()
}
const direct: Ask = async (c) => {
  const response = await fetch(`${service.url}${c.path}`, { headers: { ...c.headers, 'X-API-Key': SERVICE.apiKey, 'X-API-Secret': SERVICE.apiSecret } })
  if (response.status !== 200) throw new Error(`${c.name}: ${response.status}`)
  await response.arrayBuffer()
}

/** Median microseconds a request of each side, over interleaved rounds. */
async function compare(c: Case, sides: Record<string, Ask>): Promise<Record<string, number>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(sides).map((name) => [name, []]))
  for (const ask of Object.values(sides)) for (let i = 0; i < 50; i++) await ask(c)
  for (let round = 0; round < rounds; round++) {
    for (const [name, ask] of Object.entries(sides)) {
      for (let i = 0; i < perRound; i++) {
        const started = performance.now()
        await ask(c)
        samples[name]!.push((performance.now() - started) * 1000)
      }
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, median(list)]))
}

const us = (value: number) => `${value.toFixed(1)} µs`
const rows: string[][] = []
for (const c of cases) {
  const withLive = mockOf({ target: service.url, credentials: SERVICE, operations: { [operationOf(c) === 'getWorkspace' ? 'listApplications' : 'getWorkspace']: 'live' } })
  await withLive.ready
  const mocked = await compare(c, { without: viaMock(plain), with: viaMock(withLive) })
  rows.push([`${c.name} on mock`, `without live ${us(mocked.without!)}`, `with live ${us(mocked.with!)}`, `${(mocked.with! / mocked.without!).toFixed(3)}x`])
  const noDrift = liveOn(operationOf(c), false)
  const drift = liveOn(operationOf(c), true)
  await Promise.all([noDrift.ready, drift.ready])
  const forwarded = await compare(c, { direct, live: viaMock(noDrift), drift: viaMock(drift) })
  rows.push([`${c.name} live`, `direct ${us(forwarded.direct!)}`, `live ${us(forwarded.live!)}`, `+${us(forwarded.live! - forwarded.direct!)}`])
  rows.push([`${c.name} live, drift on`, `live ${us(forwarded.live!)}`, `drift ${us(forwarded.drift!)}`, `+${us(forwarded.drift! - forwarded.live!)}`])
}
await service.close()
console.log(`live: medians of ${rounds} rounds x ${perRound} requests a side, interleaved (Node ${process.version})\n`)
console.log(formatTable(['case', 'baseline', 'measured', 'ratio or cost'], rows))
