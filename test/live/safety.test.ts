/**
 * `live`'s safety rules (docs/live.md, "Safety"), over real sockets: no open proxy (a request cannot choose
 * where it goes, redirects are not followed), the bounds of an answer (its size, its time), neither side's
 * credentials where they do not belong, the admin token on an interface beyond loopback, and options the
 * kit cannot use named before anything is sent.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, startMockServer, type MockServer } from '../../src/node/index.ts'
import { authOf, call, rawExchange } from '../server/http-helpers.ts'
import { jsonPlant, SERVICE, startService, type Service } from './service.ts'

let service: Service
/** Somewhere else, which nothing may reach: it counts what does. */
let elsewhere: { url: string; hits: number; server: Server }
beforeAll(async () => {
  service = await startService()
  const server = createServer((_, response) => {
    elsewhere.hits++
    response.end('{}')
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  elsewhere = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: 0, server }
})
afterAll(async () => {
  await service.close()
  await new Promise((closed) => elsewhere.server.close(closed))
})

const live = (more: object = {}) => ({ target: service.url, credentials: SERVICE, operations: { '*': 'live' as const }, ...more })

describe('one mock, every operation live', () => {
  let mock: MockServer
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, scenario: 'demo', seed: 1, live: live() })
  })
  afterAll(() => mock.close())

  test('a request cannot choose where it goes: not by its Host, nor by an absolute target', async () => {
    const before = service.sent.length
    const { apiKey, apiSecret } = mock.api.credentials
    const host = new URL(elsewhere.url).host
    const raw = await rawExchange(mock.url, `GET http://${host}/api/workspaces HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Host: ${host}\r\nX-API-Key: ${apiKey}\r\nX-API-Secret: ${apiSecret}\r\nConnection: close\r\n\r\n`)
    expect(raw.status).toBe(200)
    expect(service.sent.length).toBe(before + 1)
    expect(service.sent.at(-1)!.path).toBe('/api/workspaces')
    expect(elsewhere.hits).toBe(0)
  })

  test('a redirect is not followed: the client gets a 502 that says so, and the place it points to is never asked', async () => {
    service.plant = (path, answer) => (path === '/api/workspaces' ? { status: 302, headers: { location: `${elsewhere.url}/api/workspaces` }, body: '' } : answer)
    try {
      const answer = await call(mock.url, '/api/workspaces', { headers: authOf(mock.api.credentials) })
      expect(answer.status).toBe(502)
      expect(answer.body.detail).toBe(`the live service: ${service.url} answered GET /api/workspaces with a redirect (302 to ${elsewhere.url}/api/workspaces), which live does not follow`)
      expect(elsewhere.hits).toBe(0)
      const { why } = (await call(mock.url, '/__admin/journal')).body.entries.at(-1)
      expect(why.decision).toEqual({ kind: 'live' })
      expect(why.live).toMatchObject({ mode: 'live', served: 'service', error: expect.stringContaining('redirect') })
      expect(why.live.status).toBeUndefined()
    } finally {
      service.plant = undefined
    }
  })

  test("the service's credentials never reach the client, the journal, why or drift, even where the service repeats them", async () => {
    service.plant = jsonPlant(/^\/api\/workspaces\//, (body) => {
      body.detail = `key ${SERVICE.apiKey} with secret ${SERVICE.apiSecret} may not`
    })
    try {
      const answer = await call(mock.url, `/api/workspaces/wse_${'0'.repeat(32)}`, { headers: authOf(mock.api.credentials) })
      expect(answer.status).toBe(404)
      expect(answer.body.detail).toBe('key [redacted] with secret [redacted] may not')
      const admin = [await call(mock.url, '/__admin/journal'), await call(mock.url, '/__admin/drift'), await call(mock.url, '/__admin/info')].map((found) => found.text).join('\n')
      expect(admin).toContain('[redacted] may not')
      for (const secret of [SERVICE.apiKey, SERVICE.apiSecret]) expect(admin).not.toContain(secret)
      // And the mock's own secret never went to the service.
      for (const sent of service.sent) expect(JSON.stringify(sent.headers)).not.toContain(mock.api.credentials.apiSecret)
    } finally {
      service.plant = undefined
    }
  })
})

test('the credentials are mapped per caller; a caller with none mapped is forwarded with none, and the service refuses it', async () => {
  const api = createMockApi({
    scenario: 'demo',
    seed: 1,
    live: live({ credentials: (principal: { apiKey: string }) => (principal.apiKey === api.principals[0]!.apiKey ? SERVICE : undefined) }),
  })
  await api.ready
  const ask = async (index: number) => (await api.handle(new Request('http://mock.test/api/workspaces', { headers: authOf(api.principals[index]!) })))!.status
  expect(await ask(0)).toBe(200)
  expect(api.journal.last()!.why.live).toMatchObject({ credentials: 'mapped' })
  expect(service.sent.at(-1)!.headers['x-api-key']).toBe(SERVICE.apiKey)
  expect(await ask(1)).toBe(401)
  expect(api.journal.last()!.why.live).toMatchObject({ credentials: 'none', status: 401 })
  expect(service.sent.at(-1)!.headers['x-api-key']).toBeUndefined()
  expect(service.sent.at(-1)!.headers['x-api-secret']).toBeUndefined()
})

