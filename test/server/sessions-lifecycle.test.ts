/**
 * The sessions of the demo server (src/server/sessions/registry.ts) over their life: what moves `expiresAt` on and
 * what does not, expiry found when used and by the timer, the limit counted with sessions still being
 * made, what a session starts from (the server's data, a scenario function, the `sessions.scenario`
 * option, kept builds), and the checks of `sessions` options and of `server.sessions.create()`.
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { recordsOf } from '../../src/api/internals.ts'
import type { Scenario } from '../../src/index.ts'
import { SessionLimitError, SessionOptionsError, startMockServer, type MockServer, type MockSession } from '../../src/node/index.ts'
import { authOf, call, eventStream, expectJson, expectProblem } from './http-helpers.ts'

const SMALL = JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8'))
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const apiCall = (server: MockServer, session: MockSession) => call(server.url, '/api/workspaces', { headers: authOf(session.credentials) })

describe('what counts as activity (a long idle timeout: nothing expires here)', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
  })
  afterAll(() => server.close())

  test('expiresAt is the last activity plus the idle timeout (30 minutes by default)', async () => {
    const before = Date.now()
    const session = await server.sessions.create()
    expect(server.sessions.idleTimeout).toBe(30 * 60_000)
    expect(server.sessions.maxSessions).toBe(100)
    expect(session.expiresAt.getTime() - before).toBeGreaterThanOrEqual(30 * 60_000)
    expect(session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000)
    expect(session.created.getTime()).toBeGreaterThanOrEqual(before)
  })

  test('an API request with its key moves it on; get() and list() from code and GET /__admin/sessions do not', async () => {
    const session = await server.sessions.create()
    const first = session.expiresAt.getTime()
    await pause(15)
    expect(server.sessions.get(session.id)).toBe(session)
    expect(server.sessions.list()).toContain(session)
    expect(expectJson(await call(server.url, '/__admin/sessions')).sessions.at(-1).expiresAt).toBe(new Date(first).toISOString())
    expect(session.expiresAt.getTime()).toBe(first)
    expect((await apiCall(server, session)).status).toBe(200)
    expect(session.expiresAt.getTime()).toBeGreaterThan(first + 5)
  })

  test('GET /__admin/sessions/{id} and the session\'s own routes move it on', async () => {
    const session = await server.sessions.create()
    const first = session.expiresAt.getTime()
    await pause(15)
    const described = expectJson(await call(server.url, `/__admin/sessions/${session.id}`))
    const second = Date.parse(described.expiresAt)
    expect(second).toBeGreaterThan(first + 5)
    await pause(15)
    expectJson(await call(server.url, `/__admin/sessions/${session.id}/faults`))
    expect(session.expiresAt.getTime()).toBeGreaterThan(second + 5)
  })

  test("a seed alone builds the server's own scenario", async () => {
    const session = expectJson(await call(server.url, '/__admin/sessions', { json: { seed: 6 } }), 201)
    expect(session).toMatchObject({ scenario: 'empty', seed: 6 })
  })

  test('a request with a key no session has goes to the base state', async () => {
    await server.sessions.create()
    expect((await call(server.url, '/api/workspaces', { headers: authOf(server.api.credentials) })).status).toBe(200)
    expect((await call(server.url, '/api/workspaces', { headers: { 'X-API-Key': 'wam_key_unknown', 'X-API-Secret': 'x' } })).status).toBe(401)
    expect((await call(server.url, '/api/workspaces')).status).toBe(401)
  })

  test('from code: get() of an unknown id, delete() twice, size', async () => {
    for (const session of server.sessions.list()) server.sessions.delete(session.id)
    expect(server.sessions.size).toBe(0)
    const session = await server.sessions.create()
    expect(server.sessions.size).toBe(1)
    expect(server.sessions.get('ses_unknown')).toBeUndefined()
    expect(server.sessions.delete(session.id)).toBe(true)
    expect(server.sessions.delete(session.id)).toBe(false)
    expect(server.sessions.size).toBe(0)
    expect(server.sessions.get(session.id)).toBeUndefined()
  })

  test('from code: a scenario and a state together are refused with a SessionOptionsError', async () => {
    const refused = server.sessions.create({ scenario: 'demo', state: structuredClone(SMALL) })
    await expect(refused).rejects.toThrow(SessionOptionsError)
    await expect(refused).rejects.toThrow('give either `scenario` or `state`, not both')
    await expect(refused).rejects.toMatchObject({ name: 'SessionOptionsError' })
  })
})

describe('expiry (an idle timeout of 150 ms)', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { idleTimeout: 150 } })
  })
  afterAll(() => server.close())

  test('a session unused for longer is gone: get() and list() leave it out, its key gets 401, its routes 404', async () => {
    const session = await server.sessions.create()
    expect(server.sessions.get(session.id)).toBe(session)
    await pause(200)
    expect(server.sessions.get(session.id)).toBeUndefined()
    expect(server.sessions.list()).toEqual([])
    expect((await apiCall(server, session)).status).toBe(401)
    expectProblem(
      await call(server.url, `/__admin/sessions/${session.id}`),
      404,
      server.url,
      `no session ${session.id}: it was deleted, or expired after 0.15 s without requests`,
    )
  })

  test('reading it from code does not keep it alive', async () => {
    const session = await server.sessions.create()
    const until = Date.now() + 1000
    while (server.sessions.get(session.id) && Date.now() < until) await pause(5)
    expect(server.sessions.get(session.id)).toBeUndefined()
  })

  test('found expired by a request for it: the key gets 401, the session routes 404', async () => {
    const session = await server.sessions.create()
    await pause(200)
    expect((await apiCall(server, session)).status).toBe(401)
    expect((await call(server.url, `/__admin/sessions/${session.id}/journal`)).status).toBe(404)
  })

  test('the timer deletes a session nobody uses again, and starts again after the last one was deleted', async () => {
    const first = await server.sessions.create()
    await expect.poll(() => server.sessions.size, { timeout: 2000, interval: 10 }).toBe(0)
    expect(server.sessions.get(first.id)).toBeUndefined()
    const again = await server.sessions.create()
    expect(server.sessions.delete(again.id)).toBe(true)
    await server.sessions.create()
    expect(server.sessions.size).toBe(1)
    await expect.poll(() => server.sessions.size, { timeout: 2000, interval: 10 }).toBe(0)
  })
})

// Its own server with a longer idle timeout: both streams must be open before the session expires, which a
// loaded machine could not promise within 150 ms.
describe('expiry seen on the event streams (an idle timeout of 1 s)', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { idleTimeout: 1_000 } })
  })
  afterAll(() => server.close())

  test("an expired session's event stream ends with `closed`; the base stream hears that sessions changed", async () => {
    const session = await server.sessions.create()
    const base = eventStream(await fetch(`${server.url}/__admin/events`))
    const own = eventStream(await fetch(`${server.url}/__admin/sessions/${session.id}/events`))
    try {
      expect((await base.next())?.event).toBe('history')
      expect((await own.next())?.event).toBe('history')
      expect(await own.next()).toEqual({ event: 'closed', data: {} })
      expect(await own.next()).toBeUndefined()
      expect(await base.next()).toEqual({ event: 'sessions', data: {} })
    } finally {
      await own.cancel()
      await base.cancel()
    }
  })
})

describe('expiry to the millisecond (a fake clock; the timer does not run)', () => {
  const IDLE = 60_000
  let server: MockServer
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { idleTimeout: IDLE, maxSessions: 1 } })
  })
  afterAll(() => server.close())
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
  })
  afterEach(() => {
    vi.useRealTimers()
    for (const session of server.sessions.list()) server.sessions.delete(session.id)
  })

  test('alive for exactly the idle timeout after its last use, gone one millisecond later', async () => {
    const start = Date.now()
    const session = await server.sessions.create()
    expect(session.expiresAt.getTime()).toBe(start + IDLE)
    vi.setSystemTime(start + IDLE)
    expect(server.sessions.get(session.id)).toBe(session)
    vi.setSystemTime(start + IDLE + 1)
    expect(server.sessions.get(session.id)).toBeUndefined()
  })

  // Found by mutation testing: only the timer had been seen expiring a session a request then used.
  test('an API request with the key of a session past its idle timeout, before the timer comes by: 401, and the session is gone', async () => {
    const session = await server.sessions.create()
    expect((await apiCall(server, session)).status).toBe(200)
    vi.setSystemTime(Date.now() + IDLE + 1)
    expect(server.sessions.size).toBe(1)
    const answer = await apiCall(server, session)
    expect(answer.status).toBe(401)
    expect(server.sessions.size).toBe(0)
  })

  test('list() leaves out a session past its idle timeout before the timer comes by (and deletes it)', async () => {
    const start = Date.now()
    const session = await server.sessions.create()
    vi.setSystemTime(start + IDLE + 1)
    expect(server.sessions.size).toBe(1)
    expect(server.sessions.list()).toEqual([])
    expect(server.sessions.size).toBe(0)
    expect(server.sessions.get(session.id)).toBeUndefined()
  })

  test('creating a session first deletes the expired ones, which makes room under the limit', async () => {
    const start = Date.now()
    const old = await server.sessions.create()
    vi.setSystemTime(start + IDLE + 1)
    expect(server.sessions.size).toBe(1)
    const fresh = await server.sessions.create()
    expect(server.sessions.size).toBe(1)
    expect(server.sessions.list()).toEqual([fresh])
    expect(old.id).not.toBe(fresh.id)
  })
})

describe('the expiry timer (a fake clock and interval)', () => {
  const IDLE = 60_000
  let server: MockServer
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { idleTimeout: IDLE } })
  })
  afterAll(() => server.close())

  test('it comes by every half idle timeout: a session nobody uses is gone 1.5 idle timeouts after its last use, also after another one was deleted', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: Date.now() })
    try {
      await server.sessions.create()
      const deleted = await server.sessions.create()
      expect(server.sessions.delete(deleted.id)).toBe(true)
      vi.advanceTimersByTime(IDLE)
      expect(server.sessions.size).toBe(1) // alive for exactly the idle timeout
      vi.advanceTimersByTime(IDLE / 2)
      expect(server.sessions.size).toBe(0)
    } finally {
      vi.useRealTimers()
      for (const session of server.sessions.list()) server.sessions.delete(session.id)
    }
  })
})

describe('the limit', () => {
  test('sessions being made count against it: of three created at once at a limit of two, one is refused', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { maxSessions: 2 } })
    try {
      const results = await Promise.allSettled([0, 1, 2].map(() => server.sessions.create({ seed: 4 })))
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected'])
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect(refused.reason).toBeInstanceOf(SessionLimitError)
      expect(refused.reason.name).toBe('SessionLimitError')
      expect(refused.reason.message).toBe(
        'the server holds its maximum of 2 sessions: delete one (DELETE /__admin/sessions/{id}) or start it with a higher --max-sessions',
      )
      expect(server.sessions.size).toBe(2)
    } finally {
      await server.close()
    }
  })

  test('one after the other up to the limit; 0 allows none', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { maxSessions: 1 } })
    const none = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { maxSessions: 0 } })
    try {
      const one = await server.sessions.create()
      await expect(server.sessions.create()).rejects.toThrow(SessionLimitError)
      server.sessions.delete(one.id)
      await server.sessions.create()
      await server.sessions.create().catch(() => {})
      expect(server.sessions.size).toBe(1)
      await expect(none.sessions.create()).rejects.toThrow('maximum of 0 sessions')
    } finally {
      await server.close()
      await none.close()
    }
  })

  test.each([
    [{ maxSessions: -1 }, 'maxSessions must be a non-negative integer, got -1'],
    [{ maxSessions: 1.5 }, 'maxSessions must be a non-negative integer, got 1.5'],
    [{ idleTimeout: 0 }, 'idleTimeout must be a positive number of ms, got 0'],
    [{ idleTimeout: Number.NaN }, 'idleTimeout must be a positive number of ms, got NaN'],
  ])('sessions %j: startMockServer rejects with a RangeError and releases the port', async (sessions, message) => {
    let url = ''
    const failure = await startMockServer({ port: 0, scenario: 'empty', sessions, onListening: (u) => (url = u) }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(RangeError)
    expect((failure as Error).message).toBe(message)
    await expect(fetch(`${url}/api/workspaces`)).rejects.toThrow()
  })
})

describe('what a session starts from', () => {
  test('the server\'s `sessions.scenario` is what a seed alone builds; no body copies the server\'s data', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', seed: 2, strict: false, sessions: { scenario: 'multi-tenant' } })
    try {
      const seeded = expectJson(await call(server.url, '/__admin/sessions', { json: { seed: 3 } }), 201)
      expect(seeded).toMatchObject({ scenario: 'multi-tenant', seed: 3, counts: { organizations: 2 } })
      const copy = expectJson(await call(server.url, '/__admin/sessions', { method: 'POST' }), 201)
      expect(copy).toMatchObject({ scenario: 'empty', seed: 2, counts: { organizations: 1, workspaces: 0 } })
    } finally {
      await server.close()
    }
  })

  test('a server started without a scenario serves `demo`, and a seed alone builds `demo`', async () => {
    const server = await startMockServer({ port: 0, strict: false })
    try {
      expect(expectJson(await call(server.url, '/__admin/info'))).toMatchObject({ scenario: 'demo', seed: 1 })
      const seeded = expectJson(await call(server.url, '/__admin/sessions', { json: { seed: 3 } }), 201)
      expect(seeded).toMatchObject({ scenario: 'demo', seed: 3 })
    } finally {
      await server.close()
    }
  })

  test('a server of a scenario function is "custom"; a seed alone builds it again, named after the function', async () => {
    const tiny: Scenario = function tiny(kit) {
      const organization = kit.organization()
      kit.principal(organization)
      kit.workspace(organization)
    }
    const anonymous = [(kit: Parameters<Scenario>[0]) => void kit.principal(kit.organization())][0]!
    const named = await startMockServer({ port: 0, scenario: tiny, strict: false })
    const unnamed = await startMockServer({ port: 0, scenario: anonymous, strict: false })
    try {
      expect(expectJson(await call(named.url, '/__admin/info')).scenario).toBe('custom')
      const session = await named.sessions.create({ seed: 8 })
      expect(session).toMatchObject({ scenario: 'tiny', seed: 8 })
      expect(session.workspaceIds).toHaveLength(1)
      expect((await unnamed.sessions.create({ seed: 8 })).scenario).toBe('custom')
    } finally {
      await named.close()
      await unnamed.close()
    }
  })

  test('sessions of the same scenario and seed share one build; a build is kept for the 8 latest asked for', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', strict: false, sessions: { maxSessions: 20 } })
    try {
      const organization = async (seed: number) => recordsOf((await server.sessions.create({ scenario: 'empty', seed })).api, 'organizations')[0]
      const first = await organization(1)
      expect(await organization(1)).toBe(first)
      expect(await organization(2)).not.toBe(first)
      const second = await organization(2)
      for (let seed = 3; seed <= 8; seed++) await organization(seed) // 8 builds kept: seeds 1 to 8
      expect(await organization(1)).toBe(first) // asked for again: now the latest
      await organization(9) // one too many: the least recently asked for (seed 2) goes
      expect(await organization(1)).toBe(first)
      expect(await organization(2)).not.toBe(second)
    } finally {
      await server.close()
    }
  })

  test("a session's mock is made with the server's options (its journal limit) and its seed", async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', seed: 7, strict: false, journalLimit: 3 })
    try {
      const copy = await server.sessions.create()
      const seeded = await server.sessions.create({ scenario: 'empty', seed: 12 })
      for (const [session, seed] of [[copy, 7], [seeded, 12]] as const) {
        const info = expectJson(await call(server.url, `/__admin/sessions/${session.id}/info`))
        expect(info).toMatchObject({ seed, journalLimit: 3 })
        expect(session.api.seed).toBe(seed)
      }
    } finally {
      await server.close()
    }
  })

  test('session icons point at the server, like the base state\'s', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
    try {
      const session = await server.sessions.create({ scenario: 'scale:1x0', seed: 2 })
      const listed = await call(server.url, '/api/workspaces', { headers: authOf(session.credentials) })
      expect(listed.body.data[0].icons.small.startsWith(`${server.url}/api/icons/`)).toBe(true)
    } finally {
      await server.close()
    }
  })
})

describe('closing the server', () => {
  test('ends every session', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
    await server.sessions.create()
    await server.sessions.create()
    await server.close()
    expect(server.sessions.size).toBe(0)
    expect(server.sessions.list()).toEqual([])
  })
})

describe('a session deleted while it gets a new state', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
  })
  afterAll(() => server.close())

  // Found by mutation testing: the new state's credentials were indexed after the deletion, so a deleted
  // session's key was served again.
  test('the deletion stands: its old and new credentials get 401 and it is not listed', async () => {
    const session = await server.sessions.create()
    const before = session.credentials
    // What POST /__admin/sessions/{id}/state calls; over HTTP the DELETE cannot be timed into the load.
    const replacing = (session as MockSession & { replaceState(state: unknown): Promise<void> }).replaceState(SMALL)
    expect(server.sessions.delete(session.id)).toBe(true)
    await replacing
    expect(server.sessions.get(session.id)).toBeUndefined()
    for (const credentials of [before, session.credentials]) {
      expect((await call(server.url, '/api/workspaces', { headers: authOf(credentials) })).status).toBe(401)
    }
  })
})
