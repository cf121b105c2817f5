/**
 * How the demo server routes `/__admin/` (the admin routes of src/server/http/router.ts): the base
 * mock's routes, the sessions' routes, the bare prefix, trailing slashes, and the problems of mistakes
 * (problem+json on the origin the client used, with CORS like every other answer).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { ADMIN_ROUTES, adminMethod, adminPath } from '../../src/wire/admin-routes.ts'
import { call, expectJson, expectProblem, rawExchange } from './http-helpers.ts'

// Every route's first segment, in the order of the table (src/wire/admin-routes.ts).
const ROOT_DETAIL = (method: string, path: string) =>
  `no admin route ${method} ${path}: open it in a browser for the console; the routes are ` +
  'faults, journal, drift, coverage, reset, snapshot, state, info, scenario, records, events and sessions (see --help)'

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
})
afterAll(() => server.close())

describe('the admin prefix', () => {
  test('the bare prefix, for a client that is not a browser, is a 404 that lists the routes', async () => {
    const get = await call(server.url, '/__admin/', { headers: { Accept: 'application/json' } })
    expectProblem(get, 404, server.url, ROOT_DETAIL('GET', '/__admin/'))
    expectProblem(await call(server.url, '/__admin/', { method: 'POST' }), 404, server.url, ROOT_DETAIL('POST', '/__admin/'))
    expectProblem(await call(server.url, '/__admin//', { method: 'DELETE' }), 404, server.url, ROOT_DETAIL('DELETE', '/__admin//'))
  })

  test('a trailing slash names the same route', async () => {
    expect(expectJson(await call(server.url, '/__admin/faults/'))).toEqual({ faults: [] })
    expect(expectJson(await call(server.url, '/__admin/info/')).scenario).toBe('empty')
    const sessions = expectJson(await call(server.url, '/__admin/sessions/'))
    expect(sessions).toMatchObject({ sessions: [], maxSessions: 100 })
  })

  test('sessions routes start with `sessions/`: a longer name is an unknown route of the base mock', async () => {
    expectProblem(await call(server.url, '/__admin/sessionsx'), 404, server.url, 'no admin route GET /__admin/sessionsx')
    expectProblem(await call(server.url, '/__admin/x/sessions'), 404, server.url, 'no admin route GET /__admin/x/sessions')
    expectProblem(await call(server.url, '/__admin/sessions/ses_nope'), 404, server.url, /^no session ses_nope: /)
  })

  test('`/__admin` without the slash is no admin route: the plain 404 of paths outside the API', async () => {
    const answer = await call(server.url, '/__admin', { headers: { Accept: '*/*' } })
    expect(answer.status).toBe(404)
    expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(answer.text).toBe('not found: /__admin (the mock serves /api/...)\n')
    const close = await call(server.url, '/__adminfaults')
    expect(close.text).toBe('not found: /__adminfaults (the mock serves /api/...)\n')
  })

  test('a HEAD request to an admin route gets the headers of its answer and no body', async () => {
    const answer = await rawExchange(
      server.url,
      `HEAD /__admin/nothing HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nConnection: close\r\n\r\n`,
      { head: true },
    )
    expect(answer.status).toBe(404)
    expect(answer.header('content-type')).toBe('application/problem+json')
    expect(answer.body).toBe('')
  })
})

describe('admin answers on the wire', () => {
  test('problems carry `$schema` on the origin the client used (its Host)', async () => {
    const answer = await rawExchange(server.url, 'GET /__admin/nothing HTTP/1.1\r\nHost: mock.localhost:8080\r\nConnection: close\r\n\r\n')
    expect(answer.status).toBe(404)
    const body = JSON.parse(answer.body)
    expect(body.$schema).toBe('http://mock.localhost:8080/api/schemas/ErrorModel.json')
    expect(Number(answer.header('content-length'))).toBe(Buffer.byteLength(answer.body))
  })

  test('no CORS headers on admin answers, for its own origin or without one (test/hostile/attack-cross-origin.test.ts: other origins)', async () => {
    const answer = await call(server.url, '/__admin/faults', { headers: { Origin: server.url } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const problem = await call(server.url, '/__admin/nothing')
    expect(problem.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  test('an admin body is read whole before the answer: the connection stays open', async () => {
    const body = JSON.stringify({ type: 'fail', target: 'getWorkspace' })
    const answer = await rawExchange(
      server.url,
      `POST /__admin/faults HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    )
    expect(answer.status).toBe(201)
    expect(answer.header('connection')).toBe('keep-alive')
    expect(answer.closed).toBe(false)
    expect(JSON.parse(answer.body)).toMatchObject({ added: { type: 'fail', target: 'getWorkspace' } })
    await call(server.url, '/__admin/faults', { method: 'DELETE' })
  })

  test('admin bodies may be far bigger than API bodies (a state upload of megabytes)', async () => {
    // 3 MiB of whitespace around a state: over the API's 1 MiB, well under the admin limit (a fault's own
    // body is bounded at 64 KiB: attack-doors.test.ts).
    const { text: state } = await call(server.url, '/__admin/snapshot')
    const body = `${' '.repeat(3 * 1024 * 1024)}${state}`
    const answer = expectJson(await call(server.url, '/__admin/state', { body, headers: { 'Content-Type': 'application/json' } }), 200)
    expect(answer.replaced).toBe(true)
    expect((await call(server.url, '/__admin/snapshot')).text).toBe(state)
  })
})

describe('the table (src/wire/admin-routes.ts)', () => {
  /** What a route's path takes: a collection, ids that name nothing (a 404 of its own, not of the route). */
  const SAMPLE = { collection: 'workspaces', id: '1', seq: '1' }

  /** The answer is the route's: its own status or problem, never "no admin route" or a 405. */
  async function expectServed(route: string, path: string, method: string): Promise<void> {
    const response = await fetch(`${server.url}${path}`, { method })
    if (response.headers.get('Content-Type')?.startsWith('text/event-stream')) {
      expect(response.status, route).toBe(200)
      await response.body?.cancel()
      return
    }
    const text = await response.text()
    expect(response.status, `${route}: ${text}`).not.toBe(405)
    expect(text, route).not.toContain('no admin route')
  }

  test.each(['the base state', 'a session'])("every mock route is served for %s at the path adminPath builds", async (whose) => {
    const session = whose === 'a session' ? (await server.sessions.create()).id : undefined
    for (const route of ADMIN_ROUTES.mock) await expectServed(route, adminPath(route, { ...SAMPLE, session }), adminMethod(route))
    if (session) server.sessions.delete(session)
  })

  test('every session route is served at the path adminPath builds', async () => {
    for (const route of ADMIN_ROUTES.sessions) await expectServed(route, adminPath(route, { ...SAMPLE, id: 'ses_0' }), adminMethod(route))
    for (const session of server.sessions.list()) server.sessions.delete(session.id)
  })

  test('a parameter is one segment, whatever it holds: a record id with a slash names a record, not a longer path', async () => {
    const path = adminPath('GET records/{collection}/{id}', { collection: 'accounts', id: 'a/b c' })
    expect(path).toBe('/__admin/records/accounts/a%2Fb%20c')
    expectProblem(await call(server.url, path), 404, server.url, 'no account a/b c')
    // One that is not valid percent-encoding names no record either (it is not decoded).
    expectProblem(await call(server.url, '/__admin/records/accounts/%E0'), 404, server.url, 'no account %E0')
  })
})
