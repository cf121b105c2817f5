/**
 * The admin routes of one mock (src/server/admin/mock-routes.ts), in this process over a real socket: faults of
 * every type and option with their validation problems, the fault list and its startup marks, removal,
 * the journal, reset, snapshot, a new state and info (docs/demo-server.md, "Behaviour of the server").
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_SURFACE } from '../../src/handlers/routing/operation-table.ts'
import { buildScenario, DEFAULT_PROFILE, scenarios } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { authOf, call, expectJson, expectProblem } from './http-helpers.ts'

const SMALL = JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8'))

let server: MockServer
/** Admin writes take JSON: a raw body goes as application/json (attack-cross-origin.test.ts tries others). */
const admin = (path: string, init: Parameters<typeof call>[2] = {}) =>
  call(server.url, `/__admin/${path}`, init.body === undefined ? init : { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } })
const listWorkspaces = () => call(server.url, '/api/workspaces', { headers: authOf(server.api.credentials) })

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', seed: 5, strict: false })
})
afterAll(() => server.close())
afterEach(async () => {
  await server.api.reset()
})

describe('POST /__admin/faults', () => {
  test('a fail fault with status, detail and times: 201 with its id, what was added and the count; it fires that often', async () => {
    const spec = { type: 'fail', target: 'listWorkspaces', status: 503, detail: 'down for maintenance', times: 1 }
    const added = expectJson(await admin('faults', { json: spec }), 201)
    expect(added).toEqual({ id: expect.any(Number), added: spec, faults: 1 })
    const failed = await listWorkspaces()
    expectProblem(failed, 503, server.url, 'down for maintenance')
    expect((await listWorkspaces()).status).toBe(200)
  })

  test('without a target a fault applies to every operation; a fail fault defaults to 500 "injected fault: 500"', async () => {
    const added = expectJson(await admin('faults', { json: { type: 'fail' } }), 201)
    expect(added.added).toEqual({ type: 'fail', target: '*' })
    const listed = await listWorkspaces()
    expect(listed.status).toBe(500)
    expect(listed.body.detail).toBe('injected fault: 500')
    const id = server.api.db.workspaces.all()[0]!.id
    expect((await call(server.url, `/api/workspaces/${id}`, { headers: authOf(server.api.credentials) })).status).toBe(500)
  })

  test('rate 0 never fires, rate 1 always does', async () => {
    expectJson(await admin('faults', { json: { type: 'fail', target: 'listWorkspaces', status: 502, rate: 0 } }), 201)
    expect((await listWorkspaces()).status).toBe(200)
    expectJson(await admin('faults', { json: { type: 'fail', target: 'listWorkspaces', status: 504, rate: 1 } }), 201)
    expect((await listWorkspaces()).status).toBe(504)
    const { faults } = expectJson(await admin('faults'))
    expect(faults.map((f: { rate: number; hits: number }) => [f.rate, f.hits])).toEqual([
      [0, 0],
      [1, 1],
    ])
  })

  test('a latency fault (a number or a range) delays matching requests, then they are answered', async () => {
    const added = expectJson(await admin('faults', { json: { type: 'latency', target: 'listWorkspaces', latency: [60, 60], times: 1 } }), 201)
    expect(added.added).toEqual({ type: 'latency', target: 'listWorkspaces', latency: [60, 60], times: 1 })
    const started = performance.now()
    expect((await listWorkspaces()).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
    expectJson(await admin('faults', { json: { type: 'latency', target: 'getWorkspace', latency: 5 } }), 201)
    const { faults } = expectJson(await admin('faults'))
    expect(faults).toEqual([
      { id: added.id, type: 'latency', target: 'listWorkspaces', latency: [60, 60], times: 1, hits: 1, startup: false },
      { id: added.id + 1, type: 'latency', target: 'getWorkspace', latency: 5, hits: 0, startup: false },
    ])
  })

  test('a disconnect fault drops the connection', async () => {
    expectJson(await admin('faults', { json: { type: 'disconnect', target: 'GET /api/workspaces', times: 1 } }), 201)
    await expect(fetch(`${server.url}/api/workspaces`, { headers: authOf(server.api.credentials) })).rejects.toThrow(TypeError)
    expect((await listWorkspaces()).status).toBe(200)
    const { faults } = expectJson(await admin('faults'))
    expect(faults).toEqual([expect.objectContaining({ type: 'disconnect', target: 'GET /api/workspaces', times: 1, hits: 1 })])
  })

  test('a rateLimit fault lets `requests` through, then answers 429 with Retry-After (default 1 s)', async () => {
    expectJson(await admin('faults', { json: { type: 'rateLimit', target: 'listWorkspaces', requests: 1, retryAfter: 7 } }), 201)
    expect((await listWorkspaces()).status).toBe(200)
    const limited = await listWorkspaces()
    expectProblem(limited, 429, server.url, 'rate limit of 1 requests exceeded')
    expect(limited.headers.get('Retry-After')).toBe('7')
    await admin('faults', { method: 'DELETE' })
    expectJson(await admin('faults', { json: { type: 'rateLimit', requests: 0 } }), 201)
    expect((await listWorkspaces()).headers.get('Retry-After')).toBe('1')
    const { faults } = expectJson(await admin('faults'))
    expect(faults).toEqual([expect.objectContaining({ type: 'rateLimit', target: '*', requests: 0, retryAfter: 1, hits: 1 })])
  })

  test('a description that does not fit is a 422 "validation failed" naming each member; nothing is added', async () => {
    const status = expectProblem(await admin('faults', { json: { type: 'fail', status: 200 } }), 422, server.url, 'validation failed')
    expect(status.errors).toEqual([expect.objectContaining({ location: 'body.status', value: 200 })])
    const type = expectProblem(await admin('faults', { json: { type: 'slow' } }), 422, server.url, 'validation failed')
    expect(type.errors.map((e: { location: string }) => e.location)).toEqual(['body.type'])
    const extra = expectProblem(await admin('faults', { json: { type: 'disconnect', status: 500 } }), 422, server.url)
    expect(extra.errors).toEqual([{ message: 'unexpected property', location: 'body.status', value: 500 }])
    const rate = expectProblem(await admin('faults', { json: { type: 'fail', rate: 2 } }), 422, server.url)
    expect(rate.errors.map((e: { location: string }) => e.location)).toEqual(['body.rate'])
    const target = expectProblem(await admin('faults', { json: { type: 'fail', target: '' } }), 422, server.url)
    expect(target.errors.map((e: { location: string }) => e.location)).toEqual(['body.target'])
    expect(expectJson(await admin('faults')).faults).toEqual([])
  })

  test('no body, or only whitespace, is a 422 at `body`; malformed JSON is a 400', async () => {
    for (const body of [undefined, '  \n ']) {
      const answer = await admin('faults', { method: 'POST', ...(body !== undefined && { body }) })
      const problem = expectProblem(answer, 422, server.url, 'validation failed')
      expect(problem.errors.map((e: { location: string }) => e.location)).toEqual(['body'])
    }
    const broken = expectProblem(await admin('faults', { body: '{"type":' }), 400, server.url, 'request body is not valid JSON')
    expect(broken.errors).toBeUndefined()
  })

  test('a fault the registry refuses (an unknown target, a reversed range) is a 422 with its message', async () => {
    const unknown = expectProblem(await admin('faults', { json: { type: 'fail', target: 'nope' } }), 422, server.url)
    expect(unknown.detail).toMatch(/^Unknown operation target "nope": use an operation name \(listWorkspaces, /)
    expect(unknown.errors).toBeUndefined()
    const reversed = await admin('faults', { json: { type: 'latency', latency: [80, 20] } })
    expectProblem(reversed, 422, server.url, 'latency: expected ms from 0 to 120000 or [min, max] with min <= max, got 80,20')
    expect(expectJson(await admin('faults')).faults).toEqual([])
  })
})

describe('GET and DELETE /__admin/faults', () => {
  test('GET lists the active faults with ids and hits, none marked as startup ones', async () => {
    expect(expectJson(await admin('faults'))).toEqual({ faults: [] })
    const { id } = expectJson(await admin('faults', { json: { type: 'fail', target: 'listWorkspaces', status: 503 } }), 201)
    await listWorkspaces()
    expect(expectJson(await admin('faults'))).toEqual({
      faults: [{ id, type: 'fail', target: 'listWorkspaces', status: 503, detail: 'injected fault: 503', hits: 1, startup: false }],
    })
  })

  test('DELETE removes them all and answers how many are left', async () => {
    await admin('faults', { json: { type: 'fail', target: 'listWorkspaces' } })
    await admin('faults', { json: { type: 'fail', target: 'getWorkspace' } })
    expect(expectJson(await admin('faults', { method: 'DELETE' }))).toEqual({ faults: 0 })
    expect(expectJson(await admin('faults')).faults).toEqual([])
    expect((await listWorkspaces()).status).toBe(200)
  })

  test('DELETE faults/{id} removes that one (a trailing slash too); an unknown id is a 404 problem', async () => {
    const first = expectJson(await admin('faults', { json: { type: 'fail', target: 'listWorkspaces' } }), 201)
    const second = expectJson(await admin('faults', { json: { type: 'fail', target: 'getWorkspace' } }), 201)
    expect(second.faults).toBe(2)
    expect(expectJson(await admin(`faults/${first.id}/`, { method: 'DELETE' }))).toEqual({ faults: 1 })
    expect(expectJson(await admin('faults')).faults.map((f: { id: number }) => f.id)).toEqual([second.id])
    expect((await listWorkspaces()).status).toBe(200)
    expectProblem(await admin(`faults/${first.id}`, { method: 'DELETE' }), 404, server.url, `no fault ${first.id}`)
    expect(expectJson(await admin('faults')).faults).toHaveLength(1)
  })

  test('ids of two digits and more are ids too', async () => {
    let last = expectJson(await admin('faults', { json: { type: 'fail', target: 'listWorkspaces' } }), 201)
    while (last.id < 12) last = expectJson(await admin('faults', { json: { type: 'fail', target: 'getWorkspace' } }), 201)
    const before = last.faults
    expect(expectJson(await admin(`faults/${last.id}`, { method: 'DELETE' }))).toEqual({ faults: before - 1 })
    expect(expectJson(await admin('faults')).faults.map((f: { id: number }) => f.id)).not.toContain(last.id)
  })

  test('faults/{id} answers DELETE only, and only for a number', async () => {
    const { id } = expectJson(await admin('faults', { json: { type: 'fail', target: 'listWorkspaces' } }), 201)
    expectProblem(await admin(`faults/${id}`), 404, server.url, `no admin route GET /__admin/faults/${id}`)
    expectProblem(await admin('faults/first', { method: 'DELETE' }), 404, server.url, 'no admin route DELETE /__admin/faults/first')
    expectProblem(await admin(`faults/${id}/x`, { method: 'DELETE' }), 404, server.url, `no admin route DELETE /__admin/faults/${id}/x`)
    expectProblem(await admin(`x/faults/${id}`, { method: 'DELETE' }), 404, server.url, `no admin route DELETE /__admin/x/faults/${id}`)
    expect(expectJson(await admin('faults')).faults).toHaveLength(1)
  })
})

describe('journal, reset, snapshot', () => {
  test('GET journal lists the requests (secret redacted); DELETE clears it', async () => {
    await listWorkspaces()
    const { entries } = expectJson(await admin('journal'))
    expect(entries).toEqual([
      expect.objectContaining({ operation: 'listWorkspaces', method: 'GET', url: `${server.url}/api/workspaces`, status: 200 }),
    ])
    expect(entries[0].headers['x-api-secret']).toBe('[redacted]')
    expect(expectJson(await admin('journal', { method: 'DELETE' }))).toEqual({ entries: [] })
    expect(expectJson(await admin('journal'))).toEqual({ entries: [] })
  })

  test('POST reset: back to the initial state, the faults and the journal cleared', async () => {
    const before = expectJson(await admin('snapshot'))
    const created = await call(server.url, '/api/workspaces', { json: { name: 'Before reset' }, headers: authOf(server.api.credentials) })
    expect(created.status).toBe(200)
    await admin('faults', { json: { type: 'fail', target: 'getWorkspace' } })
    expect(expectJson(await admin('reset', { method: 'POST' }))).toEqual({ reset: true })
    expect(expectJson(await admin('snapshot'))).toEqual(before)
    expect(expectJson(await admin('faults')).faults).toEqual([])
    expect(expectJson(await admin('journal')).entries).toEqual([])
  })

  test('GET snapshot is the whole current state', async () => {
    await call(server.url, '/api/workspaces', { json: { name: 'In the snapshot' }, headers: authOf(server.api.credentials) })
    const snapshot = expectJson(await admin('snapshot'))
    expect(snapshot).toEqual(JSON.parse(JSON.stringify(server.api.snapshot())))
    expect(snapshot.workspaces.at(-1).name).toBe('In the snapshot')
    expect(Object.keys(snapshot)).toEqual(['organizations', 'accounts', 'workspaces', 'applications'])
  })

  test('other methods and names are 404 problems naming the route', async () => {
    expectProblem(await admin('reset'), 404, server.url, 'no admin route GET /__admin/reset')
    expectProblem(await admin('faults', { method: 'PUT', json: {} }), 404, server.url, 'no admin route PUT /__admin/faults')
    expectProblem(await admin('snapshot', { method: 'POST' }), 404, server.url, 'no admin route POST /__admin/snapshot')
    expectProblem(await admin('journal', { method: 'POST' }), 404, server.url, 'no admin route POST /__admin/journal')
    expectProblem(await admin('info', { method: 'DELETE' }), 404, server.url, 'no admin route DELETE /__admin/info')
    expectProblem(await admin('state'), 404, server.url, 'no admin route GET /__admin/state')
    expectProblem(await admin('nothing'), 404, server.url, 'no admin route GET /__admin/nothing')
  })
})

describe('POST /__admin/state', () => {
  afterEach(async () => {
    await server.replaceState(buildScenario('demo', { seed: 5, assetsOrigin: server.url }), 'demo')
  })

  test('answers replaced, the counts and the principals of the new state, which is then served', async () => {
    const answer = expectJson(await admin('state', { json: SMALL }))
    expect(answer).toEqual({
      replaced: true,
      counts: { organizations: 1, accounts: 1, workspaces: 2, applications: 3 },
      principals: [
        {
          apiKey: 'demo-key',
          apiSecret: 'demo-secret',
          account: 'acc_00000000000000000000000000000001',
          organization: 'org_00000000000000000000000000000001',
        },
      ],
    })
    const listed = await call(server.url, '/api/workspaces', { headers: { 'X-API-Key': 'demo-key', 'X-API-Secret': 'demo-secret' } })
    expect(listed.body.data.map((w: { name: string }) => w.name)).toEqual(['Production', 'Staging'])
    expect(expectJson(await admin('info')).scenario).toBe('state')
  })

  test('a state of megabytes, its text cut across the socket\'s chunks in the middle of characters, loads intact', async () => {
    // Read chunk by chunk and decoded as it comes (never joined into one buffer): a character of two, three
    // or four bytes split between two chunks must come out whole.
    const description = 'é€😀'.repeat(300_000)
    const state = structuredClone(SMALL)
    state.workspaces[0].description = description
    const body = JSON.stringify(state)
    expect(Buffer.byteLength(body)).toBeGreaterThan(2_700_000)
    expectJson(await admin('state', { body }))
    const read = await call(server.url, `/api/workspaces/${state.workspaces[0].id}`, { headers: { 'X-API-Key': 'demo-key', 'X-API-Secret': 'demo-secret' } })
    expect(read.status).toBe(200)
    // Compared as a boolean: a failure must not print megabytes.
    expect(read.body.data.description.length).toBe(description.length)
    expect(read.body.data.description === description).toBe(true)
  })

  test('what is not a state object is a 422 at `body`; nothing changes', async () => {
    const before = expectJson(await admin('snapshot'))
    for (const init of [{ method: 'POST' }, { body: 'null' }, { json: 'state' }]) {
      const problem = expectProblem(
        await admin('state', init),
        422,
        server.url,
        'state must be an object with organizations, accounts, workspaces and applications arrays',
      )
      expect(problem.errors).toEqual([
        { message: 'state must be an object with organizations, accounts, workspaces and applications arrays', location: 'body' },
      ])
    }
    expect(expectJson(await admin('snapshot'))).toEqual(before)
  })

  test('a state without accounts, or without an array, is a 422 naming it', async () => {
    const nobody = expectProblem(
      await admin('state', { json: { ...SMALL, accounts: [], workspaces: [], applications: [] } }),
      422,
      server.url,
      'state.accounts must hold at least one account (a principal)',
    )
    expect(nobody.errors).toEqual([{ message: 'must hold at least one account', location: 'body.accounts' }])
    const missing = expectProblem(await admin('state', { json: { ...SMALL, workspaces: undefined } }), 422, server.url, 'state.workspaces must be an array')
    expect(missing.errors).toEqual([{ message: 'must be an array', location: 'body.workspaces' }])
    expectProblem(await admin('state', { body: '{"organizations":' }), 400, server.url, 'request body is not valid JSON')
    expect(expectJson(await admin('info')).scenario).toBe('demo')
  })
})

describe('GET /__admin/info', () => {
  test('scenario, seed, counts, principals with their names, workspace ids in list order, faults, operations, journal limit, profile, presets, coverage', async () => {
    const { id } = expectJson(await admin('faults', { json: { type: 'fail', target: 'getWorkspace', status: 503 } }), 201)
    const info = expectJson(await admin('info'))
    const db = server.api.db
    expect(Object.keys(info)).toEqual(['scenario', 'seed', 'counts', 'principals', 'workspaceIds', 'faults', 'operations', 'journalLimit', 'profile', 'scenarios', 'coverage'])
    expect(info.scenario).toBe('demo')
    expect(info.seed).toBe(5)
    expect(info.coverage).toBe(false)
    expect(info.counts).toEqual({
      organizations: db.organizations.count(),
      accounts: db.accounts.count(),
      workspaces: db.workspaces.count(),
      applications: db.applications.count(),
    })
    expect(info.counts.accounts).toBe(2)
    const organization = db.organizations.all()[0]!
    expect(info.principals).toEqual(
      server.api.principals.map((principal) => {
        const account = db.accounts.all().find((a) => a.id === principal.account)!
        return { ...principal, name: account.name, email: account.email, organizationName: organization.name }
      }),
    )
    expect(info.principals[0].organizationName).toBe('Acme Corp')
    const listed = await listWorkspaces()
    expect(info.workspaceIds).toEqual(listed.body.data.map((w: { id: string }) => w.id))
    expect(info.workspaceIds.length).toBeGreaterThan(1)
    expect(info.faults).toEqual([{ id, type: 'fail', target: 'getWorkspace', status: 503, detail: 'injected fault: 503', hits: 0, startup: false }])
    // Their paths in the spec's syntax, as the journal's entries show them.
    expect(info.operations.map(({ name, method }: { name: string; method: string }) => `${method} ${name}`)).toEqual(DEFAULT_SURFACE.operations.map(({ name, method }) => `${method} ${name}`))
    expect(info.operations).toContainEqual({ name: 'listWorkspaces', method: 'GET', path: '/api/workspaces', kind: 'api' })
    expect(info.operations).toContainEqual({ name: 'getWorkspace', method: 'GET', path: '/api/workspaces/{workspaceId}', kind: 'api' })
    expect(info.operations).toContainEqual({ name: 'getIcon', method: 'GET', path: '/api/icons/{file}', kind: 'kit' })
    expect(info.journalLimit).toBe(1000)
    expect(info.profile).toEqual(DEFAULT_PROFILE)
    expect(info.scenarios).toEqual(Object.keys(scenarios))
  })

  test('principals whose account and organization were removed through api.db: still listed, without their names', async () => {
    await server.api.db.accounts.clear()
    await server.api.db.organizations.clear()
    const info = expectJson(await admin('info'))
    expect(info.counts).toMatchObject({ organizations: 0, accounts: 0 })
    expect(info.principals).toHaveLength(2)
    expect(info.principals).toEqual(server.api.principals.map((principal) => ({ ...principal })))
  })

  test('workspace ids are the first principal\'s, oldest first, with ties by id', async () => {
    const state = structuredClone(SMALL)
    const [production, staging] = state.workspaces
    // Staging created first; a third one at the same time as Production with a smaller id; one of another organization.
    staging.created = production.created - 10
    state.workspaces.push({ ...production, id: 'wse_000000000000000000000000000000a0', name: 'Tie' })
    state.organizations.push({ ...state.organizations[0], id: 'org_00000000000000000000000000000002', name: 'Other Co' })
    state.workspaces.push({ ...production, id: 'wse_000000000000000000000000000000ff', organization: 'org_00000000000000000000000000000002', name: 'Elsewhere' })
    await server.replaceState(state, 'ordered')
    try {
      const info = expectJson(await admin('info'))
      expect(info.scenario).toBe('ordered')
      expect(info.workspaceIds).toEqual([staging.id, 'wse_000000000000000000000000000000a0', production.id])
      expect(info.principals[0]).toMatchObject({ name: 'Ada Admin', email: 'ada@tiny.example.com', organizationName: 'Tiny Co' })
    } finally {
      await server.replaceState(buildScenario('demo', { seed: 5, assetsOrigin: server.url }), 'demo')
    }
  })
})

describe('startup faults (from flags) and options of the server', () => {
  let flaky: MockServer
  const at = (path: string, init: Parameters<typeof call>[2] = {}) => call(flaky.url, `/__admin/${path}`, init)
  const list = () => call(flaky.url, '/api/workspaces', { headers: authOf(flaky.api.credentials) })

  beforeAll(async () => {
    flaky = await startMockServer({
      port: 0,
      scenario: 'empty',
      strict: false,
      journalLimit: 5,
      name: 'flaky data',
      faults: [{ type: 'fail', target: 'listWorkspaces', status: 502 }],
    })
  })
  afterAll(() => flaky.close())

  test('they are listed as startup faults; faults added later are not', async () => {
    expect((await list()).status).toBe(502)
    const added = expectJson(await at('faults', { json: { type: 'fail', target: 'getWorkspace' } }), 201)
    expect(added.faults).toBe(2)
    const { faults } = expectJson(await at('faults'))
    expect(faults.map((f: { target: string; startup: boolean }) => [f.target, f.startup])).toEqual([
      ['listWorkspaces', true],
      ['getWorkspace', false],
    ])
    await at('faults', { method: 'DELETE' })
  })

  test('DELETE faults keeps them: it answers their number', async () => {
    await at('faults', { json: { type: 'disconnect', target: 'getWorkspace' } })
    expect(expectJson(await at('faults', { method: 'DELETE' }))).toEqual({ faults: 1 })
    const { faults } = expectJson(await at('faults'))
    expect(faults).toEqual([expect.objectContaining({ type: 'fail', target: 'listWorkspaces', status: 502, startup: true })])
    expect((await list()).status).toBe(502)
  })

  test('one removed by id comes back with a reset, with its hits from zero', async () => {
    const [startup] = expectJson(await at('faults')).faults
    expect(expectJson(await at(`faults/${startup.id}`, { method: 'DELETE' }))).toEqual({ faults: 0 })
    expect((await list()).status).toBe(200)
    expect(expectJson(await at('reset', { method: 'POST' }))).toEqual({ reset: true })
    const { faults } = expectJson(await at('faults'))
    expect(faults).toEqual([{ id: expect.any(Number), type: 'fail', target: 'listWorkspaces', status: 502, detail: 'injected fault: 502', hits: 0, startup: true }])
    expect(faults[0].id).not.toBe(startup.id)
    expect((await list()).status).toBe(502)
  })

  test('info names what is served as the server was told, with its journal limit', async () => {
    const info = expectJson(await at('info'))
    expect(info).toMatchObject({ scenario: 'flaky data', seed: 1, journalLimit: 5, counts: { organizations: 1, accounts: 1, workspaces: 0, applications: 0 } })
    expect(info.workspaceIds).toEqual([])
    expect(info.faults).toEqual([expect.objectContaining({ startup: true })])
  })
})
