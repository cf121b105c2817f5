/**
 * connectMockServer (src/client/) against a demo server over a real socket, one server for the
 * file, started with an admin token: sessions created and listed with the token, each session's own
 * routes with its own credentials (faults, journal, reset, snapshot, loadState, end), and problems
 * thrown as MockServerError with status, title and detail; and the Playwright fixtures over it
 * (src/playwright/session.ts), called as Playwright calls them.
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { connectMockServer, MockServerError, startMockServer, type MockServer, type MockServerConnection, type RemoteSession } from '../../src/node/index.ts'
import { mockSessionFixtures } from '../../src/playwright/session.ts'

const SMALL = JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8'))
const TOKEN = 'connect-test-token'

let server: MockServer
let client: MockServerConnection

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', seed: 3, strict: false, adminToken: TOKEN })
  client = connectMockServer(`${server.url}/`, { adminToken: TOKEN })
})
afterAll(() => server.close())
afterEach(() => {
  for (const session of server.sessions.list()) server.sessions.delete(session.id)
})

/** A call to the API as the session's first principal. */
async function api(session: RemoteSession, path: string, init: { method?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { 'X-API-Key': session.credentials.apiKey, 'X-API-Secret': session.credentials.apiSecret }
  if (init.json !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${session.baseUrl}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
  return { status: response.status, body: (await response.json()) as any }
}
const names = async (session: RemoteSession) => (await api(session, '/api/workspaces')).body.data.map((w: { name: string }) => w.name)

/** The error a promise rejects with, checked to be a MockServerError. */
async function rejection(promise: Promise<unknown>): Promise<MockServerError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(MockServerError)
  return error as MockServerError
}

describe('sessions', () => {
  test('create: id, baseUrl, credentials and workspaceIds that the API answers to; list shows it', async () => {
    const session = await client.sessions.create()
    expect(session.id).toMatch(/^ses_[0-9a-f]{32}$/)
    expect(session.baseUrl).toBe(server.url)
    expect(session.credentials).toEqual({ apiKey: expect.stringMatching(/^wam_key_/), apiSecret: expect.stringMatching(/^wam_secret_/) })
    const { status, body } = await api(session, '/api/workspaces')
    expect(status).toBe(200)
    expect(body.data.map((w: { id: string }) => w.id)).toEqual(session.workspaceIds)
    expect((await client.sessions.list()).map((s) => s.id)).toEqual([session.id])
  })

  test('create with a scenario and seed, or a state', async () => {
    const tenants = await client.sessions.create({ scenario: 'multi-tenant', seed: 7 })
    expect(server.sessions.get(tenants.id)).toMatchObject({ scenario: 'multi-tenant', seed: 7 })
    const small = await client.sessions.create({ state: SMALL })
    expect(await names(small)).toEqual(SMALL.workspaces.map((w: { name: string }) => w.name))
  })

  test("two sessions' writes stay apart", async () => {
    const [a, b] = await Promise.all([client.sessions.create(), client.sessions.create()])
    expect((await api(a!, '/api/workspaces', { json: { name: 'Only in A' } })).status).toBe(200)
    expect(await names(a!)).toContain('Only in A')
    expect(await names(b!)).not.toContain('Only in A')
  })

  test('end: deleted, its credentials get 401, a second end resolves false', async () => {
    const session = await client.sessions.create()
    expect(await session.end()).toBe(true)
    expect((await api(session, '/api/workspaces')).status).toBe(401)
    expect(await client.sessions.list()).toEqual([])
    expect(await session.end()).toBe(false)
  })
})

describe("a session's faults and journal", () => {
  test('fail, list, remove and clear, with the method names of mockApi.faults', async () => {
    const session = await client.sessions.create()
    const fault = await session.faults.fail('listWorkspaces', { status: 503, detail: 'down for the test', times: 2 })
    const { status, body } = await api(session, '/api/workspaces')
    expect(status).toBe(503)
    expect(body.detail).toBe('down for the test')
    expect(await session.faults.list()).toEqual([expect.objectContaining({ id: fault.id, type: 'fail', target: 'listWorkspaces', status: 503, hits: 1, startup: false })])
    expect(await fault.remove()).toBe(true)
    expect(await fault.remove()).toBe(false)
    expect((await api(session, '/api/workspaces')).status).toBe(200)
    await session.faults.latency('*', 1)
    await session.faults.disconnect('createWorkspace', { rate: 0 })
    await session.faults.rateLimit('*', { requests: 100 })
    expect((await session.faults.list()).map((f) => f.type)).toEqual(['latency', 'disconnect', 'rateLimit'])
    await session.faults.clear()
    expect(await session.faults.list()).toEqual([])
  })

  test("a fault stays in its session: another session's requests and the base state answer", async () => {
    const [faulted, other] = await Promise.all([client.sessions.create(), client.sessions.create()])
    await faulted.faults.fail('*', { status: 500 })
    expect((await api(faulted, '/api/workspaces')).status).toBe(500)
    expect((await api(other, '/api/workspaces')).status).toBe(200)
    const base = server.api.credentials
    const response = await fetch(`${server.url}/api/workspaces`, { headers: { 'X-API-Key': base.apiKey, 'X-API-Secret': base.apiSecret } })
    expect(response.status).toBe(200)
  })

  test('journal: entries, filter, count, last and clear, the session\'s requests only', async () => {
    const [session, other] = await Promise.all([client.sessions.create(), client.sessions.create()])
    await api(session, '/api/workspaces', { json: { name: 'Journaled' } })
    await api(session, '/api/workspaces')
    await api(other, '/api/workspaces')
    expect((await session.journal.entries()).map((e) => e.operation)).toEqual(['createWorkspace', 'listWorkspaces'])
    expect(await session.journal.count({ operation: 'createWorkspace', body: { name: 'Journaled' } })).toBe(1)
    expect(await session.journal.filter({ method: 'get', path: '/api/workspaces' })).toHaveLength(1)
    expect(await session.journal.last()).toMatchObject({ operation: 'listWorkspaces', status: 200 })
    expect(await session.journal.last({ status: 404 })).toBeUndefined()
    await session.journal.clear()
    expect(await session.journal.entries()).toEqual([])
    expect(await other.journal.count()).toBe(1)
  })
})

describe("a session's state", () => {
  test('reset: back to its initial data, faults cleared', async () => {
    const session = await client.sessions.create()
    const before = await names(session)
    await api(session, '/api/workspaces', { json: { name: 'Gone after reset' } })
    await session.faults.fail('getWorkspace')
    await session.reset()
    expect(await names(session)).toEqual(before)
    expect(await session.faults.list()).toEqual([])
  })

  test('snapshot and loadState: a snapshot of one session served by another, whose credentials follow it', async () => {
    const source = await client.sessions.create({ state: SMALL })
    await api(source, '/api/workspaces', { json: { name: 'Carried over' } })
    const snapshot = await source.snapshot()
    expect(snapshot.workspaces.map((w) => w.name)).toContain('Carried over')

    const target = await client.sessions.create()
    const before = target.credentials
    await target.loadState(snapshot)
    // The snapshot's accounts are not the target's: the session's credentials are its new first principal's.
    expect(target.credentials).not.toEqual(before)
    expect(target.credentials).not.toEqual(source.credentials)
    expect(await names(target)).toContain('Carried over')
    await target.reset()
    expect(await names(target)).toContain('Carried over')
    expect(await target.end()).toBe(true)
  })
})

describe('errors and the admin token', () => {
  test('a problem is thrown as a MockServerError with status, title, detail and errors', async () => {
    const refused = await rejection(client.sessions.create({ scenario: 'no-such-scenario' }))
    expect(refused).toMatchObject({ status: 422, title: 'Unprocessable Entity', name: 'MockServerError' })
    expect(refused.detail).toMatch(/no-such-scenario/)
    expect(refused.errors).toEqual([expect.objectContaining({ location: 'body.scenario' })])
    expect(refused.message).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/__admin\/sessions: 422 Unprocessable Entity: /)

    const session = await client.sessions.create()
    const badState = await rejection(session.loadState({ ...SMALL, accounts: [] }))
    expect(badState.status).toBe(422)
    const badFault = await rejection(session.faults.fail('listWorkspaces', { status: 200 }))
    expect(badFault.status).toBe(422)
  })

  test('without the token the server-wide routes refuse (401); a session still answers its own credentials', async () => {
    const session = await client.sessions.create()
    const anonymous = connectMockServer(server.url)
    expect(await rejection(anonymous.sessions.create())).toMatchObject({ status: 401, title: 'Unauthorized' })
    expect((await rejection(anonymous.sessions.list())).detail).toMatch(/admin token/)
    expect((await rejection(connectMockServer(server.url, { adminToken: 'wrong' }).sessions.list())).status).toBe(401)
    // The session object sends the session's credentials, never the token.
    await session.faults.fail('getWorkspace')
    expect(await session.faults.list()).toHaveLength(1)
  })

  test('an unreachable server rejects with fetch\'s own error', async () => {
    const closed = await startMockServer({ port: 0, scenario: 'empty' })
    await closed.close()
    await expect(connectMockServer(closed.url).sessions.create()).rejects.toThrow(TypeError)
  })
})

