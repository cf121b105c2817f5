/**
 * Sessions that guard each other, and an admin token (issue 23): anyone could list every session's key and
 * secret and read, fault, reset or end any session. With `adminToken` the server-wide admin routes need
 * `Authorization: Bearer <token>`; a session's own routes also take its own credentials, and another
 * session's find nothing there (404).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { expectAnswersWithin1s } from './attack-helpers.ts'
import { authOf, call, eventStream, expectJson, expectProblem } from '../server/http-helpers.ts'

const TOKEN = 'attack-test-token-0123456789'
const BEARER = { Authorization: `Bearer ${TOKEN}` }
const TOKEN_DETAIL = 'this admin route needs the admin token: send Authorization: Bearer <token> (printed at start)'

let server: MockServer
let a: { id: string; apiKey: string; apiSecret: string }
let b: { id: string; apiKey: string; apiSecret: string }
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', strict: false, adminToken: TOKEN })
  a = expectJson(await call(server.url, '/__admin/sessions', { json: {}, headers: BEARER }), 201)
  b = expectJson(await call(server.url, '/__admin/sessions', { json: {}, headers: BEARER }), 201)
})
afterAll(() => server.close())

describe('the admin token', () => {
  test('server-wide routes need it: without it or with another, a 401 problem naming the header', async () => {
    const routes: Array<[string, Parameters<typeof call>[2]]> = [
      ['/__admin/info', {}],
      ['/__admin/journal', {}],
      ['/__admin/sessions', {}],
      ['/__admin/sessions', { json: { scenario: 'scale:10000x1000' } }],
      ['/__admin/state', { json: {} }],
      ['/__admin/reset', { method: 'POST' }],
    ]
    for (const [path, init] of routes) {
      for (const headers of [{}, { Authorization: 'Bearer wrong' }, { Authorization: TOKEN }, authOf(a)] as Array<Record<string, string>>) {
        const answer = await call(server.url, path, { ...init, headers: { ...init?.headers, ...headers } })
        expectProblem(answer, 401, server.url, TOKEN_DETAIL)
        expect(answer.headers.get('WWW-Authenticate')).toBe('Bearer realm="workspace-api-mock admin"')
      }
    }
    expect(server.sessions.size).toBe(2)
    expect(expectJson(await call(server.url, '/__admin/info', { headers: BEARER })).scenario).toBe('demo')
  })

  test('the console page and the base event stream need it too; a GET may carry it as ?token=', async () => {
    const html = { Accept: 'text/html' }
    expectProblem(await call(server.url, '/__admin/', { headers: html }), 401, server.url, TOKEN_DETAIL)
    expectProblem(await call(server.url, '/', { headers: html }), 401, server.url, TOKEN_DETAIL)
    expect((await call(server.url, '/__admin/', { headers: { ...html, ...BEARER } })).text).toContain('<!doctype html>')
    expect((await call(server.url, `/__admin/?token=${TOKEN}`, { headers: html })).text).toContain('<!doctype html>')
    expectProblem(await call(server.url, '/__admin/events'), 401, server.url, TOKEN_DETAIL)
    const response = await fetch(`${server.url}/__admin/events?token=${TOKEN}`)
    const stream = eventStream(response)
    expect((await stream.next())?.event).toBe('history')
    await stream.cancel()
    // Only reads take it from the address: a write must send the header.
    expectProblem(await call(server.url, `/__admin/reset?token=${TOKEN}`, { method: 'POST' }), 401, server.url, TOKEN_DETAIL)
    // The console's files hold no data.
    expect((await call(server.url, '/__admin/console/console.css')).status).toBe(200)
  })

  test('the sessions list shows keys and secrets to the token holder only', async () => {
    const list = expectJson(await call(server.url, '/__admin/sessions', { headers: BEARER }))
    expect(list.sessions.map((s: { apiSecret: string }) => s.apiSecret)).toEqual([a.apiSecret, b.apiSecret])
    const refused = await call(server.url, '/__admin/sessions', { headers: authOf(a) })
    expect(refused.status).toBe(401)
    expect(refused.text).not.toContain(b.apiSecret)
  })

  test('the API needs no token', async () => {
    await expectAnswersWithin1s(server)
    expect((await call(server.url, '/api/workspaces', { headers: authOf(a) })).status).toBe(200)
  })
})

describe("a session's own routes", () => {
  test('take its own credentials; another session\'s, a wrong secret or an unknown key get 404 as for no session', async () => {
    expect(expectJson(await call(server.url, `/__admin/sessions/${a.id}/info`, { headers: authOf(a) })).scenario).toBe('demo')
    expect(expectJson(await call(server.url, `/__admin/sessions/${a.id}`, { headers: authOf(a) })).apiSecret).toBe(a.apiSecret)
    const gone = new RegExp(`^no session ${a.id}: it was deleted, or expired after 30 minutes without requests$`)
    for (const headers of [authOf(b), { ...authOf(a), 'X-API-Secret': b.apiSecret }, authOf(server.api.credentials), { 'X-API-Key': a.apiKey }]) {
      for (const [path, init] of [
        [`/__admin/sessions/${a.id}`, {}],
        [`/__admin/sessions/${a.id}/journal`, {}],
        [`/__admin/sessions/${a.id}/snapshot`, {}],
        [`/__admin/sessions/${a.id}/faults`, { json: { type: 'fail', target: '*' } }],
        [`/__admin/sessions/${a.id}/reset`, { method: 'POST' }],
        [`/__admin/sessions/${a.id}`, { method: 'DELETE' }],
        [`/__admin/sessions/${a.id}/events`, {}],
      ] as const) {
        expectProblem(await call(server.url, path, { ...init, headers }), 404, server.url, gone)
      }
    }
    expect(server.sessions.get(a.id)?.api.faults.size).toBe(0)
  })

  test('without credentials: a 401 (the server has a token); with the token: any session', async () => {
    expectProblem(await call(server.url, `/__admin/sessions/${a.id}/info`), 401, server.url, TOKEN_DETAIL)
    expect((await call(server.url, `/__admin/sessions/${b.id}/info`, { headers: BEARER })).status).toBe(200)
  })

  test("its event stream and its end: its own credentials", async () => {
    const response = await fetch(`${server.url}/__admin/sessions/${a.id}/events`, { headers: authOf(a) })
    const stream = eventStream(response)
    expect((await stream.next())?.event).toBe('history')
    expect(expectJson(await call(server.url, `/__admin/sessions/${a.id}`, { method: 'DELETE', headers: authOf(a) }))).toEqual({ deleted: a.id })
    expect((await stream.next())?.event).toBe('closed')
    expect(server.sessions.get(b.id)).toBeDefined()
  })
})

describe('without a token', () => {
  test("on loopback: today's behaviour, the admin open to its own machine", async () => {
    const open = await startMockServer({ port: 0, scenario: 'empty', strict: false })
    try {
      expect(open.adminToken).toBeUndefined()
      const session = expectJson(await call(open.url, '/__admin/sessions', { json: {} }), 201)
      expect(expectJson(await call(open.url, '/__admin/sessions')).sessions[0].apiSecret).toBe(session.apiSecret)
      expect((await call(open.url, `/__admin/sessions/${session.id}/info`)).status).toBe(200)
    } finally {
      await open.close()
    }
  })

  test('on any other interface one is generated: the admin needs it at once', async () => {
    const shared = await startMockServer({ port: 0, host: '0.0.0.0', scenario: 'empty', strict: false })
    try {
      expect(shared.adminToken).toMatch(/^[\w-]{32}$/)
      const local = `http://127.0.0.1:${new URL(shared.url).port}`
      expectProblem(await call(local, '/__admin/info'), 401, local, TOKEN_DETAIL)
      expect((await call(local, '/__admin/info', { headers: { Authorization: `Bearer ${shared.adminToken}` } })).status).toBe(200)
    } finally {
      await shared.close()
    }
  })
})
