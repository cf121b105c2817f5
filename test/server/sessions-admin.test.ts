/**
 * The session routes of the admin API (src/server/admin/session-routes.ts) in this process, over a real socket:
 * what a session looks like, the list, one session, deletion, the 405s and 404s with their messages, every
 * create option and its validation, the limit, and a session's own routes (docs/demo-server.md, "Sessions").
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Scenario } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { authOf, call, expectJson, expectProblem, type Answer } from './http-helpers.ts'

const SMALL = JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8'))
const IDLE = 120_000
const KEYS = ['id', 'apiKey', 'apiSecret', 'workspaceIds', 'expiresAt', 'principals', 'scenario', 'seed', 'created', 'counts', 'admin']

let server: MockServer
/** Admin writes take JSON: a raw body goes as application/json (attack-cross-origin.test.ts tries others). */
const admin = (path: string, init: Parameters<typeof call>[2] = {}) =>
  call(server.url, `/__admin/${path}`, init.body === undefined ? init : { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } })
const create = async (json?: unknown) => expectJson(await admin('sessions', json === undefined ? { method: 'POST' } : { json }), 201)
const names = async (as: { apiKey: string; apiSecret: string }) =>
  (await call(server.url, '/api/workspaces', { headers: authOf(as) })).body.data.map((w: { name: string }) => w.name)
const locations = (problem: { errors: Array<{ location: string }> }) => problem.errors.map((e) => e.location)

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', seed: 5, strict: false, sessions: { maxSessions: 6, idleTimeout: IDLE } })
})
afterAll(() => server.close())
afterEach(() => {
  for (const session of server.sessions.list()) server.sessions.delete(session.id)
})

