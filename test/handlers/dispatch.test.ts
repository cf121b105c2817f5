import { getResponse } from 'msw'
import { describe, expect, test } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'

/** `api.handle` must answer exactly what MSW answers over `api.handlers`, request for request. */
async function answer(response: Response | undefined) {
  if (!response) return undefined
  const headers = [...response.headers].filter(([name]) => name !== 'date')
  return { type: response.type, status: response.status, headers, body: await response.text() }
}

function corpus(api: MockApi, origin: string): Array<[string, RequestInit]> {
  const auth = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
  const workspace = api.db.workspaces.all()[0]!
  const application = api.db.applications.all().find((a) => a.workspace === workspace.id)!
  const json = { ...auth, 'Content-Type': 'application/json' }
  const scoped = { ...auth, 'X-Workspace-ID': workspace.id }
  return [
    [`${origin}/api/workspaces`, { headers: auth }],
    [`${origin}/api/workspaces/`, { headers: auth }],
    [`${origin}/api/workspaces`, {}],
    [`${origin}/api/workspaces/${workspace.id}`, { headers: auth }],
    [`${origin}/api/workspaces/${'x'.repeat(37)}`, { headers: auth }],
    [`${origin}/api/workspaces/wse_unknown`, { headers: auth }],
    [`${origin}/api/workspaces`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'n' }) }],
    [`${origin}/api/workspaces`, { method: 'POST', headers: json, body: '{bad' }],
    [`${origin}/api/workspaces`, { method: 'POST', headers: auth, body: 'x' }],
    [`${origin}/api/workspaces/${workspace.id}`, { method: 'PUT', headers: json, body: JSON.stringify({ name: 'm' }) }],
    [`${origin}/api/workspaces/${workspace.id}`, { method: 'PUT', headers: json, body: JSON.stringify({ domain: 'd' }) }],
    [`${origin}/api/workspaces`, { method: 'DELETE', headers: auth }],
    [`${origin}/api/workspaces/${workspace.id}`, { method: 'OPTIONS' }],
    [`${origin}/api/applications?page_size=20&current_page=2`, { headers: scoped }],
    [`${origin}/api/applications?page_size=9`, { headers: scoped }],
    [`${origin}/api/applications`, { headers: auth }],
    [`${origin}/api/applications/${application.id}`, { headers: scoped }],
    [`${origin}/api/applications/app_unknown`, { headers: scoped }],
    [`${origin}/api/schemas/ErrorModel.json`, {}],
    [`${origin}/api/schemas/Nope.json`, {}],
    [`${origin}/api/icons/img_0123_512.webp`, {}],
    [`${origin}/api/openapi.json`, {}],
    [`${origin}/api/openapi-3.0.yaml`, {}],
    [`${origin}/api/openapi.json`, { method: 'PUT', body: '{}' }],
    [`${origin}/api`, {}],
    [`${origin}/api/unknown/deeper`, { headers: auth }],
    [`${origin}/not-api`, {}],
    ['https://elsewhere.test/api/workspaces', { headers: auth }],
  ]
}

describe.each([
  ['without baseUrl', undefined],
  ['with baseUrl', 'https://api.example.test'],
])('api.handle %s', (_, baseUrl) => {
  test('answers every request of the corpus exactly as MSW does over api.handlers', async () => {
    const viaMsw = createMockApi({ scenario: 'demo', seed: 9, baseUrl, now: () => 1_800_000_000_000 })
    const direct = createMockApi({ scenario: 'demo', seed: 9, baseUrl, now: () => 1_800_000_000_000 })
    await Promise.all([viaMsw.ready, direct.ready])
    const origin = baseUrl ?? 'http://localhost:4010'
    const requests = corpus(direct, origin)
    for (const [url, init] of requests) {
      const expected = await answer(await getResponse(viaMsw.handlers, new Request(url, init)))
      const actual = await answer(await direct.handle(new Request(url, init)))
      expect(actual, `${init.method ?? 'GET'} ${url}`).toEqual(expected)
    }
    expect(direct.snapshot()).toEqual(viaMsw.snapshot())
    expect(direct.journal.entries.map((e) => [e.operation, e.status])).toEqual(
      viaMsw.journal.entries.map((e) => [e.operation, e.status]),
    )
  })
})
