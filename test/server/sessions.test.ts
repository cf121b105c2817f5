/**
 * Sessions of the demo server over real sockets: created over HTTP and from code, isolated from the base
 * state and from each other, with their own admin routes, bounded in number and expiring when unused.
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { recordsOf } from '../../src/api/internals.ts'
import { buildScenario } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { compareByCreatedThenId } from '../../src/model/ordering.ts'
import { expectProblem } from '../support/api-assertions.ts'
import { checkedFetch } from '../support/checked-fetch.ts'

type Credentials = { apiKey: string; apiSecret: string }
const SMALL = JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8'))

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', seed: 5, strict: false })
})
afterAll(() => server.close())
afterEach(async () => {
  for (const session of server.sessions.list()) server.sessions.delete(session.id)
  await server.api.reset()
})

const admin = (path: string, init: { method?: string; json?: unknown; body?: string } = {}) =>
  checkedFetch(`${server.url}/__admin/${path}`, {
    method: init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET'),
    json: init.json,
    ...(init.body !== undefined && { body: init.body, headers: { 'Content-Type': 'application/json' } }),
  })
const api = (as: Credentials, path: string, init: { method?: string; json?: unknown } = {}) =>
  checkedFetch(`${server.url}${path}`, { as, method: init.method ?? (init.json ? 'POST' : 'GET'), json: init.json })
const names = async (as: Credentials) => ((await api(as, '/api/workspaces')).body.data as Array<{ name: string }>).map((w) => w.name)

describe('POST /__admin/sessions', () => {
  test('201 with id, apiKey, apiSecret, workspaceIds, expiresAt and principals: credentials of its own over a copy of the data', async () => {
    const before = Date.now()
    const { status, body } = await admin('sessions', { method: 'POST' })
    expect(status).toBe(201)
    for (const key of ['id', 'apiKey', 'apiSecret', 'workspaceIds', 'expiresAt', 'principals']) expect(body).toHaveProperty(key)
    expect(body.id).toMatch(/^ses_[0-9a-f]{32}$/)
    expect(body.apiKey).toMatch(/^wam_key_[0-9a-f]{32}$/)
    expect(body.apiSecret).toMatch(/^wam_secret_[0-9a-f]{40}$/)
    expect(body.principals).toHaveLength(server.api.principals.length)
    expect(body.principals[0]).toMatchObject({ apiKey: body.apiKey, apiSecret: body.apiSecret, account: server.api.principals[0]!.account })
    const baseKeys = server.api.principals.map((p) => p.apiKey)
    for (const principal of body.principals) expect(baseKeys).not.toContain(principal.apiKey)
    const expires = Date.parse(body.expiresAt)
    expect(expires - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000)
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 60_000)
    // The first principal's workspaces in list order, as GET /api/workspaces gives them.
    const listed = await api(body, '/api/workspaces')
    expect(listed.status).toBe(200)
    expect(body.workspaceIds).toEqual(listed.body.data.map((w: { id: string }) => w.id))
    expect(body.workspaceIds.length).toBeGreaterThan(0)
    // Same data as the base state.
    expect(await names(body)).toEqual(await names(server.api.credentials))
  })

  test('a session shares the frozen records of the base state: no copy of the data', async () => {
    const session = await server.sessions.create()
    expect(recordsOf(session.api, 'applications')).toHaveLength(recordsOf(server.api, 'applications').length)
    expect(recordsOf(session.api, 'applications')[0]).toBe(recordsOf(server.api, 'applications')[0])
    expect(Object.isFrozen(recordsOf(session.api, 'workspaces')[0])).toBe(true)
  })

  test('writes stay in their session: base, session A and session B never see each other\'s', async () => {
    const a = (await admin('sessions', { method: 'POST' })).body
    const b = (await admin('sessions', { method: 'POST' })).body
    const base = server.api.credentials
    const initial = await names(base)
    expect((await api(a, '/api/workspaces', { json: { name: 'only in A' } })).status).toBe(200)
    expect((await api(b, '/api/workspaces', { json: { name: 'only in B' } })).status).toBe(200)
    expect((await api(base, '/api/workspaces', { json: { name: 'only in base' } })).status).toBe(200)
    const target = a.workspaceIds[0]
    expect((await api(a, `/api/workspaces/${target}`, { method: 'PUT', json: { name: 'renamed in A' } })).status).toBe(200)
    expect(await names(a)).toEqual([...initial.map((n) => (n === initial[0] ? 'renamed in A' : n)), 'only in A'])
    expect(await names(b)).toEqual([...initial, 'only in B'])
    expect(await names(base)).toEqual([...initial, 'only in base'])
    // An id created in A is unknown in B (both mint from the same seed, so B's first create got the same id: it is B's own).
    const createdInA = (await api(a, '/api/workspaces')).body.data.at(-1)
    const inB = await api(b, `/api/workspaces/${createdInA.id}`)
    expect(inB.body.data?.name).not.toBe('only in A')
  })

  test('{ scenario, seed } and { state } start a session from other data; the server keeps its own', async () => {
    const tenant = (await admin('sessions', { json: { scenario: 'multi-tenant', seed: 3 } })).body
    expect(tenant).toMatchObject({ scenario: 'multi-tenant', seed: 3, counts: { organizations: 2 } })
    const expected = buildScenario('multi-tenant', { seed: 3, assetsOrigin: server.url })
    const own = expected.workspaces.filter((w) => w.organization === expected.accounts[0]!.organization).sort(compareByCreatedThenId)
    expect(tenant.workspaceIds).toEqual(own.map((w) => w.id))
    expect(tenant.principals).toHaveLength(2)

    const seeded = (await admin('sessions', { json: { seed: 9 } })).body
    expect(seeded).toMatchObject({ scenario: 'demo', seed: 9 })
    expect(await names(seeded)).toEqual(
      buildScenario('demo', { seed: 9 }).workspaces.sort(compareByCreatedThenId).map((w) => w.name),
    )

    const small = (await admin('sessions', { json: { state: SMALL } })).body
    expect(small).toMatchObject({ scenario: 'state', counts: { workspaces: 2, applications: 3 } })
    expect(small.apiKey).not.toBe('demo-key') // a state's accounts get credentials of the session's own
    expect(await names(small)).toEqual(['Production', 'Staging'])
    expect((await api({ apiKey: 'demo-key', apiSecret: 'demo-secret' }, '/api/workspaces')).status).toBe(401)
  })

  test('bad requests are problems: 422 naming the member, 400 for malformed JSON; nothing is created', async () => {
    const unknown = await admin('sessions', { json: { scenario: 'nope' } })
    expect(expectProblem(unknown, 422, { origin: server.url, locations: ['body.scenario'] }).detail).toMatch(/Unknown scenario "nope"/)
    const extra = await admin('sessions', { json: { seeds: 3 } })
    expectProblem(extra, 422, { origin: server.url, locations: ['body.seeds'] })
    const broken = structuredClone(SMALL)
    broken.workspaces[1].organization = 'org_ffff'
    const state = await admin('sessions', { json: { state: broken } })
    const problem = expectProblem(state, 422, { origin: server.url, locations: ['body.state.workspaces[1].organization'] })
    expect(problem.detail).toBe(
      'state.workspaces[1] (id wse_000000000000000000000000000000a2): field organization: no organization org_ffff',
    )
    const both = await admin('sessions', { json: { scenario: 'demo', state: SMALL } })
    expectProblem(both, 422, { origin: server.url, locations: ['body.scenario'] })
    expectProblem(await admin('sessions', { body: '{"seed":' }), 400, { origin: server.url })
    expect(server.sessions.size).toBe(0)
  })
})

describe('a session\'s own admin routes', () => {
  test('faults, journal, reset, snapshot, state and info act on the session alone', async () => {
    const session = (await admin('sessions', { method: 'POST' })).body
    const base = server.api.credentials
    const at = `sessions/${session.id}`
    await admin('journal', { method: 'DELETE' })

    expect((await admin(`${at}/faults`, { json: { type: 'fail', target: 'listWorkspaces', status: 503 } })).status).toBe(201)
    expect((await api(session, '/api/workspaces')).status).toBe(503)
    expect((await api(base, '/api/workspaces')).status).toBe(200)
    const faults = (await admin(`${at}/faults`)).body.faults
    expect(faults).toEqual([expect.objectContaining({ type: 'fail', target: 'listWorkspaces', status: 503, hits: 1, startup: false })])
    expect((await admin(`${at}/faults/${faults[0].id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await api(session, '/api/workspaces')).status).toBe(200)

    const journal = (await admin(`${at}/journal`)).body.entries
    expect(journal.map((e: { status: number }) => e.status)).toEqual([503, 200])
    expect(journal[0]).toMatchObject({ operation: 'listWorkspaces', detail: 'injected fault: 503' })
    expect((await admin('journal')).body.entries).toHaveLength(1) // the base's own request only

    expect((await api(session, '/api/workspaces', { json: { name: 'temporary' } })).status).toBe(200)
    const snapshot = (await admin(`${at}/snapshot`)).body
    expect(snapshot.workspaces.some((w: { name: string }) => w.name === 'temporary')).toBe(true)
    expect(snapshot.accounts[0].apiKey).toBe(session.apiKey)
    expect((await admin(`${at}/reset`, { method: 'POST' })).status).toBe(200)
    expect(await names(session)).not.toContain('temporary')

    const info = (await admin(`${at}/info`)).body
    expect(info).toMatchObject({ scenario: 'demo', seed: 5, counts: { organizations: 1, accounts: 2 } })
    expect(info.principals[0]).toMatchObject({ apiKey: session.apiKey, name: expect.any(String), organizationName: 'Acme Corp' })

    // A new state for the session: its accounts keep the session's credentials (matched by id).
    const state = structuredClone(SMALL)
    const replaced = await admin(`${at}/state`, { json: state })
    expect(replaced.status).toBe(200)
    expect(replaced.body.counts).toEqual({ organizations: 1, accounts: 1, workspaces: 2, applications: 3 })
    const newKey = replaced.body.principals[0]
    expect(newKey.apiKey).not.toBe('demo-key')
    expect(await names(newKey)).toEqual(['Production', 'Staging'])
    expect((await api(session, '/api/workspaces')).status).toBe(401) // that account is gone with the old state
    expect((await api(base, '/api/workspaces')).status).toBe(200)
  })

  test('GET /__admin/sessions lists them; DELETE ends one: its credentials get 401 problem+json, its routes 404', async () => {
    const one = (await admin('sessions', { method: 'POST' })).body
    const two = (await admin('sessions', { method: 'POST' })).body
    const list = (await admin('sessions')).body
    expect(list.sessions.map((s: { id: string }) => s.id)).toEqual([one.id, two.id])
    expect(list).toMatchObject({ maxSessions: 100, idleTimeout: 30 * 60_000, scenarios: ['empty', 'demo', 'paging', 'multi-tenant'] })
    expect((await admin(`sessions/${one.id}`)).body).toMatchObject({ id: one.id, apiKey: one.apiKey })

    expect((await admin(`sessions/${one.id}`, { method: 'DELETE' })).body).toEqual({ deleted: one.id })
    const refused = await api(one, '/api/workspaces')
    expectProblem(refused, 401, { origin: server.url })
    expect(refused.response.headers.get('WWW-Authenticate')).toMatch(/^ApiKey /)
    expectProblem(await admin(`sessions/${one.id}/journal`), 404, { origin: server.url })
    expectProblem(await admin(`sessions/${one.id}`, { method: 'DELETE' }), 404, { origin: server.url })
    expect((await api(two, '/api/workspaces')).status).toBe(200)
    expect((await admin('sessions')).body.sessions).toHaveLength(1)
  })

  test('startup faults (from --latency, --fail-rate) hold for sessions too, and come back after a reset', async () => {
    const flaky = await startMockServer({
      port: 0,
      scenario: 'empty',
      strict: false,
      faults: [{ type: 'fail', target: 'listWorkspaces', status: 502 }],
    })
    try {
      const session = await flaky.sessions.create()
      const list = () => fetch(`${flaky.url}/api/workspaces`, { headers: { 'X-API-Key': session.credentials.apiKey, 'X-API-Secret': session.credentials.apiSecret } })
      expect((await list()).status).toBe(502)
      await fetch(`${flaky.url}/__admin/sessions/${session.id}/reset`, { method: 'POST' })
      expect((await list()).status).toBe(502)
      const faults = await (await fetch(`${flaky.url}/__admin/sessions/${session.id}/faults`)).json()
      expect(faults.faults).toEqual([expect.objectContaining({ status: 502, startup: true })])
    } finally {
      await flaky.close()
    }
  })
})

describe('limits', () => {
  test('at the maximum a new session is a 429 problem until one is deleted', async () => {
    const small = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { maxSessions: 2 } })
    try {
      const create = () => checkedFetch(`${small.url}/__admin/sessions`, { method: 'POST' })
      const first = (await create()).body
      expect((await create()).status).toBe(201)
      const refused = await create()
      expect(expectProblem(refused, 429, { origin: small.url }).detail).toMatch(/maximum of 2 sessions/)
      await fetch(`${small.url}/__admin/sessions/${first.id}`, { method: 'DELETE' })
      expect((await create()).status).toBe(201)
    } finally {
      await small.close()
    }
  })

  test('an unused session expires: its credentials get 401; every request moves the expiry on', async () => {
    // A fake clock (Date only): steps of a third of the idle timeout, whatever the machine's load. The timer
    // (every half idle timeout, 30 s here) does not come by: expiry is found when the key is used.
    const IDLE = 60_000
    const brief = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { idleTimeout: IDLE } })
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    try {
      const used = await brief.sessions.create()
      const idle = await brief.sessions.create()
      const call = (session: typeof used) =>
        fetch(`${brief.url}/api/workspaces`, { headers: { 'X-API-Key': session.credentials.apiKey, 'X-API-Secret': session.credentials.apiSecret } })
      for (let i = 0; i < 4; i++) {
        vi.setSystemTime(Date.now() + IDLE / 3)
        expect((await call(used)).status).toBe(200)
      }
      expect((await call(idle)).status).toBe(401)
      expect(brief.sessions.get(idle.id)).toBeUndefined()
      expect(brief.sessions.list().map((s) => s.id)).toEqual([used.id])
      expect(used.expiresAt.getTime()).toBeGreaterThan(Date.now())
    } finally {
      vi.useRealTimers()
      await brief.close()
    }
  })
})

describe('a server that serves a state', () => {
  test('its sessions copy that state; a seed alone is a 422 (there is no scenario to build with it)', async () => {
    const stateful = await startMockServer({ port: 0, state: structuredClone(SMALL), strict: false })
    try {
      const copy = await checkedFetch(`${stateful.url}/__admin/sessions`, { method: 'POST' })
      expect(copy.body).toMatchObject({ scenario: 'state', counts: { workspaces: 2 } })
      const seeded = await checkedFetch(`${stateful.url}/__admin/sessions`, { method: 'POST', json: { seed: 3 } })
      expect(expectProblem(seeded, 422, { origin: stateful.url }).detail).toBe(
        'this server serves a state, not a scenario: give a `scenario` with the `seed`',
      )
      const preset = await checkedFetch(`${stateful.url}/__admin/sessions`, { method: 'POST', json: { scenario: 'empty', seed: 3 } })
      expect(preset.status).toBe(201)
    } finally {
      await stateful.close()
    }
  })
})

describe('server.sessions from code', () => {
  test('create, get, list, delete; a session keeps working while others come and go', async () => {
    const a = await server.sessions.create({ scenario: 'multi-tenant', seed: 4 })
    const b = await server.sessions.create()
    expect(server.sessions.list()).toEqual([a, b])
    expect(server.sessions.get(a.id)).toBe(a)
    expect(a.api.principals).toHaveLength(2)
    expect(a.workspaceIds.length).toBeGreaterThan(0)
    expect(server.sessions.delete(b.id)).toBe(true)
    expect(server.sessions.delete(b.id)).toBe(false)
    const response = await api(a.credentials, `/api/workspaces/${a.workspaceIds[0]}`)
    expect(response.status).toBe(200)
    expect(a.api.journal.count({ operation: 'getWorkspace' })).toBe(1)
  })
})

describe('POST /__admin/state (the base state)', () => {
  test('a valid state is served from then on and is what reset returns to; a bad one is a 422 naming record and field, and changes nothing', async () => {
    const before = await names(server.api.credentials)
    const broken = structuredClone(SMALL)
    broken.applications[0].port = 8080
    const refused = await admin('state', { json: broken })
    const problem = expectProblem(refused, 422, { origin: server.url, locations: ['body.applications[0].port'] })
    expect(problem.detail).toMatch(/^state\.applications\[0\] \(id app_\w+\): field port: /)
    expect(await names(server.api.credentials)).toEqual(before)

    const loaded = await admin('state', { json: SMALL })
    expect(loaded.status).toBe(200)
    const dev = { apiKey: 'demo-key', apiSecret: 'demo-secret' }
    expect(await names(dev)).toEqual(['Production', 'Staging'])
    expect((await api(dev, '/api/workspaces', { json: { name: 'Later' } })).status).toBe(200)
    await admin('reset', { method: 'POST' })
    expect(await names(dev)).toEqual(['Production', 'Staging'])
    expect((await admin('info')).body).toMatchObject({ scenario: 'state', counts: { workspaces: 2 } })
    // New sessions start from what the server serves now.
    const session = (await admin('sessions', { method: 'POST' })).body
    expect(await names(session)).toEqual(['Production', 'Staging'])
    // Back to the scenario for the other tests.
    await server.replaceState(buildScenario('demo', { seed: 5, assetsOrigin: server.url }), 'demo')
  })

  test('a state whose API key is a session\'s is refused (its requests would reach the session)', async () => {
    const session = (await admin('sessions', { method: 'POST' })).body
    const state = structuredClone(SMALL)
    state.accounts[0].apiKey = session.apiKey
    expectProblem(await admin('state', { json: state }), 422, { origin: server.url, locations: ['body.accounts[0].apiKey'] })
    expect((await api(session, '/api/workspaces')).status).toBe(200)
  })
})
