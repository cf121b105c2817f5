/**
 * 1,000 concurrent mixed requests against one mock, all started before any is awaited (Promise.all):
 * creates, updates (to distinct workspaces and to one hot workspace per tenant), gets, workspace lists,
 * application pages and rejected requests, across two tenants. Each must succeed or fail as it should, and
 * the end state must be exactly what the successful writes add up to.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Application, Principal, Scenario, ScenarioState, Workspace } from '../../src/index.ts'
import { declaredSchema, schemaErrors } from '../support/schemas.ts'
import { HostileServer, ORIGIN, type Exchange } from './support/hostile-server.ts'
import { listOrder } from './support/oracle.ts'
import { pollution } from './support/pollution.ts'

const CONCURRENCY = 1_000

/** Two tenants, each with a principal, 60 workspaces and one large workspace to page through. */
const twoTenants: Scenario = (kit) => {
  for (const [name, large] of [['Acme Corp', 250], ['Globex', 130]] as const) {
    const organization = kit.organization({ name })
    kit.principal(organization)
    kit.applications(kit.workspace(organization), large)
    for (let i = 0; i < 59; i++) kit.applications(kit.workspace(organization), i % 3)
  }
}

type Kind =
  | 'create'
  | 'update-distinct'
  | 'update-hot'
  | 'update-foreign'
  | 'get-own'
  | 'get-foreign'
  | 'list-workspaces'
  | 'list-applications'
  | 'get-application'
  | 'rejected'

interface Planned {
  kind: Kind
  tenant: 0 | 1
  request: Request
  /** The status this request must get. */
  status: number
  /** For writes: the name written; for pages: [pageSize, page]; for updates: the target id. */
  name?: string
  target?: string
  page?: [number, number]
}

const server = new HostileServer({ scenario: twoTenants, seed: 5 }, { connections: null })
let initial: ScenarioState
let peakInFlight = 0
let inFlight = 0

beforeAll(async () => {
  await server.start()
  initial = server.api.snapshot()
  server.server.events.on('request:start', () => {
    inFlight++
    peakInFlight = Math.max(peakInFlight, inFlight)
  })
  server.server.events.on('request:end', () => {
    inFlight--
  })
})
afterAll(() => server.stop())

function call(
  principal: Principal | null,
  method: string,
  path: string,
  init: { json?: unknown; body?: string; contentType?: string; workspace?: string } = {},
): Request {
  const headers = new Headers()
  if (principal) {
    headers.set('X-API-Key', principal.apiKey)
    headers.set('X-API-Secret', principal.apiSecret)
  }
  if (init.workspace) headers.set('X-Workspace-ID', init.workspace)
  let body: string | undefined
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(init.json)
  }
  if (init.body !== undefined) {
    headers.set('Content-Type', init.contentType ?? 'application/json')
    body = init.body
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body })
}

/** A deterministic shuffle, so the mix interleaves kinds and tenants the same way every run. */
function shuffle<T>(items: T[], seed: number): T[] {
  let state = seed
  for (let i = items.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    const j = state % (i + 1)
    ;[items[i], items[j]] = [items[j]!, items[i]!]
  }
  return items
}