describe('POST /__admin/sessions', () => {
  test('201: the session as a client needs it, over a copy of what the server serves', async () => {
    const before = Date.now()
    const session = await create()
    expect(Object.keys(session)).toEqual(KEYS)
    expect(session.id).toMatch(/^ses_[0-9a-f]{32}$/)
    expect(session.admin).toBe(`/__admin/sessions/${session.id}/`)
    expect(session).toMatchObject({ scenario: 'demo', seed: 5 })
    const created = Date.parse(session.created)
    expect(new Date(created).toISOString()).toBe(session.created)
    expect(created).toBeGreaterThanOrEqual(before - 1)
    expect(created).toBeLessThanOrEqual(Date.now())
    const expires = Date.parse(session.expiresAt)
    expect(new Date(expires).toISOString()).toBe(session.expiresAt)
    expect(expires - created).toBeGreaterThanOrEqual(IDLE)
    expect(expires - created).toBeLessThan(IDLE + 1000)
    const base = expectJson(await admin('info'))
    expect(session.counts).toEqual(base.counts)
    expect(session.principals).toHaveLength(2)
    session.principals.forEach((principal: Record<string, string>, index: number) => {
      expect(principal).toEqual({
        ...base.principals[index],
        apiKey: expect.stringMatching(/^wam_key_[0-9a-f]{32}$/),
        apiSecret: expect.stringMatching(/^wam_secret_[0-9a-f]{40}$/),
      })
    })
    expect(session.principals[0]).toMatchObject({ apiKey: session.apiKey, apiSecret: session.apiSecret })
    expect(session.principals[1].apiKey).not.toBe(session.apiKey)
    expect(session.workspaceIds).toEqual(base.workspaceIds)
    expect(await names(session)).toEqual(await names(server.api.credentials))
  })

  test('an empty body, `{}` and `null` all start from what the server serves', async () => {
    for (const init of [{ method: 'POST' }, { json: {} }, { body: 'null' }, { body: '  ' }]) {
      const session = expectJson(await admin('sessions', init), 201)
      expect(session).toMatchObject({ scenario: 'demo', seed: 5 })
    }
    expect(server.sessions.size).toBe(4)
  })

  test('{ scenario, seed } builds that preset; a seed alone builds the server\'s scenario; a scenario alone the server\'s seed', async () => {
    const tenant = await create({ scenario: 'multi-tenant', seed: 3 })
    expect(tenant).toMatchObject({ scenario: 'multi-tenant', seed: 3, counts: { organizations: 2 } })
    expect(tenant.principals.map((p: { organizationName: string }) => p.organizationName)).toEqual(['Acme Corp', 'Globex'])
    const seeded = await create({ seed: 9 })
    expect(seeded).toMatchObject({ scenario: 'demo', seed: 9 })
    const scaled = await create({ scenario: 'scale:2x3' })
    expect(scaled).toMatchObject({ scenario: 'scale:2x3', seed: 5, counts: { organizations: 1, accounts: 1, workspaces: 2, applications: 6 } })
    expect(scaled.workspaceIds).toHaveLength(2)
  })

  test('{ state } loads a state (new credentials for its accounts), with the server\'s seed or the one given', async () => {
    const plain = await create({ state: SMALL })
    expect(plain).toMatchObject({ scenario: 'state', seed: 5, counts: { organizations: 1, accounts: 1, workspaces: 2, applications: 3 } })
    expect(plain.workspaceIds).toEqual(['wse_000000000000000000000000000000a1', 'wse_000000000000000000000000000000a2'])
    expect(plain.apiKey).toMatch(/^wam_key_/)
    expect(plain.principals[0]).toMatchObject({ name: 'Ada Admin', email: 'ada@tiny.example.com', organizationName: 'Tiny Co' })
    expect(await names(plain)).toEqual(['Production', 'Staging'])
    const seeded = await create({ state: SMALL, seed: 11 })
    expect(seeded).toMatchObject({ scenario: 'state', seed: 11 })
    // The state's own keys are not the session's: they reach the base state, where they are unknown.
    expect((await call(server.url, '/api/workspaces', { headers: { 'X-API-Key': 'demo-key', 'X-API-Secret': 'demo-secret' } })).status).toBe(401)
  })

  test('members that do not fit are a 422 "validation failed" naming each; nothing is created', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ scenario: '' }, ['body.scenario']],
      [{ scenario: 3 }, ['body.scenario']],
      [{ seed: 1.5 }, ['body.seed']],
      [{ seed: '3' }, ['body.seed']],
      [[], ['body']],
      [7, ['body']],
    ]
    for (const [json, expected] of cases) {
      const problem = expectProblem(await admin('sessions', { json }), 422, server.url, 'validation failed')
      expect(locations(problem), JSON.stringify(json)).toEqual(expected)
    }
    const extra = expectProblem(await admin('sessions', { json: { seed: 1, seeds: 2 } }), 422, server.url, 'validation failed')
    expect(extra.errors).toEqual([{ message: 'unexpected property', location: 'body.seeds', value: 2 }])
    expectProblem(await admin('sessions', { body: '{"seed":' }), 400, server.url, 'request body is not valid JSON')
    expect(server.sessions.size).toBe(0)
  })

  test('over HTTP a scenario is a preset or scale:<w>x<a>, never a module: a 422 that offers no function', async () => {
    for (const scenario of ['./evil.mjs', 'nope']) {
      const message = `Unknown scenario "${scenario}": use one of empty, demo, paging, multi-tenant, scale:<workspaces>x<applications>`
      const problem = expectProblem(await admin('sessions', { json: { scenario, seed: 1 } }), 422, server.url, message)
      expect(problem.errors).toEqual([{ message, location: 'body.scenario', value: scenario }])
    }
    expect(server.sessions.size).toBe(0)
  })

  test('a scenario and a state together, or a state that does not fit, are 422s naming the member', async () => {
    const both = expectProblem(await admin('sessions', { json: { scenario: 'empty', state: SMALL } }), 422, server.url, 'give either scenario or state, not both')
    expect(both.errors).toEqual([{ message: 'not allowed with state', location: 'body.scenario', value: 'empty' }])
    const broken = structuredClone(SMALL)
    broken.applications[2].workspace = 'wse_0000000000000000000000000000ffff'
    const bad = expectProblem(await admin('sessions', { json: { state: broken } }), 422, server.url, /^state\.applications\[2\] \(id app_\w+\): field workspace: /)
    expect(locations(bad)).toEqual(['body.state.applications[2].workspace'])
    const nobody = expectProblem(
      await admin('sessions', { json: { state: { ...SMALL, accounts: [], workspaces: [], applications: [] } } }),
      422,
      server.url,
      'state.accounts must hold at least one account (a principal)',
    )
    expect(nobody.errors).toEqual([{ message: 'must hold at least one account', location: 'body.state.accounts' }])
    for (const state of [null, 'state']) {
      const problem = expectProblem(await admin('sessions', { json: { state } }), 422, server.url)
      expect(problem.errors).toEqual([{ message: 'state must be an object with organizations, accounts, workspaces and applications arrays', location: 'body.state' }])
    }
    expect(server.sessions.size).toBe(0)
  })

  test("the server's `sessions.scenario` function builds a state that does not fit: a 422 naming the record and field", async () => {
    const misplaced: Scenario = (kit) => {
      const organization = kit.organization()
      kit.principal(organization)
      kit.workspace(organization).organization = 'org_ffff'
    }
    const other = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { scenario: misplaced } })
    try {
      const answer = await call(other.url, '/__admin/sessions', { json: { seed: 2 } })
      const problem = expectProblem(answer, 422, other.url, /^state\.workspaces\[0\] \(id wse_\w+\): field organization: no organization org_ffff$/)
      expect(problem.errors).toEqual([{ message: 'no organization org_ffff', location: 'body.state.workspaces[0].organization' }])
      expect(other.sessions.size).toBe(0)
    } finally {
      await other.close()
    }
  })

  test("a `sessions.scenario` function that throws: a 500 in plain text that says why; the server keeps serving", async () => {
    const failing: Scenario = () => {
      throw new Error('the scenario broke')
    }
    const other = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { scenario: failing } })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const answer = await call(other.url, '/__admin/sessions', { json: { seed: 2 } })
      expect(answer.status).toBe(500)
      expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
      expect(answer.text).toBe('the mock server failed: the scenario broke\n')
      expect(errors).toHaveBeenCalledWith('[workspace-api-mock] request failed:', expect.any(Error))
      expect(other.sessions.size).toBe(0)
      expect(expectJson(await call(other.url, '/__admin/sessions', { method: 'POST' }), 201).scenario).toBe('empty')
    } finally {
      errors.mockRestore()
      await other.close()
    }
  })

  test('at the limit one more is a 429 problem saying what to do; deleting one makes room', async () => {
    const made = []
    for (let i = 0; i < 6; i++) made.push(await create({ scenario: 'empty' }))
    expectProblem(
      await admin('sessions', { method: 'POST' }),
      429,
      server.url,
      'the server holds its maximum of 6 sessions: delete one (DELETE /__admin/sessions/{id}) or start it with a higher --max-sessions',
    )
    expect(server.sessions.size).toBe(6)
    await admin(`sessions/${made[0].id}`, { method: 'DELETE' })
    await create({ scenario: 'empty' })
  })
})