describe('the bounds of an answer', () => {
  test('larger than maxAnswerBytes: a 502 that names the bound, and the client gets none of it', async () => {
    const api = createMockApi({ scenario: 'demo', seed: 1, live: live({ maxAnswerBytes: 1000 }) })
    const response = (await api.handle(new Request('http://mock.test/api/workspaces', { headers: authOf(api.credentials) })))!
    expect(response.status).toBe(502)
    expect(((await response.json()) as { detail: string }).detail).toBe(
      `the live service: ${service.url} answered GET /api/workspaces with more than 1000 bytes, the most one answer may hold (live.maxAnswerBytes raises it)`,
    )
  })

  test('slower than the timeout: a 504, the service let go', async () => {
    const stall = createServer(() => {})
    await new Promise<void>((listening) => stall.listen(0, '127.0.0.1', listening))
    try {
      const target = `http://127.0.0.1:${(stall.address() as AddressInfo).port}`
      const api = createMockApi({ scenario: 'demo', seed: 1, live: live({ target, timeout: 200 }) })
      const response = (await api.handle(new Request('http://mock.test/api/workspaces', { headers: authOf(api.credentials) })))!
      expect(response.status).toBe(504)
      expect(((await response.json()) as { detail: string }).detail).toBe(`the live service: ${target} did not answer GET /api/workspaces within 0.2 s (live.timeout)`)
      expect(api.journal.last()!.why.live).toMatchObject({ error: `${target} did not answer GET /api/workspaces within 0.2 s (live.timeout)` })
    } finally {
      stall.closeAllConnections()
      await new Promise((closed) => stall.close(closed))
    }
  })

  test('JSON nested deeper than an answer may be is served as it came, and not compared', async () => {
    service.plant = (path, answer) => (path === '/api/workspaces' ? { ...answer, body: `${'['.repeat(40)}${']'.repeat(40)}` } : answer)
    try {
      const api = createMockApi({ scenario: 'demo', seed: 1, live: live() })
      const response = (await api.handle(new Request('http://mock.test/api/workspaces', { headers: authOf(api.credentials) })))!
      expect(await response.text()).toBe(`${'['.repeat(40)}${']'.repeat(40)}`)
      // What the checks can tell without reading it: it is not the declared schema's JSON, and has no $schema.
      expect(api.journal.last()!.why.live!.drift.map((entry) => `${entry.aspect}: ${entry.observed}`)).toEqual(['schema: not JSON (SuccessResponseListWorkspaceBody)', '$schema: (absent)'])
    } finally {
      service.plant = undefined
    }
  })
})

describe('beyond loopback, the service is asked only for the admin', () => {
  const TOKEN = 'live-admin-token-0123456789'
  let mock: MockServer
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, host: '0.0.0.0', adminToken: TOKEN, scenario: 'demo', seed: 1, live: live({ operations: { listWorkspaces: 'live', listApplications: 'shadow' } }) })
  })
  afterAll(() => mock.close())
  const base = () => mock.url.replace('localhost', '127.0.0.1')

  test('without the admin token: a live operation is refused (403) and a shadow one is not shadowed; nothing is sent', async () => {
    const before = service.sent.length
    const refused = await call(base(), '/api/workspaces', { headers: authOf(mock.api.credentials) })
    expect(refused.status).toBe(403)
    expect(refused.body.detail).toMatch(/^the live service was not asked: this server forwards only the requests of its admin/)
    const [workspace] = mock.api.db.workspaces.all()
    const shadowed = await call(base(), '/api/applications', { headers: { ...authOf(mock.api.credentials), 'X-Workspace-ID': workspace!.id } })
    expect(shadowed.status).toBe(200)
    expect(mock.api.journal.last()!.why.live).toMatchObject({ mode: 'shadow', error: expect.stringMatching(/^not asked: /) })
    expect(service.sent.length).toBe(before)
  })

  test('with it, forwarded', async () => {
    const answer = await call(base(), '/api/workspaces', { headers: { ...authOf(mock.api.credentials), Authorization: `Bearer ${TOKEN}` } })
    expect(answer.status).toBe(200)
    expect(service.sent.at(-1)!.headers.authorization).toBeUndefined()
  })
})

test.each([
  [{ target: 'ftp://example.com' }, 'live.target must be an http or https URL such as https://api.example.com, got "ftp://example.com"'],
  [{ target: 'https://user:pw@example.com' }, "live.target must not hold a user name or password: give the service's credentials as live.credentials"],
  [{ target: 'https://example.com/api' }, "live.target is the service's base URL without /api (the kit adds /api/...): try https://example.com"],
  [{ operations: { listWorkspace: 'live' } }, /^live\.operations\.listWorkspace: the mock has no such operation \(it has listWorkspaces, createWorkspace, /],
  [{ operations: { listWorkspaces: 'proxy' } }, 'live.operations.listWorkspaces must be one of mock, live, record, fallback, shadow, got "proxy"'],
  [{ credentials: { apiKey: 'a key', apiSecret: 's' } }, "live.credentials must be { apiKey, apiSecret } of printable ASCII without spaces, or a function of the mock's principal that answers them"],
  [{ timeout: 0 }, 'live.timeout must be a whole number from 1 to 600000, got 0'],
])('a live option the kit cannot use: %j rejects ready, naming the key, and nothing is sent', async (options, message) => {
  const before = service.sent.length
  const api = createMockApi({ scenario: 'demo', seed: 1, live: { ...live(), ...options } as never })
  await expect(api.ready).rejects.toThrow(message)
  await expect(api.ready).rejects.toMatchObject({ name: 'LiveOptionsError' })
  const silenced = console.error
  console.error = () => {}
  try {
    const response = (await api.handle(new Request('http://mock.test/api/workspaces', { headers: authOf(api.credentials) })))!
    expect(response.status).toBe(500)
  } finally {
    console.error = silenced
  }
  expect(service.sent.length).toBe(before)
})