function plan(state: ScenarioState, principals: readonly Principal[]): Planned[] {
  const out: Planned[] = []
  const tenants = [0, 1] as const
  const workspacesOf = (t: 0 | 1) => listOrder(state.workspaces.filter((w) => w.organization === principals[t]!.organization))
  const appsOf = (w: Workspace) => listOrder(state.applications.filter((a) => a.workspace === w.id))
  const largeOf = (t: 0 | 1) => workspacesOf(t).reduce((a, b) => (appsOf(b).length > appsOf(a).length ? b : a))
  for (const t of tenants) {
    const me = principals[t]!
    const other = (1 - t) as 0 | 1
    const mine = workspacesOf(t)
    const theirs = workspacesOf(other)
    const hot = mine[1]!
    for (let i = 0; i < 120; i++) {
      const name = `created-${t}-${i}`
      out.push({ kind: 'create', tenant: t, status: 200, name, request: call(me, 'POST', '/api/workspaces', { json: { name, description: `d${i}`, domain: `c${t}-${i}` } }) })
    }
    for (let i = 0; i < 55; i++) {
      const target = mine[2 + i]!
      const name = `renamed-${t}-${i}`
      out.push({ kind: 'update-distinct', tenant: t, status: 200, name, target: target.id, request: call(me, 'PUT', `/api/workspaces/${target.id}`, { json: { name } }) })
    }
    for (let i = 0; i < 50; i++) {
      const name = `hot-${t}-${i}`
      out.push({ kind: 'update-hot', tenant: t, status: 200, name, target: hot.id, request: call(me, 'PUT', `/api/workspaces/${hot.id}`, { json: { name, description: `write ${i}` } }) })
    }
    for (let i = 0; i < 20; i++) {
      const target = theirs[i]!
      out.push({ kind: 'update-foreign', tenant: t, status: 404, target: target.id, request: call(me, 'PUT', `/api/workspaces/${target.id}`, { json: { name: `stolen-${t}-${i}` } }) })
      out.push({ kind: 'get-foreign', tenant: t, status: 404, target: target.id, request: call(me, 'GET', `/api/workspaces/${target.id}`) })
    }
    for (let i = 0; i < 60; i++) {
      const target = mine[i % mine.length]!
      out.push({ kind: 'get-own', tenant: t, status: 200, target: target.id, request: call(me, 'GET', `/api/workspaces/${target.id}`) })
    }
    for (let i = 0; i < 40; i++) {
      out.push({ kind: 'list-workspaces', tenant: t, status: 200, request: call(me, 'GET', '/api/workspaces') })
    }
    const large = largeOf(t)
    const total = appsOf(large).length
    for (const size of [10, 20, 25, 50, 100]) {
      for (let page = 1; page <= Math.ceil(total / size) + 1; page++) {
        out.push({
          kind: 'list-applications',
          tenant: t,
          status: 200,
          target: large.id,
          page: [size, page],
          request: call(me, 'GET', `/api/applications?current_page=${page}&page_size=${size}`, { workspace: large.id }),
        })
      }
    }
    for (let i = 0; i < 20; i++) {
      const app = appsOf(large)[(i * 7) % total]!
      out.push({ kind: 'get-application', tenant: t, status: 200, target: app.id, request: call(me, 'GET', `/api/applications/${app.id}`, { workspace: large.id }) })
    }
    const rejected: Array<[Request, number]> = [
      [call(me, 'POST', '/api/workspaces', { json: { name: '' } }), 422],
      [call(me, 'POST', '/api/workspaces', { json: { name: 'x', extra: 1 } }), 422],
      [call(me, 'POST', '/api/workspaces', { body: '{"name":' }), 400],
      [call(me, 'POST', '/api/workspaces', { body: 'name=x', contentType: 'text/plain' }), 415],
      [call(me, 'PUT', `/api/workspaces/${hot.id}`, { json: { domain: 'nope' } }), 422],
      [call(null, 'POST', '/api/workspaces', { json: { name: 'anonymous' } }), 401],
      [call({ ...me, apiSecret: 'wrong' }, 'PUT', `/api/workspaces/${hot.id}`, { json: { name: 'wrong' } }), 401],
      [call(me, 'GET', '/api/applications?page_size=101', { workspace: large.id }), 422],
      [call(me, 'GET', '/api/applications', { workspace: theirs[0]!.id }), 404],
      [call(me, 'GET', `/api/workspaces/${'w'.repeat(37)}`), 422],
    ]
    for (let i = 0; i < 20; i++) {
      const [request, status] = rejected[i % rejected.length]!
      out.push({ kind: 'rejected', tenant: t, status, request: i < rejected.length ? request : request.clone() })
    }
  }
  // Top up to exactly CONCURRENCY with more reads of each tenant's own workspaces.
  for (let i = 0; out.length < CONCURRENCY; i++) {
    const t = (i % 2) as 0 | 1
    const target = workspacesOf(t)[i % 60]!
    out.push({ kind: 'get-own', tenant: t, status: 200, target: target.id, request: call(principals[t]!, 'GET', `/api/workspaces/${target.id}`) })
  }
  return shuffle(out, 0xc0ffee)
}

