/**
 * How the demo server reads a request (src/server/http/incoming-request.ts): the URL from the Host the client
 * used (the server's own when there is none or it is unusable), header names in any case, and the Fetch
 * `Request` an override gets: method, URL, headers and body as sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ApiRequest } from '../../src/handlers/api-request.ts'
import { fromIncomingMessage } from '../../src/server/http/incoming-request.ts'
import { authOf, call, rawExchange } from './http-helpers.ts'

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', seed: 3, strict: false })
})
afterAll(() => server.close())
afterEach(async () => {
  await server.api.reset()
})

/** The kit's view of raw requests, each sent with these header lines to a bare node:http server. */
async function requestsOf(...headerLines: string[][]): Promise<ApiRequest[]> {
  const seen: ApiRequest[] = []
  const bare = createServer((incoming, outgoing) => {
    seen.push(fromIncomingMessage(incoming, 'http://127.0.0.1'))
    outgoing.end()
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`
  try {
    for (const lines of headerLines) await rawExchange(url, `GET / HTTP/1.1\r\nHost: x\r\n${lines.map((line) => `${line}\r\n`).join('')}Connection: close\r\n\r\n`)
  } finally {
    bare.close()
  }
  return seen
}

const hintOrigin = (body: string) => /served under (\S+)\/api\//.exec(body)?.[1]

describe('the URL of a request', () => {
  test('is on the Host the client used', async () => {
    const answer = await rawExchange(server.url, 'GET / HTTP/1.1\r\nHost: api.example.test:7000\r\nConnection: close\r\n\r\n')
    expect(hintOrigin(answer.body)).toBe('http://api.example.test:7000')
  })

  test("is on the server's own origin without a Host (HTTP/1.0)", async () => {
    const answer = await rawExchange(server.url, 'GET / HTTP/1.0\r\n\r\n')
    expect(answer.status).toBe(200)
    expect(hintOrigin(answer.body)).toBe(server.url)
  })

  test("is on the server's own origin when the Host is no host name", async () => {
    const answer = await rawExchange(server.url, 'GET /nowhere HTTP/1.1\r\nHost: not a host\r\nConnection: close\r\n\r\n')
    expect(answer.status).toBe(404)
    expect(answer.body).toBe('not found: /nowhere (the mock serves /api/...)\n')
    const problem = await rawExchange(server.url, 'GET /api/workspaces HTTP/1.1\r\nHost: not a host\r\nConnection: close\r\n\r\n')
    expect(JSON.parse(problem.body).$schema).toBe(`${server.url}/api/schemas/ErrorModel.json`)
  })

  test('keeps the query', async () => {
    const seen: string[] = []
    server.api.override('listWorkspaces', ({ request }) => {
      seen.push(request.url)
      return undefined
    })
    expect((await call(server.url, '/api/workspaces?a=1&b=two', { headers: authOf(server.api.credentials) })).status).toBe(200)
    expect(seen).toEqual([`${server.url}/api/workspaces?a=1&b=two`])
  })
})

describe('headers', () => {
  test('names in any case reach the API', async () => {
    const { apiKey, apiSecret } = server.api.credentials
    const answer = await rawExchange(
      server.url,
      `GET /api/workspaces HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nX-API-KEY: ${apiKey}\r\nx-api-secret: ${apiSecret}\r\nConnection: close\r\n\r\n`,
    )
    expect(answer.status).toBe(200)
  })

  test("repeated names are joined as Fetch joins them, also those node's own record keeps once", async () => {
    const { apiKey, apiSecret } = server.api.credentials
    const answer = await rawExchange(
      server.url,
      `GET /api/workspaces HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nX-API-Key: ${apiKey}\r\nX-API-Secret: ${apiSecret}\r\n` +
        `User-Agent: one\r\nuser-agent: two\r\nX-Trace: a\r\nX-Trace: b\r\nConnection: close\r\n\r\n`,
    )
    expect(answer.status).toBe(200)
    expect(server.api.journal.last()?.headers).toMatchObject({ 'user-agent': 'one, two', 'x-trace': 'a, b', 'x-api-key': apiKey })
  })

  test('a header named like an Object member is a header like any other, absent when not sent; Set-Cookie a string', async () => {
    const seen = await requestsOf(['Constructor: c', 'X-Trace: t'], ['X-Trace: t'], ['Set-Cookie: a=1', 'X-Trace: t'])
    expect(seen.map((request) => [request.header('constructor'), request.header('toString'), request.header('X-Trace')])).toEqual([
      ['c', null, 't'],
      [null, null, 't'],
      [null, null, 't'],
    ])
    // Node's own record makes Set-Cookie an array: a string here, as Fetch has it.
    expect(seen[2]!.headerRecord()['set-cookie']).toBe('a=1')
    expect(seen.map((request) => Object.keys(request.headerRecord()).sort())).toEqual([
      ['connection', 'constructor', 'host', 'x-trace'],
      ['connection', 'host', 'x-trace'],
      ['connection', 'host', 'set-cookie', 'x-trace'],
    ])
  })

  test('the Fetch Request of an override: method, URL, every header (repeated ones joined) and the body', async () => {
    let seen: { method: string; url: string; trace: string | null; custom: string | null; body: unknown } | undefined
    server.api.override('createWorkspace', async ({ request }) => {
      seen = {
        method: request.method,
        url: request.url,
        trace: request.headers.get('x-trace'),
        custom: request.headers.get('x-custom'),
        body: await request.json(),
      }
      return undefined
    })
    const { apiKey, apiSecret } = server.api.credentials
    const body = '{"name":"Through an override"}'
    const answer = await rawExchange(
      server.url,
      `POST /api/workspaces?via=raw HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nX-API-Key: ${apiKey}\r\nX-API-Secret: ${apiSecret}\r\n` +
        `X-Trace: t-1\r\nX-Custom: one\r\nx-custom: two\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    )
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body).data.name).toBe('Through an override')
    expect(seen).toEqual({
      method: 'POST',
      url: `${server.url}/api/workspaces?via=raw`,
      trace: 't-1',
      custom: 'one, two',
      body: { name: 'Through an override' },
    })
  })

  test('a GET gives an override a Request without a body', async () => {
    let text: string | undefined
    server.api.override('listWorkspaces', async ({ request }) => {
      text = await request.text()
      return undefined
    })
    expect((await call(server.url, '/api/workspaces', { headers: authOf(server.api.credentials) })).status).toBe(200)
    expect(text).toBe('')
  })
})