describe('GET and DELETE /__admin/sessions[/{id}]', () => {
  test('GET lists the live sessions, oldest first, with the limits and the presets a session may ask for', async () => {
    expect(expectJson(await admin('sessions'))).toEqual({
      sessions: [],
      maxSessions: 6,
      idleTimeout: IDLE,
      scenarios: ['empty', 'demo', 'paging', 'multi-tenant'],
    })
    const first = await create()
    const second = await create({ scenario: 'empty' })
    const { sessions } = expectJson(await admin('sessions'))
    expect(sessions.map((s: { id: string }) => s.id)).toEqual([first.id, second.id])
    expect(Object.keys(sessions[1])).toEqual(KEYS)
    expect(sessions[1]).toMatchObject({ apiKey: second.apiKey, scenario: 'empty', admin: second.admin })
  })

  test('GET one session (also with a trailing slash, or two)', async () => {
    const session = await create({ scenario: 'empty' })
    for (const path of [`sessions/${session.id}`, `sessions/${session.id}/`, `sessions/${session.id}//`]) {
      const one = expectJson(await admin(path))
      expect(Object.keys(one)).toEqual(KEYS)
      expect(one).toMatchObject({ id: session.id, apiKey: session.apiKey, scenario: 'empty', created: session.created })
    }
  })

  test('DELETE ends it: { deleted }, its credentials get 401, its routes 404, a second DELETE 404', async () => {
    const session = await create({ scenario: 'empty' })
    const other = await create({ scenario: 'empty' })
    expect(expectJson(await admin(`sessions/${session.id}`, { method: 'DELETE' }))).toEqual({ deleted: session.id })
    expect((await call(server.url, '/api/workspaces', { headers: authOf(session) })).status).toBe(401)
    const gone = `no session ${session.id}: it was deleted, or expired after 2 minutes without requests`
    expectProblem(await admin(`sessions/${session.id}`), 404, server.url, gone)
    expectProblem(await admin(`sessions/${session.id}`, { method: 'DELETE' }), 404, server.url, gone)
    expectProblem(await admin(`sessions/${session.id}/faults`), 404, server.url, gone)
    expect((await call(server.url, '/api/workspaces', { headers: authOf(other) })).status).toBe(200)
    expect(expectJson(await admin('sessions')).sessions.map((s: { id: string }) => s.id)).toEqual([other.id])
  })

  test('a path with an empty segment after `sessions/` names no session: the list\'s routes answer it', async () => {
    const session = await create({ scenario: 'empty' })
    const path = `sessions//sessions/${session.id}`
    const refused = await admin(path, { method: 'DELETE' })
    expectProblem(refused, 405, server.url, 'DELETE /__admin/sessions: use POST to create a session, GET to list them')
    expect(server.sessions.get(session.id)).toBeDefined()
    expect(expectJson(await admin(path)).sessions.map((s: { id: string }) => s.id)).toEqual([session.id])
  })

  test('other methods are 405 problems with Allow', async () => {
    const list = await admin('sessions', { method: 'PUT', json: {} })
    expectProblem(list, 405, server.url, 'PUT /__admin/sessions: use POST to create a session, GET to list them')
    expect(list.headers.get('Allow')).toBe('GET, POST')
    expect((await admin('sessions', { method: 'DELETE' })).headers.get('Allow')).toBe('GET, POST')
    const session = await create({ scenario: 'empty' })
    const one = await admin(`sessions/${session.id}`, { method: 'POST', json: {} })
    expectProblem(one, 405, server.url, `POST /__admin/sessions/${session.id}: use GET or DELETE`)
    expect(one.headers.get('Allow')).toBe('GET, DELETE')
    expect(server.sessions.size).toBe(1)
  })
})