async function read(request: Request): Promise<Exchange> {
  return server.send(request)
}

describe(`${CONCURRENCY} concurrent mixed requests against one mock`, () => {
  test('each answers as it should; ids unique; no lost update; totals exact; pages consistent', async () => {
    const { api } = server
    const principals = api.principals
    const planned = plan(initial, principals)
    expect(planned.length).toBe(CONCURRENCY)

    const started = performance.now()
    const answers = await Promise.all(planned.map((p) => read(p.request)))
    const seconds = (performance.now() - started) / 1000

    // --- every request answered as it should, with a valid body
    const wrong: string[] = []
    answers.forEach((answer, i) => {
      const p = planned[i]!
      if (answer.networkError) wrong.push(`${p.kind}: ${answer.networkError}`)
      else if (answer.status !== p.status) wrong.push(`${p.kind} ${p.request.method} ${p.request.url}: ${answer.status}, expected ${p.status}: ${answer.text.slice(0, 200)}`)
      const schema = declaredSchema(new Response(null, { headers: answer.headers }))
      if (!schema) wrong.push(`${p.kind}: no schema declared`)
      else {
        const invalid = schemaErrors(schema, answer.json)
        if (invalid) wrong.push(`${p.kind}: body breaks ${schema}: ${invalid}`)
      }
    })
    expect(wrong.slice(0, 10), `${wrong.length} requests answered wrongly`).toEqual([])
    expect(server.takeIncidents()).toEqual([])
    expect(pollution()).toBeUndefined()

    const data = (i: number) => (answers[i]!.json as { data: any }).data
    const indexes = (kind: Kind, tenant?: 0 | 1) =>
      planned.flatMap((p, i) => (p.kind === kind && (tenant === undefined || p.tenant === tenant) ? [i] : []))

    // --- every record answered belongs to the caller's organization
    planned.forEach((p, i) => {
      if (answers[i]!.status !== 200) return
      const organization = principals[p.tenant]!.organization
      const records: Array<Workspace | Application> = [data(i)].flat()
      for (const record of records) {
        if ('organization' in record) expect(record.organization, p.kind).toBe(organization)
        else expect(initial.workspaces.find((w) => w.id === record.workspace)?.organization, p.kind).toBe(organization)
      }
    })

    // --- created ids: unique, new, owned by the creator
    const created = indexes('create').map((i) => data(i) as Workspace)
    const ids = created.map((w) => w.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.filter((id) => initial.workspaces.some((w) => w.id === id))).toEqual([])

    // --- final state, read back sequentially
    const final = api.snapshot()
    expect(JSON.stringify(final.applications)).toBe(JSON.stringify(initial.applications))
    expect(JSON.stringify(final.accounts)).toBe(JSON.stringify(initial.accounts))
    expect(JSON.stringify(final.organizations)).toBe(JSON.stringify(initial.organizations))
    expect(final.workspaces.length).toBe(initial.workspaces.length + created.length)
    for (const t of [0, 1] as const) {
      const me = principals[t]!
      const list = await read(call(me, 'GET', '/api/workspaces'))
      const listed = (list.json as { data: Workspace[] }).data
      const before = initial.workspaces.filter((w) => w.organization === me.organization)
      const mineCreated = indexes('create', t).map((i) => data(i) as Workspace)
      expect(listed.length, `tenant ${t} total`).toBe(before.length + mineCreated.length)
      expect(listed.every((w) => w.organization === me.organization)).toBe(true)
      expect(listed.map((w) => w.id)).toEqual(listOrder(listed).map((w) => w.id))
      const byId = new Map(listed.map((w) => [w.id, w]))
      for (const w of mineCreated) expect(byId.get(w.id), 'created workspace listed as answered').toEqual(w)

      // no lost update: every update to a distinct workspace landed
      for (const i of indexes('update-distinct', t)) {
        const p = planned[i]!
        const stored = byId.get(p.target!)!
        expect(stored.name, `update of ${p.target}`).toBe(p.name)
        expect(stored.updated).toBe((data(i) as Workspace).updated)
        expect(stored.updated).toBeGreaterThan(initial.workspaces.find((w) => w.id === p.target)!.updated)
      }

      // the hot workspace: one of the written values, the last one by `updated`; `updated` strictly increasing
      const hot = indexes('update-hot', t).map((i) => ({ name: planned[i]!.name!, record: data(i) as Workspace }))
      const target = planned[indexes('update-hot', t)[0]!]!.target!
      const stamps = hot.map((h) => h.record.updated).sort((a, b) => a - b)
      for (let k = 1; k < stamps.length; k++) expect(stamps[k]!, 'updated strictly increasing').toBeGreaterThan(stamps[k - 1]!)
      expect(stamps[0]!).toBeGreaterThan(initial.workspaces.find((w) => w.id === target)!.updated)
      const last = hot.reduce((a, b) => (b.record.updated > a.record.updated ? b : a))
      const stored = byId.get(target)!
      expect(hot.map((h) => h.name)).toContain(stored.name)
      expect(stored.name).toBe(last.name)
      expect(stored.updated).toBe(last.record.updated)
      expect(stored.updated).toBe(stamps.at(-1))

      // foreign writes changed nothing
      for (const i of indexes('update-foreign', t)) {
        const p = planned[i]!
        const theirs = final.workspaces.find((w) => w.id === p.target)!
        expect(theirs.name.startsWith('stolen-')).toBe(false)
      }

      // every list seen mid-flight: own organization only, the initial workspaces present, in list order
      for (const i of indexes('list-workspaces', t)) {
        const seen = data(i) as Workspace[]
        expect(seen.length).toBeGreaterThanOrEqual(before.length)
        expect(seen.length).toBeLessThanOrEqual(before.length + mineCreated.length)
        expect(seen.every((w) => w.organization === me.organization)).toBe(true)
        const seenIds = new Set(seen.map((w) => w.id))
        expect(before.every((w) => seenIds.has(w.id))).toBe(true)
        expect(seen.map((w) => w.id)).toEqual(listOrder(seen).map((w) => w.id))
      }

      // application pages: for each page size, the pages tile the whole ordered list exactly
      const pages = indexes('list-applications', t)
      const workspace = planned[pages[0]!]!.target!
      const all = listOrder(initial.applications.filter((a) => a.workspace === workspace))
      for (const size of [10, 20, 25, 50, 100]) {
        const ofSize = pages
          .filter((i) => planned[i]!.page![0] === size)
          .sort((a, b) => planned[a]!.page![1] - planned[b]!.page![1])
        const bodies = ofSize.map((i) => answers[i]!.json as { data: Application[]; total: number; current_page: number; page_size: number })
        expect(bodies.every((b) => b.total === all.length && b.page_size === size)).toBe(true)
        expect(bodies.map((b) => b.current_page)).toEqual(ofSize.map((i) => planned[i]!.page![1]))
        expect(bodies.flatMap((b) => b.data)).toEqual(all)
        expect(bodies.at(-1)!.data).toEqual([])
      }
    }

    console.log(
      `concurrency figures: ${JSON.stringify({
        requests: CONCURRENCY,
        peakInFlight,
        seconds: Math.round(seconds * 100) / 100,
        byKind: Object.fromEntries(
          [...new Set(planned.map((p) => p.kind))].map((kind) => [kind, planned.filter((p) => p.kind === kind).length]),
        ),
      })}`,
    )
    expect(peakInFlight, 'requests in flight at once').toBeGreaterThan(CONCURRENCY / 2)
  }, 120_000)

  test('after the storm, reset() brings back the exact initial snapshot', async () => {
    await server.api.reset()
    expect(JSON.stringify(server.api.snapshot())).toBe(JSON.stringify(initial))
  })
})