describe('the Playwright fixtures (mockSessionFixtures)', () => {
  /**
   * Runs a fixture function as Playwright does: `use` gets the value, teardown follows once `use` resolves,
   * for a test that passed (a failed one's evidence: test/evidence/playwright.test.ts).
   */
  async function runFixture<T>(fixture: unknown, args: object, body: (value: T) => Promise<void>): Promise<void> {
    const fn = (Array.isArray(fixture) ? fixture[0] : fixture) as (args: object, use: (value: T) => Promise<void>, testInfo: object) => Promise<void>
    await fn(args, body, { status: 'passed', expectedStatus: 'passed' })
  }

  test('mockServer { url, adminToken }: each test a session of that server, ended after the test', async () => {
    const seen: string[] = []
    await runFixture<MockServerConnection>(mockSessionFixtures.mockServerConnection, { mockServer: { url: server.url, adminToken: TOKEN } }, async (connection) => {
      await runFixture<RemoteSession>(mockSessionFixtures.mockSession, { mockServerConnection: connection, mockSessionOptions: { scenario: 'empty' } }, async (session) => {
        seen.push(session.id)
        expect(await names(session)).toEqual([])
        expect(server.sessions.list().map((s) => s.id)).toEqual([session.id])
      })
    })
    expect(seen).toHaveLength(1)
    expect(server.sessions.list()).toEqual([])
  })

  test("'start': a server of the worker's own, closed after it; a session the test ended already is no error", async () => {
    let url = ''
    await runFixture<MockServerConnection>(mockSessionFixtures.mockServerConnection, { mockServer: 'start' }, async (connection) => {
      url = connection.url
      expect(url).not.toBe(server.url)
      await runFixture<RemoteSession>(mockSessionFixtures.mockSession, { mockServerConnection: connection, mockSessionOptions: {} }, async (session) => {
        expect((await api(session, '/api/workspaces')).status).toBe(200)
        expect(await session.end()).toBe(true)
      })
      expect(await connection.sessions.list()).toEqual([])
    })
    await expect(fetch(`${url}/__admin/sessions`)).rejects.toThrow(TypeError)
  })
})
