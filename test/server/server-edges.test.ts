/**
 * The edges of the demo server's own code (src/server/server.ts), in this process over real sockets: where it
 * listens and the URL it reports, why it cannot listen, CORS on every kind of answer and preflights, the
 * answers outside the API, answers that come as Fetch `Response`s (overrides: headers, cookies, status
 * text, bodies, a body that fails), when a connection is closed after an answer, and `replaceState`.
 */
import { once } from 'node:events'
import { createServer } from 'node:net'
import { readFileSync } from 'node:fs'
import { RENDERER_PATH } from '../../src/server/http/docs-page.ts'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { InvalidStateError } from '../../src/index.ts'
import { ListenError, startMockServer, type MockServer } from '../../src/node/index.ts'
import { authOf, call, expectJson, rawExchange } from './http-helpers.ts'

const SMALL = JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8'))
const EXPOSED = 'Link, Allow, Retry-After, Location'

describe('where the server listens', () => {
  test.each([
    ['0.0.0.0', 'localhost'],
    ['::', 'localhost'],
    ['', 'localhost'],
    ['::1', '[::1]'],
    ['localhost', 'localhost'],
  ])('host %j: the URL names %s and serves', async (host, name) => {
    const server = await startMockServer({ port: 0, host, scenario: 'empty', strict: false })
    try {
      expect(server.url).toMatch(new RegExp(`^http://${name.replace(/[[\]]/g, '\\$&')}:\\d+$`))
      const port = Number(new URL(server.url).port)
      expect(port).toBeGreaterThan(0)
      const target = name === 'localhost' && host !== 'localhost' ? `http://${host.includes(':') || host === '' ? '[::1]' : '127.0.0.1'}:${port}` : server.url
      expect((await call(target, '/api/workspaces', { headers: authOf(server.api.credentials) })).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  test('a busy port: a ListenError that says what to do, with the cause', async () => {
    const blocker = createServer().listen(0, '127.0.0.1')
    await once(blocker, 'listening')
    const { port } = blocker.address() as { port: number }
    try {
      const failure = (await startMockServer({ port, scenario: 'empty' }).catch((error: unknown) => error)) as ListenError
      expect(failure).toBeInstanceOf(ListenError)
      expect(failure.name).toBe('ListenError')
      expect(failure.code).toBe('EADDRINUSE')
      expect(failure.message).toBe(`port ${port} is already in use on 127.0.0.1: stop the program using it, or pick another port with --port`)
      expect((failure.cause as NodeJS.ErrnoException).code).toBe('EADDRINUSE')
    } finally {
      blocker.close()
    }
  })

  test("once listening, startMockServer keeps no listener on the server's 'error': a later error is the caller's to handle", async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
    try {
      expect(server.server.listenerCount('error')).toBe(0)
      expect(() => server.server.emit('error', new Error('after listening'))).toThrow('after listening')
    } finally {
      await server.close()
    }
  })

  test.each([
    ['1.2.3.4', 'EADDRNOTAVAIL', 'cannot listen on 1.2.3.4:0: 1.2.3.4 is not an address of this machine'],
    ['no-such-host.invalid', 'ENOTFOUND', 'cannot listen on no-such-host.invalid:0: no-such-host.invalid is not an address of this machine'],
    ['fe80::1', 'EINVAL', 'cannot listen on fe80::1:0: listen EINVAL: invalid argument fe80::1'],
  ])('host %j: a ListenError %s saying so', async (host, code, message) => {
    let listening = false
    const failure = (await startMockServer({ port: 0, host, scenario: 'empty', onListening: () => (listening = true) }).catch(
      (error: unknown) => error,
    )) as ListenError
    expect(failure).toBeInstanceOf(ListenError)
    expect(failure.code).toBe(code)
    expect(failure.message).toBe(message)
    expect(listening).toBe(false)
  })
})

describe('answers of one server (CORS on)', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'demo', seed: 4, strict: false })
  })
  afterAll(() => server.close())
  afterEach(async () => {
    await server.api.reset()
  })

  describe('CORS', () => {
    test('API answers reflect the Origin (or allow any), vary on it and expose the headers a page may read', async () => {
      const withOrigin = await call(server.url, '/api/workspaces', { headers: { ...authOf(server.api.credentials), Origin: 'http://app.example.test' } })
      expect(withOrigin.status).toBe(200)
      expect(withOrigin.headers.get('Access-Control-Allow-Origin')).toBe('http://app.example.test')
      expect(withOrigin.headers.get('Vary')).toBe('Origin')
      expect(withOrigin.headers.get('Access-Control-Expose-Headers')).toBe(EXPOSED)
      const without = await call(server.url, '/api/workspaces')
      expect(without.status).toBe(401)
      expect(without.headers.get('Access-Control-Allow-Origin')).toBe('*')
    })

    test('so do the plain answers outside the API', async () => {
      const missing = await call(server.url, '/favicon.ico', { headers: { Origin: 'http://app.example.test' } })
      expect(missing.status).toBe(404)
      expect(missing.headers.get('Access-Control-Allow-Origin')).toBe('http://app.example.test')
      expect(missing.headers.get('Access-Control-Expose-Headers')).toBe(EXPOSED)
    })

    test('a preflight to any API path: 204 with the methods, the API headers and those asked for, a max age', async () => {
      for (const path of ['/api/workspaces/wse_1', '/api/nothing']) {
        const answer = await call(server.url, path, {
          method: 'OPTIONS',
          headers: {
            Origin: 'http://app.example.test',
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'x-trace, content-type',
            'Access-Control-Request-Private-Network': 'false',
          },
        })
        expect(answer.status).toBe(204)
        expect(answer.text).toBe('')
        expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('http://app.example.test')
        expect(answer.headers.get('Access-Control-Allow-Methods')).toBe('GET, POST, PUT, OPTIONS')
        expect(answer.headers.get('Access-Control-Allow-Headers')).toBe('Content-Type, X-API-Key, X-API-Secret, X-Workspace-ID, x-trace')
        expect(answer.headers.get('Access-Control-Max-Age')).toBe('600')
        expect(answer.headers.get('Vary')).toBe('Origin, Access-Control-Request-Method, Access-Control-Request-Headers')
        expect(answer.headers.get('Access-Control-Allow-Private-Network')).toBeNull()
      }
      expect(server.api.journal.entries).toEqual([])
    })

    test('an OPTIONS request that is no preflight reaches the API', async () => {
      const answer = await call(server.url, '/api/workspaces', { method: 'OPTIONS', headers: { Origin: 'http://app.example.test' } })
      expect(answer.status).toBe(204)
      expect(answer.headers.get('Allow')).toBe('GET, POST, OPTIONS')
      expect(answer.headers.get('Access-Control-Allow-Methods')).toBeNull()
      expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('http://app.example.test')
    })
  })

  describe('outside the API', () => {
    test('GET / without a browser: a hint in plain text naming the origin asked', async () => {
      const hint = await call(server.url, '/', { headers: { Accept: '*/*' } })
      expect(hint.status).toBe(200)
      expect(hint.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
      expect(hint.text).toBe(
        `workspace-api-mock: the Workspace and Application Management API is served under ${server.url}/api/\n` +
          `Try ${server.url}/api/workspaces with the X-API-Key and X-API-Secret headers printed at start.\n` +
          `Open ${server.url}/ in a browser for the console (requests, faults, state, sessions).\n`,
      )
      const elsewhere = await rawExchange(server.url, 'GET / HTTP/1.1\r\nHost: mock.example.test:9000\r\nConnection: close\r\n\r\n')
      expect(elsewhere.body).toContain('served under http://mock.example.test:9000/api/\n')
    })

    test('other methods at /, and any other path: a plain 404', async () => {
      const post = await call(server.url, '/', { method: 'POST', body: '' })
      expect(post.status).toBe(404)
      expect(post.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
      expect(post.text).toBe('not found: / (the mock serves /api/...)\n')
      const other = await call(server.url, '/robots.txt?x=1')
      expect(other.status).toBe(404)
      expect(other.text).toBe('not found: /robots.txt (the mock serves /api/...)\n')
    })
    test('a request that only looks like a preflight (not OPTIONS) is answered as usual', async () => {
      const answer = await call(server.url, '/api/workspaces', {
        headers: { ...authOf(server.api.credentials), Origin: 'http://app.example.test', 'Access-Control-Request-Method': 'GET' },
      })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('Access-Control-Allow-Methods')).toBeNull()
      expect(answer.body.success).toBe(true)
    })

    test('a POST to / or /__admin is answered without waiting for its body, and its connection closed', async () => {
      const post = (path: string) => rawExchange(server.url, `POST ${path} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nContent-Length: 5\r\n\r\n`)
      const root = await post('/')
      expect(root.status).toBe(404)
      expect(root.body).toBe('not found: / (the mock serves /api/...)\n')
      expect(root.header('connection')).toBe('close')
      // An admin write with a body that is not JSON (here none is named) is refused before it is read.
      const admin = await post('/__admin')
      expect(admin.status).toBe(415)
      expect(admin.header('connection')).toBe('close')
    })

    test('a request target that is no URL: a 500 in plain text that says why (without CORS: the request could not be read); the server keeps serving', async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        const answer = await rawExchange(server.url, `GET //[/ HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nOrigin: http://app.example.test\r\n\r\n`)
        expect(answer.status).toBe(500)
        expect(answer.header('content-type')).toBe('text/plain; charset=utf-8')
        expect(answer.header('access-control-allow-origin')).toBeUndefined()
        expect(answer.body).toContain('the mock server failed: Invalid URL\n')
        expect(errors).toHaveBeenCalledWith('[workspace-api-mock] request failed:', expect.any(TypeError))
      } finally {
        errors.mockRestore()
      }
      expect((await call(server.url, '/api/workspaces', { headers: authOf(server.api.credentials) })).status).toBe(200)
    })
  })

  describe('answers that come as Fetch Responses (overrides)', () => {
    test('status, status text, headers and body as the override made them, with CORS and the length', async () => {
      server.api.override('listWorkspaces', () =>
        new Response('{"made":"here"}', { status: 203, statusText: 'Made Here', headers: { 'Content-Type': 'application/json', 'X-Made': 'yes' } }),
      )
      const answer = await rawExchange(
        server.url,
        `GET /api/workspaces HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nOrigin: http://app.example.test\r\n` +
          `X-API-Key: ${server.api.credentials.apiKey}\r\nX-API-Secret: ${server.api.credentials.apiSecret}\r\n\r\n`,
      )
      expect(answer.status).toBe(203)
      expect(answer.body).toBe('{"made":"here"}')
      expect(answer.header('content-length')).toBe('15')
      expect(answer.header('x-made')).toBe('yes')
      expect(answer.header('access-control-allow-origin')).toBe('http://app.example.test')
      expect(answer.header('connection')).toBe('keep-alive')
      const line = await rawExchange(
        server.url,
        `GET /api/workspaces HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n` +
          `X-API-Key: ${server.api.credentials.apiKey}\r\nX-API-Secret: ${server.api.credentials.apiSecret}\r\nConnection: close\r\n\r\n`,
      )
      expect(line.status).toBe(203)
    })

    test('the status text of the override, or the standard one when it has none', async () => {
      const statusLine = async () => {
        const { hostname, port } = new URL(server.url)
        const { connect } = await import('node:net')
        const socket = connect(Number(port), hostname)
        socket.write(
          `GET /api/workspaces HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-API-Key: ${server.api.credentials.apiKey}\r\n` +
            `X-API-Secret: ${server.api.credentials.apiSecret}\r\nConnection: close\r\n\r\n`,
        )
        let text = ''
        for await (const chunk of socket) text += chunk
        return text.slice(0, text.indexOf('\r\n'))
      }
      const remove = server.api.override('listWorkspaces', () => new Response('x', { status: 201, statusText: 'Made Here' }))
      expect(await statusLine()).toBe('HTTP/1.1 201 Made Here')
      remove()
      server.api.override('listWorkspaces', () => new Response('x', { status: 201 }))
      expect(await statusLine()).toBe('HTTP/1.1 201 Created')
    })

    test('several cookies arrive as several Set-Cookie headers', async () => {
      server.api.override('listWorkspaces', () => {
        const headers = new Headers()
        headers.append('Set-Cookie', 'a=1; Path=/')
        headers.append('Set-Cookie', 'b=2; HttpOnly')
        return new Response('ok', { headers })
      })
      const answer = await rawExchange(
        server.url,
        `GET /api/workspaces HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nConnection: close\r\n` +
          `X-API-Key: ${server.api.credentials.apiKey}\r\nX-API-Secret: ${server.api.credentials.apiSecret}\r\n\r\n`,
      )
      expect(answer.headers.filter(([name]) => name === 'set-cookie').map(([, value]) => value)).toEqual(['a=1; Path=/', 'b=2; HttpOnly'])
      expect(answer.body).toBe('ok')
    })

    test('a Response without a body: the status alone, an empty body', async () => {
      server.api.override('listWorkspaces', () => new Response(null, { status: 202, headers: { 'X-Empty': 'yes' } }))
      const answer = await call(server.url, '/api/workspaces', { headers: authOf(server.api.credentials) })
      expect(answer.status).toBe(202)
      expect(answer.headers.get('X-Empty')).toBe('yes')
      expect(answer.text).toBe('')
    })

    test('HEAD: the headers, no body; the body is not even read, so no Content-Length', async () => {
      const answer = await rawExchange(server.url, `HEAD /api/docs HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nConnection: close\r\n\r\n`, { head: true })
      expect(answer.status).toBe(200)
      expect(answer.header('content-type')).toBe('text/html; charset=utf-8')
      expect(answer.header('content-length')).toBeUndefined()
      expect(answer.body).toBe('')
    })

    test('a body that fails while it is read: a 500 in plain text that says why, with CORS; the server keeps serving', async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        server.api.override('listWorkspaces', () =>
          new Response(new ReadableStream({ pull: (controller) => controller.error(new Error('the stream broke')) })),
        )
        const answer = await call(server.url, '/api/workspaces', { headers: { ...authOf(server.api.credentials), Origin: 'http://app.example.test' } })
        expect(answer.status).toBe(500)
        expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
        expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('http://app.example.test')
        expect(answer.text).toBe('the mock server failed: the stream broke\n')
        expect(errors).toHaveBeenCalledWith('[workspace-api-mock] request failed:', expect.any(Error))
      } finally {
        errors.mockRestore()
      }
      await server.api.reset()
      expect((await call(server.url, '/api/workspaces', { headers: authOf(server.api.credentials) })).status).toBe(200)
    })
    test('a body that fails with something other than an Error: the 500 says what it was', async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        server.api.override('listWorkspaces', () => new Response(new ReadableStream({ pull: (controller) => controller.error('just text') })))
        const answer = await call(server.url, '/api/workspaces', { headers: authOf(server.api.credentials) })
        expect(answer.status).toBe(500)
        expect(answer.text).toBe('the mock server failed: just text\n')
      } finally {
        errors.mockRestore()
      }
    })
  })

  describe('when a connection is closed after an answer', () => {
    const host = () => new URL(server.url).host

    const auth = () => `X-API-Key: ${server.api.credentials.apiKey}\r\nX-API-Secret: ${server.api.credentials.apiSecret}\r\n`

    test('a request whose body was not read (answered at once) closes its connection', async () => {
      const answer = await rawExchange(server.url, `GET /api/workspaces HTTP/1.1\r\nHost: ${host()}\r\n${auth()}Content-Length: 12\r\n\r\n`)
      expect(answer.status).toBe(200)
      expect(answer.header('connection')).toBe('close')
      expect(answer.closed).toBe(true)
    })

    test('so does a chunked one', async () => {
      const answer = await rawExchange(server.url, `GET /api/workspaces HTTP/1.1\r\nHost: ${host()}\r\n${auth()}Transfer-Encoding: chunked\r\n\r\n`)
      expect(answer.status).toBe(200)
      expect(answer.header('connection')).toBe('close')
    })

    test('a request that announced an empty body keeps its connection', async () => {
      const answer = await rawExchange(server.url, `GET /api/workspaces HTTP/1.1\r\nHost: ${host()}\r\n${auth()}Content-Length: 0\r\n\r\n`)
      expect(answer.status).toBe(200)
      expect(answer.header('connection')).toBe('keep-alive')
      expect(answer.closed).toBe(false)
    })

    test('a request whose body was read before the answer keeps its connection', async () => {
      const body = '{"name":"Kept alive"}'
      const answer = await rawExchange(
        server.url,
        `POST /api/workspaces HTTP/1.1\r\nHost: ${host()}\r\n${auth()}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      )
      expect(answer.status).toBe(200)
      expect(answer.header('connection')).toBe('keep-alive')
      expect(answer.closed).toBe(false)
    })

    test('also for answers that come as Responses: a 405 of the reference page\'s script before its body came', async () => {
      const answer = await rawExchange(server.url, `POST ${RENDERER_PATH} HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 5\r\n\r\n`)
      expect(answer.status).toBe(405)
      expect(answer.header('connection')).toBe('close')
      const empty = await rawExchange(server.url, `POST ${RENDERER_PATH} HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 0\r\n\r\n`)
      expect(empty.status).toBe(405)
      expect(empty.header('connection')).toBe('keep-alive')
    })
  })
})

describe('CORS off', () => {
  test('no CORS headers on any answer; a preflight is just an OPTIONS request', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', strict: false, cors: false })
    try {
      const origin = { Origin: 'http://app.example.test' }
      for (const path of ['/api/workspaces', '/__admin/faults', '/nothing', '/__admin/nothing']) {
        const answer = await call(server.url, path, { headers: origin })
        expect(answer.headers.get('Access-Control-Allow-Origin'), path).toBeNull()
        expect(answer.headers.get('Access-Control-Expose-Headers'), path).toBeNull()
      }
      const preflight = await call(server.url, '/api/workspaces/wse_1', { method: 'OPTIONS', headers: { ...origin, 'Access-Control-Request-Method': 'POST' } })
      expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull()
      expect(preflight.headers.get('Access-Control-Allow-Methods')).toBeNull()
    } finally {
      await server.close()
    }
  })
})

describe('what the server serves and replaceState', () => {
  test('a server of a state is named "state"; replaceState serves another, named as given or "state"', async () => {
    const server = await startMockServer({ port: 0, state: structuredClone(SMALL), strict: false })
    try {
      expect(expectJson(await call(server.url, '/__admin/info')).scenario).toBe('state')
      const other = structuredClone(SMALL)
      other.workspaces[0].name = 'Replaced'
      await server.replaceState(other, 'mine')
      expect(expectJson(await call(server.url, '/__admin/info')).scenario).toBe('mine')
      const names = async () =>
        (await call(server.url, '/api/workspaces', { headers: { 'X-API-Key': 'demo-key', 'X-API-Secret': 'demo-secret' } })).body.data.map(
          (w: { name: string }) => w.name,
        )
      expect(await names()).toEqual(['Replaced', 'Staging'])
      await server.replaceState(structuredClone(SMALL))
      expect(expectJson(await call(server.url, '/__admin/info')).scenario).toBe('state')
      expect(await names()).toEqual(['Production', 'Staging'])
    } finally {
      await server.close()
    }
  })

  test('a state without accounts is refused at once with an InvalidStateError; nothing changes', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
    try {
      const nobody = { ...structuredClone(SMALL), accounts: [], workspaces: [], applications: [] }
      expect(() => server.replaceState(nobody)).toThrow(InvalidStateError)
      expect(() => server.replaceState(nobody)).toThrow('state.accounts must hold at least one account (a principal)')
      const refused = (() => {
        try {
          void server.replaceState(nobody)
        } catch (error) {
          return error as InvalidStateError
        }
      })()
      expect(refused).toMatchObject({ location: 'accounts', reason: 'must hold at least one account' })
      expect(expectJson(await call(server.url, '/__admin/info')).scenario).toBe('empty')
    } finally {
      await server.close()
    }
  })

  test('a state that does not fit is refused with the record and field named', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
    try {
      const broken = structuredClone(SMALL)
      broken.workspaces[1].organization = 'org_ffff'
      expect(() => server.replaceState(broken)).toThrow(
        'state.workspaces[1] (id wse_000000000000000000000000000000a2): field organization: no organization org_ffff',
      )
    } finally {
      await server.close()
    }
  })
})

describe('closing the server', () => {
  test('close() does not wait for idle keep-alive connections, and may be called again', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
    expect((await call(server.url, '/api/workspaces', { headers: authOf(server.api.credentials) })).status).toBe(200)
    const started = performance.now()
    await server.close()
    expect(performance.now() - started).toBeLessThan(1000)
    expect(server.server.listening).toBe(false)
    await expect(server.close()).resolves.toBeUndefined()
    await expect(fetch(`${server.url}/api/workspaces`)).rejects.toThrow()
  })
})
