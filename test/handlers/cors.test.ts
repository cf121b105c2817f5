/**
 * CORS of the demo server (docs/demo-server.md): the `Origin` is reflected on every answer (or `*` without
 * one), preflights allow `GET, POST, PUT`, the API's own headers and whatever else the page asks for, and
 * the headers a page needs to read (`Link`, `Allow`, `Retry-After`, `Location`) are exposed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { corsHeaders } from '../../src/handlers/reply/cors.ts'

const PAGE = 'http://app.example.test:5173'
/** The API's request headers, as the server names them in every preflight answer (src/handlers/reply/cors.ts). */
const API_HEADERS = 'Content-Type, X-API-Key, X-API-Secret, X-Workspace-ID'

let server: MockServer
const auth = () => ({ 'X-API-Key': server.api.credentials.apiKey, 'X-API-Secret': server.api.credentials.apiSecret })

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'empty' })
})
afterAll(() => server.close())

/** A preflight as a browser sends it: OPTIONS with `Access-Control-Request-Method`. */
function preflight(headers: Record<string, string>, path = '/api/workspaces') {
  return fetch(`${server.url}${path}`, {
    method: 'OPTIONS',
    headers: { Origin: PAGE, 'Access-Control-Request-Method': 'POST', ...headers },
  })
}

describe('CORS on actual requests', () => {
  test('a cross-origin request gets its Origin back, Vary: Origin and the exposed headers', async () => {
    const response = await fetch(`${server.url}/api/workspaces`, { headers: { ...auth(), Origin: PAGE } })
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(PAGE)
    expect(response.headers.get('Vary')).toBe('Origin')
    expect(response.headers.get('Access-Control-Expose-Headers')).toBe('Link, Allow, Retry-After, Location')
  })

  test('the server holds no cookies: no Access-Control-Allow-Credentials, even with an Origin', async () => {
    const response = await fetch(`${server.url}/api/workspaces`, { headers: { ...auth(), Origin: PAGE } })
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull()
  })

  test('without an Origin (curl, a server-side client) the answer allows any origin: *', async () => {
    const response = await fetch(`${server.url}/api/workspaces`, { headers: auth() })
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull()
  })

  test('errors carry the CORS headers too, so that the page can read the problem', async () => {
    const response = await fetch(`${server.url}/api/workspaces`, { headers: { Origin: PAGE } })
    expect(response.status).toBe(401)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(PAGE)
    expect(response.headers.get('Access-Control-Expose-Headers')).toBe('Link, Allow, Retry-After, Location')
  })
})

describe('CORS preflights', () => {
  test('answered with 204, the methods, the API headers, a max age and the preflight Vary', async () => {
    const response = await preflight({})
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(PAGE)
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, POST, PUT, OPTIONS')
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe(API_HEADERS)
    expect(response.headers.get('Access-Control-Max-Age')).toBe('600')
    expect(response.headers.get('Vary')).toBe('Origin, Access-Control-Request-Method, Access-Control-Request-Headers')
    expect(response.headers.get('Access-Control-Expose-Headers')).toBe('Link, Allow, Retry-After, Location')
    expect(await response.text()).toBe('')
  })

  test('a preflight that does not ask for Private Network Access is not granted it', async () => {
    const response = await preflight({})
    expect(response.headers.get('Access-Control-Allow-Private-Network')).toBeNull()
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull()
  })

  test('a preflight without Origin allows *', async () => {
    const response = await fetch(`${server.url}/api/workspaces`, {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'GET' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })

  test('headers the browser asks for in lower case: the API headers keep their names, the others are added', async () => {
    // What Chromium sends: lower-case names, sorted, comma-separated without spaces.
    const response = await preflight({ 'Access-Control-Request-Headers': 'content-type,x-api-key,x-trace-id' })
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe(`${API_HEADERS}, x-trace-id`)
  })

  test('each requested header once, trimmed, empty entries skipped, in the order asked', async () => {
    const response = await preflight({
      'Access-Control-Request-Headers': 'X-Trace-Id, X-API-SECRET,, authorization ,x-workspace-id,X-TRACE-ID',
    })
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe(`${API_HEADERS}, X-Trace-Id, authorization`)
  })

  test('a preflight for a header only (no API header named) still allows the API headers', async () => {
    const response = await preflight({ 'Access-Control-Request-Headers': 'traceparent' })
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe(`${API_HEADERS}, traceparent`)
  })

  test('preflights are answered on any path, before routing: the page learns nothing else', async () => {
    const response = await preflight({}, '/api/nope')
    expect(response.status).toBe(204)
    expect(response.headers.get('Allow')).toBeNull()
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, POST, PUT, OPTIONS')
  })
})
