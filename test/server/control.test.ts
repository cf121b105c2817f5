/**
 * The control plane beside the API (src/server/admin/control.ts), in this process over real sockets: which
 * requests get the console's page, files and event streams and which fall through to the admin routes,
 * the base state's guard against a session's keys, what the event streams hear when sessions change, and
 * closing a server with streams open.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { InvalidStateError } from '../../src/index.ts'
import { CONSOLE_PAGE } from '../../src/server/console/page.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { authOf, call, eventStream, expectJson, expectProblem, rawExchange } from './http-helpers.ts'

const SMALL = JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8'))
const HTML = { Accept: 'text/html' }

let server: MockServer
const host = () => new URL(server.url).host
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
})
afterAll(() => server.close())

describe('the console page', () => {
  test('HEAD at /__admin for a browser: the page\'s headers (no CORS), its length, no body', async () => {
    const answer = await rawExchange(
      server.url,
      `HEAD /__admin HTTP/1.1\r\nHost: ${host()}\r\nAccept: text/html\r\nOrigin: ${server.url}\r\nConnection: close\r\n\r\n`,
      { head: true },
    )
    expect(answer.status).toBe(200)
    expect(answer.header('content-type')).toBe('text/html; charset=utf-8')
    expect(answer.header('cache-control')).toBe('no-store')
    expect(Number(answer.header('content-length'))).toBe(Buffer.byteLength(CONSOLE_PAGE))
    expect(answer.header('access-control-allow-origin')).toBeUndefined()
    expect(answer.header('referrer-policy')).toBe('no-referrer')
    expect(answer.body).toBe('')
  })

  test('GET at / from its own origin: the page, whole, without CORS headers', async () => {
    const answer = await call(server.url, '/', { headers: { ...HTML, Origin: server.url } })
    expect(answer.text).toBe(CONSOLE_PAGE)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  test("the page is no activity of a session, even asked for with the session's key", async () => {
    const session = await server.sessions.create()
    try {
      const expiresAt = session.expiresAt.getTime()
      // The clock moves on, so that any activity now would move the expiry on.
      while (Date.now() + server.sessions.idleTimeout <= expiresAt) await new Promise((resolve) => setTimeout(resolve, 1))
      const answer = await call(server.url, '/', { headers: { ...HTML, ...authOf(session.credentials) } })
      expect(answer.text).toBe(CONSOLE_PAGE)
      expect(session.expiresAt.getTime()).toBe(expiresAt)
    } finally {
      server.sessions.delete(session.id)
    }
  })

  test('a request without Accept is no browser: the hint at /', async () => {
    const answer = await rawExchange(server.url, `GET / HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`)
    expect(answer.status).toBe(200)
    expect(answer.header('content-type')).toBe('text/plain; charset=utf-8')
    expect(answer.body).toMatch(/^workspace-api-mock: the Workspace and Application Management API is served under /)
  })

  test('only GET and HEAD get the page: other methods at / and /__admin/ are what they were', async () => {
    const root = await call(server.url, '/', { method: 'POST', body: '', headers: HTML })
    expect(root.status).toBe(404)
    expect(root.text).toBe('not found: / (the mock serves /api/...)\n')
    const admin = await call(server.url, '/__admin/', { method: 'DELETE', headers: HTML })
    expectProblem(admin, 404, server.url, /^no admin route DELETE \/__admin\/: open it in a browser/)
  })

  test('other paths are never the page, even for a browser', async () => {
    const other = await call(server.url, '/index.html', { headers: HTML })
    expect(other.status).toBe(404)
    expect(other.text).toBe('not found: /index.html (the mock serves /api/...)\n')
    expectProblem(await call(server.url, '/__admin/info/x', { headers: HTML }), 404, server.url, 'no admin route GET /__admin/info/x')
  })
})

describe('the console files', () => {
  test('HEAD of the style sheet: its type and length, no body', async () => {
    const css = await fetch(`${server.url}/__admin/console/console.css`)
    const length = (await css.arrayBuffer()).byteLength
    const head = await rawExchange(server.url, `HEAD /__admin/console/console.css HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`, { head: true })
    expect(head.status).toBe(200)
    expect(head.header('content-type')).toBe('text/css; charset=utf-8')
    expect(head.header('cache-control')).toBe('no-cache')
    expect(Number(head.header('content-length'))).toBe(length)
    expect(head.body).toBe('')
  })

  test('an unknown name is a plain 404 naming the path, without CORS; so is a name in a subfolder', async () => {
    const missing = await call(server.url, '/__admin/console/app.js', { headers: { Origin: server.url } })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(missing.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(missing.text).toBe('not found: /__admin/console/app.js\n')
    expect((await call(server.url, '/__admin/console/client/console.css')).text).toBe('not found: /__admin/console/client/console.css\n')
  })

  test('other methods on a console file are admin routes, which have none there', async () => {
    expectProblem(await call(server.url, '/__admin/console/console.css', { method: 'POST' }), 404, server.url, 'no admin route POST /__admin/console/console.css')
  })
})

describe('event streams: which paths', () => {
  test('/__admin/events is the base stream, without CORS; `/events/` and other methods are admin routes', async () => {
    const response = await fetch(`${server.url}/__admin/events`, { headers: { Origin: server.url } })
    const stream = eventStream(response)
    try {
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
      expect(response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
      expect((await stream.next())?.event).toBe('history')
    } finally {
      await stream.cancel()
    }
    expectProblem(await call(server.url, '/__admin/events/'), 404, server.url, 'no admin route GET /__admin/events/')
    expectProblem(await call(server.url, '/__admin/events', { method: 'POST' }), 404, server.url, 'no admin route POST /__admin/events')
  })

  test("a session's stream also with a trailing slash; a longer path, another method or an unknown session are 404 problems", async () => {
    const session = await server.sessions.create()
    try {
      const response = await fetch(`${server.url}/__admin/sessions/${session.id}/events/`)
      expect(response.status).toBe(200)
      const stream = eventStream(response)
      expect(await stream.next()).toEqual({ event: 'history', data: [] })
      await stream.cancel()
      const at = `/__admin/sessions/${session.id}`
      expectProblem(await call(server.url, `${at}/events/x`), 404, server.url, `no admin route GET ${at}/events/x`)
      expectProblem(await call(server.url, `${at}/events`, { method: 'POST' }), 404, server.url, `no admin route POST ${at}/events`)
      expectProblem(await call(server.url, `${at}/x/events`), 404, server.url, `no admin route GET ${at}/x/events`)
      expectProblem(await call(server.url, '/__admin/sessions/ses_unknown/events'), 404, server.url, /^no session ses_unknown: it was deleted/)
    } finally {
      server.sessions.delete(session.id)
    }
  })
})

describe('event streams: what they hear', () => {
  test('a session that gets a new state is announced; its own stream goes on', async () => {
    const session = await server.sessions.create()
    const base = eventStream(await fetch(`${server.url}/__admin/events`))
    const own = eventStream(await fetch(`${server.url}/__admin/sessions/${session.id}/events`))
    try {
      expect((await base.next())?.event).toBe('history')
      expect((await own.next())?.event).toBe('history')
      const replaced = expectJson(await call(server.url, `/__admin/sessions/${session.id}/state`, { json: SMALL }))
      expect(await base.next()).toEqual({ event: 'sessions', data: {} })
      expect(await own.next()).toEqual({ event: 'sessions', data: {} })
      await call(server.url, '/api/workspaces?after=replace', { headers: authOf(replaced.principals[0]) })
      expect(await own.next()).toMatchObject({ event: 'request', data: { path: '/api/workspaces?after=replace', status: 200 } })
    } finally {
      await own.cancel()
      await base.cancel()
      server.sessions.delete(session.id)
    }
  })

  test("deleting one session ends that session's stream only", async () => {
    const gone = await server.sessions.create()
    const kept = await server.sessions.create()
    const goneStream = eventStream(await fetch(`${server.url}/__admin/sessions/${gone.id}/events`))
    const keptStream = eventStream(await fetch(`${server.url}/__admin/sessions/${kept.id}/events`))
    try {
      expect((await goneStream.next())?.event).toBe('history')
      expect((await keptStream.next())?.event).toBe('history')
      expect(expectJson(await call(server.url, `/__admin/sessions/${gone.id}`, { method: 'DELETE' }))).toEqual({ deleted: gone.id })
      expect(await goneStream.next()).toEqual({ event: 'closed', data: {} })
      expect(await goneStream.next()).toBeUndefined()
      expect(await keptStream.next()).toEqual({ event: 'sessions', data: {} })
      await call(server.url, '/api/workspaces?still=here', { headers: authOf(kept.credentials) })
      expect(await keptStream.next()).toMatchObject({ event: 'request', data: { path: '/api/workspaces?still=here' } })
    } finally {
      await goneStream.cancel()
      await keptStream.cancel()
      server.sessions.delete(kept.id)
    }
  })
})

describe("the base state and the sessions' keys", () => {
  test("a new base state whose account has a session's key is a 422 naming that account; nothing changes", async () => {
    const session = await server.sessions.create({ scenario: 'multi-tenant', seed: 2 })
    try {
      const state = structuredClone(SMALL)
      state.accounts.push({ ...state.accounts[0], id: 'acc_00000000000000000000000000000002', email: 'b@tiny.example.com', apiKey: session.principals[1]!.apiKey })
      const detail = `state.accounts[1] (id acc_00000000000000000000000000000002): field apiKey: already the API key of session ${session.id}`
      const problem = expectProblem(await call(server.url, '/__admin/state', { json: state }), 422, server.url, detail)
      expect(problem.errors).toEqual([{ message: `already the API key of session ${session.id}`, location: 'body.accounts[1].apiKey' }])
      const refused = server.replaceState(state, 'refused')
      await expect(refused).rejects.toThrow(InvalidStateError)
      await expect(refused).rejects.toThrow(detail)
      expect(expectJson(await call(server.url, '/__admin/info')).scenario).toBe('empty')
      expect((await call(server.url, '/api/workspaces', { headers: authOf(session.principals[1]!) })).status).toBe(200)
    } finally {
      server.sessions.delete(session.id)
    }
  })

  test('once the session is deleted, its key may be the base state\'s', async () => {
    const session = await server.sessions.create()
    server.sessions.delete(session.id)
    const state = structuredClone(SMALL)
    state.accounts[0].apiKey = session.credentials.apiKey
    try {
      expect(expectJson(await call(server.url, '/__admin/state', { json: state })).replaced).toBe(true)
      expect((await call(server.url, '/api/workspaces', { headers: { 'X-API-Key': session.credentials.apiKey, 'X-API-Secret': 'demo-secret' } })).status).toBe(200)
    } finally {
      const { buildScenario } = await import('../../src/index.ts')
      await server.replaceState(buildScenario('empty', { seed: 1, assetsOrigin: server.url }), 'empty')
    }
  })
})

describe('closing', () => {
  test('close() ends open event streams at once instead of waiting for them', async () => {
    const closing = await startMockServer({ port: 0, scenario: 'empty', strict: false })
    const session = await closing.sessions.create()
    const base = eventStream(await fetch(`${closing.url}/__admin/events`))
    const own = eventStream(await fetch(`${closing.url}/__admin/sessions/${session.id}/events`))
    expect((await base.next())?.event).toBe('history')
    expect((await own.next())?.event).toBe('history')
    const started = performance.now()
    await closing.close()
    expect(performance.now() - started).toBeLessThan(1000)
    expect(await base.next()).toBeUndefined()
    expect(base.ended()).toBe(true)
    while (await own.next()); // whatever it still had, then its end
    expect(own.ended()).toBe(true)
    expect(closing.sessions.size).toBe(0)
  })
})
