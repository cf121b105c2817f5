/**
 * The behaviour profile: each knob changes what the mock answers, through `api.handle` and the MSW
 * handlers alike; no profile (or the default one spelled out) answers byte for byte as before.
 */
import { readFileSync } from 'node:fs'
import { setupServer } from 'msw/node'
import { describe, expect, test } from 'vitest'
import { createMockApi, DEFAULT_PROFILE, ProfileError, resolveProfile, type MockApiOptions, type Profile } from '../../src/index.ts'
import type { StartMockWorkerOptions } from '../../src/browser/index.ts'
import { profileJsonSchema } from '../../src/handlers/profile-json-schema.ts'
import { startMockServer } from '../../src/node/index.ts'
import type { MockApiFixtures } from '../../src/playwright/index.ts'
import { fixtureText } from '../../src/model/fixture-text.ts'

const BASE = 'https://api.profile.test'

async function mock(profile?: Profile, options: MockApiOptions = {}) {
  const api = createMockApi({ scenario: 'demo', seed: 3, baseUrl: BASE, ...options, ...(profile ? { profile } : {}) })
  await api.ready
  const workspace = api.db.workspaces.findFirst((q) => q.where({ organization: api.principals[0]!.organization }))!
  const call = async (method: string, path: string, headers: Record<string, string> = {}, auth = true) => {
    const credentials: Record<string, string> = auth ? { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret } : {}
    const response = (await api.handle(new Request(`${BASE}${path}`, { method, headers: { ...credentials, 'X-Workspace-ID': workspace.id, ...headers } })))!
    return { status: response.status, headers: Object.fromEntries(response.headers), text: await response.text() }
  }
  return { api, call, workspace }
}

/** Requests whose answers the knobs would change. */
const SAMPLES: Array<[string, string, boolean]> = [
  ['GET', '/api/applications', true],
  ['GET', '/api/applications?page_size=100', true],
  ['GET', '/api/applications?page_size=101', true],
  ['GET', '/api/applications?current_page=0', true],
  ['GET', '/api/workspaces', false],
  ['HEAD', '/api/workspaces', true],
  ['GET', `/api/workspaces?q=${'a'.repeat(8200)}`, true],
  ['GET', '/api/workspaces', true],
]

test('the default profile, spelled out, answers byte for byte as no profile', async () => {
  const plain = await mock()
  const spelled = await mock(DEFAULT_PROFILE)
  for (const [method, path, auth] of SAMPLES) {
    expect(await spelled.call(method, path, {}, auth), `${method} ${path}`).toEqual(await plain.call(method, path, {}, auth))
  }
})

describe('each knob', () => {
  test('paging bounds and defaults', async () => {
    const { call } = await mock({ paging: { pageSize: { default: 5, min: 1, max: 50 }, currentPage: { max: 3 } } })
    expect(JSON.parse((await call('GET', '/api/applications')).text)).toMatchObject({ current_page: 1, page_size: 5 })
    expect((await call('GET', '/api/applications?page_size=1')).status).toBe(200)
    expect((await call('GET', '/api/applications?page_size=50')).status).toBe(200)
    const above = await call('GET', '/api/applications?page_size=51')
    expect(above.status).toBe(422)
    expect(JSON.parse(above.text).errors).toEqual([{ message: 'expected number <= 50', location: 'query.page_size', value: '51' }])
    expect((await call('GET', '/api/applications?current_page=4')).status).toBe(422)
  })

  test('head: get answers HEAD as the GET without its body, through MSW too', async () => {
    const { api, call } = await mock({ head: 'get' })
    const head = await call('HEAD', '/api/workspaces')
    const get = await call('GET', '/api/workspaces')
    expect(head.status).toBe(200)
    expect(head.text).toBe('')
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
    expect((await call('HEAD', '/api/nothing')).status).toBe(404)
    expect((await call('HEAD', `/api/workspaces?q=${'a'.repeat(8200)}`)).status).toBe(414)
    const server = setupServer(...api.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      const viaMsw = await fetch(`${BASE}/api/workspaces`, { method: 'HEAD', headers: { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret } })
      expect(viaMsw.status).toBe(200)
      expect(await viaMsw.text()).toBe('')
    } finally {
      server.close()
    }
  })

  test("problemTitles: rfc9110 writes RFC 9110's reason phrases where they differ from Go's", async () => {
    const { call } = await mock({ problemTitles: 'rfc9110' })
    expect(JSON.parse((await call('GET', '/api/applications?page_size=1')).text).title).toBe('Unprocessable Content')
    expect(JSON.parse((await call('GET', `/api/workspaces?q=${'a'.repeat(8200)}`)).text).title).toBe('URI Too Long')
    expect(JSON.parse((await call('GET', '/api/nothing')).text).title).toBe('Not Found')
  })

  test('pastTheEnd: not-found makes a page past the last one a 404 problem; the last one stays 200', async () => {
    const { api, call, workspace } = await mock({ pastTheEnd: 'not-found' })
    const total = api.db.applications.findMany((q) => q.where({ workspace: workspace.id })).length
    const last = Math.ceil(total / 10)
    expect((await call('GET', `/api/applications?current_page=${last}`)).status).toBe(200)
    const past = await call('GET', `/api/applications?current_page=${last + 1}`)
    expect(past.status).toBe(404)
    expect(JSON.parse(past.text)).toMatchObject({ title: 'Not Found', detail: `page ${last + 1} is past the last page (${total} applications)` })
  })

  test('wwwAuthenticate: false leaves the challenge out of a 401', async () => {
    const { call } = await mock({ wwwAuthenticate: false })
    const answer = await call('GET', '/api/workspaces', {}, false)
    expect(answer.status).toBe(401)
    expect(answer.headers['www-authenticate']).toBeUndefined()
  })

  test('idPrefix.workspace: app, and it wins over the workspaceIdPrefix option', async () => {
    const { call } = await mock({ idPrefix: { workspace: 'app' } }, { workspaceIdPrefix: 'wse' })
    const [first] = JSON.parse((await call('GET', '/api/workspaces')).text).data as Array<{ id: string }>
    expect(first!.id).toMatch(/^app_[0-9a-f]{32}$/)
    expect((await call('GET', `/api/workspaces/${first!.id}`)).status).toBe(200)
  })
})

