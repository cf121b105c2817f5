/**
 * Any web page drove the admin (issue 23): `/__admin/*` reflected any Origin, answered preflights with
 * `Access-Control-Allow-Private-Network`, took `text/plain` bodies (no preflight needed) and any `Host`
 * (DNS rebinding). Now the admin sends no CORS headers, refuses preflights, other origins and non-JSON
 * write bodies, and answers only Host names it knows; the API keeps its CORS for pages on any origin.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { expectAnswersWithin1s } from './attack-helpers.ts'
import { authOf, call, expectJson, expectProblem, rawExchange } from '../server/http-helpers.ts'

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', strict: false, allowedHosts: ['mock.example.test', '.dev.example.test'] })
})
afterAll(() => server.close())

const EVIL = 'http://evil.example.test'
const ACAO = 'Access-Control-Allow-Origin'

/** A GET with exactly this Host (fetch does not let a test set it). */
const withHost = (host: string, path = '/__admin/info') => rawExchange(server.url, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)

describe('pages of other origins', () => {
  test('an admin read from another origin is a 403 without CORS headers; the API answers it with CORS', async () => {
    for (const path of ['/__admin/info', '/__admin/sessions', '/__admin/events', '/__admin/journal']) {
      const answer = await call(server.url, path, { headers: { Origin: EVIL } })
      expectProblem(answer, 403, server.url, `the admin is not open to pages of other origins (Origin ${EVIL})`)
      expect(answer.headers.get(ACAO), path).toBeNull()
    }
    const api = await call(server.url, '/api/workspaces', { headers: { Origin: EVIL, ...authOf(server.api.credentials) } })
    expect(api.status).toBe(200)
    expect(api.headers.get(ACAO)).toBe(EVIL)
  })

  test('an admin preflight is a 403 without CORS or private-network headers; an API preflight is answered', async () => {
    const preflight = {
      Origin: EVIL,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
      'Access-Control-Request-Private-Network': 'true',
    }
    for (const path of ['/__admin/faults', '/__admin/state', '/__admin/sessions']) {
      const answer = await call(server.url, path, { method: 'OPTIONS', headers: preflight })
      expectProblem(answer, 403, server.url, 'the admin is not open to pages of other origins: it answers no CORS preflight')
      expect(answer.headers.get(ACAO)).toBeNull()
      expect(answer.headers.get('Access-Control-Allow-Private-Network')).toBeNull()
      expect(answer.headers.get('Access-Control-Allow-Methods')).toBeNull()
    }
    const api = await call(server.url, '/api/workspaces', { method: 'OPTIONS', headers: preflight })
    expect(api.status).toBe(204)
    expect(api.headers.get(ACAO)).toBe(EVIL)
    expect(api.headers.get('Access-Control-Allow-Private-Network')).toBe('true')
  })

  test('the simple requests a page may send without a preflight change nothing', async () => {
    const before = expectJson(await call(server.url, '/__admin/faults')).faults.length
    const fault = JSON.stringify({ type: 'fail', target: '*', status: 500 })
    // text/plain and form bodies, from no origin at all (curl) or the server's own: 415, read or not.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      for (const path of ['/__admin/faults', '/__admin/state', '/__admin/sessions']) {
        const answer = await call(server.url, path, { method: 'POST', body: fault, headers: { 'Content-Type': type } })
        expectProblem(answer, 415, server.url, `admin writes take application/json, got "${type.split(';')[0]}"`)
      }
    }
    // A bodyless POST from a page carries its Origin.
    expectProblem(await call(server.url, '/__admin/reset', { method: 'POST', headers: { Origin: EVIL } }), 403, server.url)
    expectProblem(await call(server.url, '/__admin/sessions', { method: 'POST', headers: { Origin: 'null' } }), 403, server.url)
    expect(expectJson(await call(server.url, '/__admin/faults')).faults).toHaveLength(before)
    expect(server.sessions.size).toBe(0)
    // The console's own requests: JSON from its own origin.
    expect((await call(server.url, '/__admin/faults', { json: JSON.parse(fault), headers: { Origin: server.url } })).status).toBe(201)
    await call(server.url, '/__admin/faults', { method: 'DELETE', headers: { Origin: server.url } })
    await expectAnswersWithin1s(server)
  })
})

describe('Host names (DNS rebinding)', () => {
  test('a name the server does not know gets a 403 on admin routes and the console; the API answers it', async () => {
    for (const path of ['/__admin/info', '/__admin/sessions', '/__admin/events']) {
      const answer = await withHost('rebound.evil.example.test:4010', path)
      expect(answer.status, path).toBe(403)
      expect(JSON.parse(answer.body).detail).toBe(
        'the admin answers only requests addressed to this server by a name it knows (Host "rebound.evil.example.test:4010"): start it with --allowed-host <name> to add one',
      )
    }
    const page = await rawExchange(server.url, 'GET / HTTP/1.1\r\nHost: evil.example.test\r\nAccept: text/html\r\nConnection: close\r\n\r\n')
    expect(page.status).toBe(403)
    const api = await withHost('rebound.evil.example.test', '/api/openapi.json')
    expect(api.status).toBe(200)
  })

  test('loopback names, IP literals, the listening address and the allowed names pass', async () => {
    const port = new URL(server.url).port
    for (const host of ['localhost', `localhost:${port}`, 'app.localhost', '127.0.0.1', `127.0.0.1:${port}`, '[::1]:80', '192.168.1.20', 'mock.example.test', 'MOCK.example.test:8080', 'a.dev.example.test', 'dev.example.test']) {
      expect((await withHost(host)).status, host).toBe(200)
    }
    for (const host of ['example.test', 'mock.example.test.evil.test', 'xdev.example.test', '', 'bad host']) {
      expect((await withHost(host)).status, host).toBe(403)
    }
  })

  test('without a Host header (HTTP/1.0) the admin answers 403', async () => {
    const answer = await rawExchange(server.url, 'GET /__admin/info HTTP/1.0\r\n\r\n')
    expect(answer.status).toBe(403)
  })
})