describe("a session's own routes", () => {
  test('faults, journal, info and snapshot answer for the session alone (trailing slashes too)', async () => {
    const session = await create()
    const at = `sessions/${session.id}`
    const fault = expectJson(await admin(`${at}/faults/`, { json: { type: 'fail', target: 'listWorkspaces', status: 503 } }), 201)
    expect(fault.faults).toBe(1)
    expect((await call(server.url, '/api/workspaces', { headers: authOf(session) })).status).toBe(503)
    expect((await call(server.url, '/api/workspaces', { headers: authOf(server.api.credentials) })).status).toBe(200)
    expect(expectJson(await admin(`${at}/faults//`)).faults).toEqual([expect.objectContaining({ id: fault.id, hits: 1, startup: false })])
    expect(expectJson(await admin('faults')).faults).toEqual([])
    expect(expectJson(await admin(`${at}/journal`)).entries.map((e: { status: number }) => e.status)).toEqual([503])
    const info = expectJson(await admin(`${at}/info`))
    expect(info).toMatchObject({ scenario: 'demo', seed: 5, workspaceIds: session.workspaceIds })
    expect(info.principals[0].apiKey).toBe(session.apiKey)
    expect(expectJson(await admin(`${at}/snapshot`)).accounts[0].apiKey).toBe(session.apiKey)
    expectProblem(await admin(`${at}/nothing`), 404, server.url, `no admin route GET /__admin/sessions/${session.id}/nothing`)
  })

  test('a new state keeps the credentials of the accounts it still has (by id), gives new ones to new accounts', async () => {
    const session = await create()
    const other = await create()
    const snapshot = expectJson(await admin(`sessions/${session.id}/snapshot`))
    const [kept, dropped] = snapshot.accounts
    const state = {
      ...snapshot,
      accounts: [
        { ...kept, apiKey: 'asked-for-key', apiSecret: 'asked-for-secret' },
        { ...kept, id: 'acc_0000000000000000000000000000cafe', email: 'new@example.com', apiKey: 'new-key', apiSecret: 'new-secret' },
      ],
      workspaces: snapshot.workspaces.slice(1),
      applications: snapshot.applications.filter((a: { workspace: string }) => a.workspace !== snapshot.workspaces[0].id),
    }
    const replaced = expectJson(await admin(`sessions/${session.id}/state`, { json: state }))
    expect(replaced.replaced).toBe(true)
    expect(replaced.principals[0]).toMatchObject({ account: kept.id, apiKey: session.apiKey, apiSecret: session.apiSecret })
    expect(replaced.principals[1].account).toBe('acc_0000000000000000000000000000cafe')
    expect(replaced.principals[1].apiKey).toMatch(/^wam_key_[0-9a-f]{32}$/)
    expect(replaced.principals[1].apiKey).not.toBe(dropped.apiKey)
    // The kept key serves the new state; the dropped account's key and the body's keys reach nothing.
    const remaining = session.workspaceIds.filter((id: string) => id !== snapshot.workspaces[0].id)
    expect(remaining).toHaveLength(session.workspaceIds.length - 1)
    expect((await names(session)).sort()).toEqual(snapshot.workspaces.slice(1).map((w: { name: string }) => w.name).sort())
    expect((await call(server.url, '/api/workspaces', { headers: authOf(replaced.principals[1]) })).status).toBe(200)
    expect((await call(server.url, '/api/workspaces', { headers: authOf(dropped) })).status).toBe(401)
    expect((await call(server.url, '/api/workspaces', { headers: { 'X-API-Key': 'asked-for-key', 'X-API-Secret': 'asked-for-secret' } })).status).toBe(401)
    // The session says what it serves now; the other session is untouched.
    const described = expectJson(await admin(`sessions/${session.id}`))
    expect(described).toMatchObject({ scenario: 'state', workspaceIds: remaining })
    expect(expectJson(await admin(`sessions/${session.id}/info`)).scenario).toBe('state')
    expect((await call(server.url, '/api/workspaces', { headers: authOf(other) })).status).toBe(200)
    expect(expectJson(await admin(`sessions/${other.id}`)).scenario).toBe('demo')
  })

  test('credentials over several new states: kept by account id each time; a dropped account\'s key reaches the base state, and it gets new ones when it comes back', async () => {
    const session = await create()
    const snapshot = expectJson(await admin(`sessions/${session.id}/snapshot`))
    expect(snapshot.accounts).toHaveLength(2)
    const replace = async (state: unknown) => expectJson(await admin(`sessions/${session.id}/state`, { json: state })).principals
    const first = await replace(snapshot)
    expect(first.map((p: { apiKey: string }) => p.apiKey)).toEqual(session.principals.map((p: { apiKey: string }) => p.apiKey))
    expect(await replace(snapshot)).toEqual(first)

    const [kept, dropped] = first
    expect(await replace({ ...snapshot, accounts: [snapshot.accounts[0]] })).toEqual([kept])
    const url = '/api/workspaces?who=dropped'
    expect((await call(server.url, url, { headers: authOf(dropped) })).status).toBe(401)
    const urls = (entries: ReadonlyArray<{ url: string }>) => entries.map((entry) => new URL(entry.url).search)
    expect(urls(expectJson(await admin(`sessions/${session.id}/journal`)).entries)).not.toContain('?who=dropped')
    expect(urls(server.api.journal.entries)).toContain('?who=dropped')

    const back = await replace(snapshot)
    expect(back[0]).toEqual(kept)
    expect(back[1].account).toBe(dropped.account)
    expect(back[1].apiKey).toMatch(/^wam_key_[0-9a-f]{32}$/)
    expect(back[1].apiKey).not.toBe(dropped.apiKey)
    expect(back[1].apiSecret).not.toBe(dropped.apiSecret)
  })

  test('a reset of the session comes back to its new state', async () => {
    const session = await create()
    expectJson(await admin(`sessions/${session.id}/state`, { json: SMALL }))
    const as = { apiKey: session.apiKey, apiSecret: session.apiSecret }
    // The state's only account is new to the session: it has a new key.
    const principal = expectJson(await admin(`sessions/${session.id}/info`)).principals[0]
    expect(principal.apiKey).not.toBe(as.apiKey)
    expect((await call(server.url, '/api/workspaces', { json: { name: 'Later' }, headers: authOf(principal) })).status).toBe(200)
    expect(expectJson(await admin(`sessions/${session.id}/reset`, { method: 'POST' }))).toEqual({ reset: true })
    expect(await names(principal)).toEqual(['Production', 'Staging'])
  })

  test('a state refused for a session is a 422 at `body`, and the session keeps serving what it had', async () => {
    const session = await create({ scenario: 'empty' })
    const broken = structuredClone(SMALL)
    broken.workspaces[0].name = 42
    const refused: Answer = await admin(`sessions/${session.id}/state`, { json: broken })
    const problem = expectProblem(refused, 422, server.url)
    expect(locations(problem)).toEqual(['body.workspaces[0].name'])
    expect((await call(server.url, '/api/workspaces', { headers: authOf(session) })).status).toBe(200)
    expect(expectJson(await admin(`sessions/${session.id}`)).scenario).toBe('empty')
  })
})

describe('how long a session is said to live', () => {
  test.each([
    [60_000, '1 minute'],
    [30 * 60_000, '30 minutes'],
    [90_000, '90 s'],
    [1500, '1.5 s'],
  ])('idleTimeout %i: a gone session "expired after %s"', async (idleTimeout, said) => {
    const brief = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { idleTimeout } })
    try {
      const answer = await call(brief.url, '/__admin/sessions/ses_gone')
      expectProblem(answer, 404, brief.url, `no session ses_gone: it was deleted, or expired after ${said} without requests`)
      expect(expectJson(await call(brief.url, '/__admin/sessions')).idleTimeout).toBe(idleTimeout)
    } finally {
      await brief.close()
    }
  })
})