test("the served OpenAPI documents state the profile's paging bounds, the page past the end and the 401's headers", async () => {
  const { call } = await mock({ paging: { pageSize: { max: 50 } }, wwwAuthenticate: false, pastTheEnd: 'not-found' })
  const document = JSON.parse((await call('GET', '/api/openapi.json', {}, false)).text)
  const pageSize = document.paths['/api/applications'].get.parameters.find((p: { name: string }) => p.name === 'page_size')
  expect(pageSize.schema).toMatchObject({ minimum: 10, maximum: 50, default: 10 })
  const currentPage = document.paths['/api/applications'].get.parameters.find((p: { name: string }) => p.name === 'current_page')
  expect(currentPage.description).toBe('Current Page (1-based). Past the last page: 404.')
  expect(Object.keys(document.paths['/api/workspaces'].get.responses['401'].headers)).toEqual(['Link'])
  const plain = await mock()
  const shipped = readFileSync(new URL('../../fixtures/openapi.json', import.meta.url), 'utf8').replace('http://127.0.0.1:4010', BASE)
  expect((await plain.call('GET', '/api/openapi.json', {}, false)).text).toBe(shipped)
})

describe('where it applies', () => {
  test('the demo server and its sessions answer with the profile', async () => {
    const server = await startMockServer({ port: 0, profile: { wwwAuthenticate: false, problemTitles: 'rfc9110' } })
    try {
      const session = await server.sessions.create()
      for (const key of [server.api.credentials.apiKey, session.credentials.apiKey]) {
        const response = await fetch(`${server.url}/api/workspaces`, { headers: { 'X-API-Key': key, 'X-API-Secret': 'wrong' } })
        expect(response.status).toBe(401)
        expect(response.headers.has('WWW-Authenticate')).toBe(false)
      }
      const refused = await fetch(`${server.url}/api/applications?page_size=1`, { headers: { 'X-API-Key': session.credentials.apiKey, 'X-API-Secret': session.credentials.apiSecret, 'X-Workspace-ID': session.workspaceIds[0]! } })
      expect(((await refused.json()) as { title: string }).title).toBe('Unprocessable Content')
    } finally {
      await server.close()
    }
  })

  test('startMockWorker and the Playwright fixture take it as one more createMockApi option', () => {
    const worker: StartMockWorkerOptions = { profile: { head: 'get' } }
    const fixture: MockApiFixtures['mockOptions'] = { scenario: 'demo', profile: { paging: { pageSize: { max: 50 } } } }
    expect([worker.profile, fixture.profile]).toEqual([{ head: 'get' }, { paging: { pageSize: { max: 50 } } }])
  })
})

describe('validation', () => {
  test.each([
    [{ paging: { pageSize: { max: 'many' } } }, 'profile: paging.pageSize.max: '],
    [{ head: 'sometimes' }, 'profile: head: '],
    [{ wwwAuthenticate: 'yes' }, 'profile: wwwAuthenticate: '],
    [{ unknownKnob: 1 }, 'profile: (profile): '],
    [{ paging: { pageSize: { min: 60, max: 50 } } }, 'profile: paging.pageSize.min: 60 is above max 50'],
    [{ paging: { currentPage: { default: 0 } } }, 'profile: paging.currentPage.default: 0 is outside 1..1000'],
  ])('%j is refused, naming the key', (profile, message) => {
    expect(() => resolveProfile(profile)).toThrow(ProfileError)
    expect(() => resolveProfile(profile)).toThrow(message)
    expect(() => createMockApi({ profile: profile as Profile })).toThrow(message)
  })

  test('fixtures/profile.schema.json is what the profile schema generates', () => {
    const file = readFileSync(new URL('../../fixtures/profile.schema.json', import.meta.url), 'utf8')
    expect(file, 'run `npm run fixtures` to regenerate').toBe(fixtureText(profileJsonSchema()))
  })
})
