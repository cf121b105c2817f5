/**
 * `live`, one operation at a time (docs/live.md), over real sockets: a demo server with `live` in front of
 * the service (test/live/service.ts). Each mode: `live` serves the service's answer and changes nothing in
 * the mock; `record` keeps its records, which the operations left on `mock` then serve; `fallback` asks the
 * service only for a record the mock does not hold; `shadow` serves the mock's answer and asks the service
 * behind it. Faults and overrides come first; every forwarded request's journal entry says so in `why.live`.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, startMockServer, type MockServer } from '../../src/node/index.ts'
import { createStoryMock } from '../../src/storybook/story-mock.ts'
import { authOf, call } from '../server/http-helpers.ts'
import { SERVICE, startService, type Service } from './service.ts'

let service: Service
beforeAll(async () => {
  service = await startService()
})
afterAll(() => service.close())

/** A demo server with `live` in front of the service; its callers are mapped to the service's principal. */
function mockServer(operations: Record<string, 'mock' | 'live' | 'record' | 'fallback' | 'shadow'>, scenario: 'demo' | 'empty' = 'demo') {
  return startMockServer({ port: 0, scenario, seed: 1, live: { target: service.url, credentials: SERVICE, operations } })
}

const journalOf = async (mock: MockServer) => (await call(mock.url, '/__admin/journal')).body.entries as any[]

describe('live and shadow, against an identical service', () => {
  let mock: MockServer
  beforeAll(async () => {
    mock = await mockServer({ listWorkspaces: 'live', createWorkspace: 'live', listApplications: 'shadow' })
  })
  afterAll(() => mock.close())

  test('live: the service answers, under its own credentials; the journal says where, how and how long', async () => {
    const before = service.sent.length
    const answer = await call(mock.url, '/api/workspaces', { headers: { ...authOf(mock.api.credentials), 'X-Trace': 'client' } })
    expect(answer.status).toBe(200)
    // The service's answer: its own origin in `$schema`.
    expect(answer.body.$schema).toBe(`${service.url}/api/schemas/SuccessResponseListWorkspaceBody.json`)
    const [sent] = service.sent.slice(before)
    expect(sent).toMatchObject({ method: 'GET', path: '/api/workspaces', headers: { 'x-api-key': SERVICE.apiKey, 'x-api-secret': SERVICE.apiSecret } })
    // Only the headers the API reads go on (the client's Accept), and no mark of MSW's (the demo server has none).
    expect(sent!.headers['x-trace']).toBeUndefined()
    expect(sent!.headers.accept).toBe('*/*')
    const entry = (await journalOf(mock)).at(-1)
    expect(entry.why.decision).toEqual({ kind: 'live' })
    expect(entry.why.profile).toEqual({})
    expect(entry.why.live).toMatchObject({ mode: 'live', url: `${service.url}/api/workspaces`, served: 'service', credentials: 'mapped', status: 200, drift: [] })
    expect(entry.why.live.ms).toBeGreaterThan(0)
    expect(entry.why.caller).toMatchObject({ kind: 'authenticated', apiKey: mock.api.credentials.apiKey })
  })

  test('a caller the mock does not know gets its 401: nothing is forwarded', async () => {
    const before = service.sent.length
    const answer = await call(mock.url, '/api/workspaces', { headers: { 'X-API-Key': 'nobody', 'X-API-Secret': 'nothing' } })
    expect(answer.status).toBe(401)
    expect(service.sent.length).toBe(before)
  })

  test('a live write goes to the service and changes nothing in the mock (its dry run, compared, wrote nothing)', async () => {
    const workspaces = mock.api.db.workspaces.count()
    const answer = await call(mock.url, '/api/workspaces', { json: { name: 'Made live' }, headers: authOf(mock.api.credentials) })
    expect(answer.status).toBe(200)
    expect(answer.body.data.name).toBe('Made live')
    expect(service.sent.at(-1)).toMatchObject({ method: 'POST', path: '/api/workspaces' })
    expect(service.upstream.api.db.workspaces.findFirst((q) => q.where({ name: 'Made live' }))).toBeDefined()
    expect(mock.api.db.workspaces.count()).toBe(workspaces)
    expect((await journalOf(mock)).at(-1).why.live).toMatchObject({ mode: 'live', status: 200, drift: [] })
  })

  test('shadow: the mock answers at once, the service is asked behind it, the same answer is no drift', async () => {
    const [workspace] = mock.api.db.workspaces.all()
    const answer = await call(mock.url, '/api/applications?page_size=10', { headers: { ...authOf(mock.api.credentials), 'X-Workspace-ID': workspace!.id } })
    expect(answer.status).toBe(200)
    expect(answer.body.$schema).toBe(`${mock.url}/api/schemas/PagingResponseListApplicationBody.json`)
    await expect.poll(async () => (await journalOf(mock)).at(-1).why.live.status).toBe(200)
    const entry = (await journalOf(mock)).at(-1)
    expect(entry.why.decision).toEqual({ kind: 'operation' })
    expect(entry.why.live).toMatchObject({ mode: 'shadow', served: 'mock', url: `${service.url}/api/applications?page_size=10`, drift: [] })
    expect(service.sent.at(-1)!.headers['x-workspace-id']).toBe(workspace!.id)
    expect((await call(mock.url, '/__admin/drift')).body).toEqual({ drift: [] })
  })

  test('faults come first: a fault on a live operation answers, and the service is not asked', async () => {
    const fault = await call(mock.url, '/__admin/faults', { json: { type: 'fail', target: 'listWorkspaces', status: 503, times: 1 } })
    const before = service.sent.length
    expect((await call(mock.url, '/api/workspaces', { headers: authOf(mock.api.credentials) })).status).toBe(503)
    expect(service.sent.length).toBe(before)
    const entry = (await journalOf(mock)).at(-1)
    expect(entry.why.decision).toMatchObject({ kind: 'fault', fault: { id: fault.body.id } })
    expect(entry.why.live).toBeUndefined()
  })

  test('an operation left on mock is answered by the mock alone', async () => {
    const before = service.sent.length
    const [workspace] = mock.api.db.workspaces.all()
    const answer = await call(mock.url, `/api/workspaces/${workspace!.id}`, { headers: authOf(mock.api.credentials) })
    expect(answer.body.$schema).toBe(`${mock.url}/api/schemas/SuccessResponseWorkspaceBody.json`)
    expect(service.sent.length).toBe(before)
    expect((await journalOf(mock)).at(-1).why.live).toBeUndefined()
  })
})

describe('record and fallback, into a mock that starts empty', () => {
  let mock: MockServer
  beforeAll(async () => {
    mock = await mockServer({ listWorkspaces: 'record', listApplications: 'record', getWorkspace: 'fallback' }, 'empty')
  })
  afterAll(() => mock.close())
  const auth = () => authOf(mock.api.credentials)
  const own = () => service.upstream.api.db.workspaces.all()

  test('fallback: a record the mock does not hold is asked of the service, kept, and served by the mock next', async () => {
    const id = own()[0]!.id
    const first = await call(mock.url, `/api/workspaces/${id}`, { headers: auth() })
    expect(first.status).toBe(200)
    expect(first.body.data.id).toBe(id)
    const entry = (await journalOf(mock)).at(-1)
    expect(entry.why.decision).toEqual({ kind: 'live' })
    expect(entry.why.live).toMatchObject({ mode: 'fallback', served: 'service', status: 200, kept: [{ collection: 'workspaces', ids: [id], count: 1 }] })
    // Kept in the caller's organization, so the mock answers it now.
    expect(mock.api.db.workspaces.findFirst((q) => q.where({ id }))!.organization).toBe(mock.api.principals[0]!.organization)
    const before = service.sent.length
    const second = await call(mock.url, `/api/workspaces/${id}`, { headers: auth() })
    expect(second.body.data).toEqual({ ...first.body.data, organization: mock.api.principals[0]!.organization })
    expect(service.sent.length).toBe(before)
    expect((await journalOf(mock)).at(-1).why.live).toBeUndefined()
  })

  test('record: the list of workspaces, then a page of applications, kept; the operations on mock see them', async () => {
    const listed = await call(mock.url, '/api/workspaces', { headers: auth() })
    const ids = listed.body.data.map((w: { id: string }) => w.id)
    expect([...ids].sort()).toEqual(own().map((w) => w.id).sort())
    expect((await journalOf(mock)).at(-1).why.live.kept).toEqual([{ collection: 'workspaces', ids, count: ids.length }])
    expect(mock.api.db.workspaces.count()).toBe(ids.length)
    const workspace = own()[1]!
    const page = await call(mock.url, '/api/applications?page_size=10', { headers: { ...auth(), 'X-Workspace-ID': workspace.id } })
    expect(page.body.data).toHaveLength(10)
    const kept = (await journalOf(mock)).at(-1).why.live
    expect(kept).toMatchObject({ mode: 'record', kept: [{ collection: 'applications', ids: page.body.data.map((a: { id: string }) => a.id), count: 10 }], drift: [] })
    const application = page.body.data[3]
    const fromMock = await call(mock.url, `/api/applications/${application.id}`, { headers: { ...auth(), 'X-Workspace-ID': workspace.id } })
    expect(fromMock.status).toBe(200)
    expect(fromMock.body.data).toEqual(application)
  })

  test('record keeps an application only under a workspace the caller has in the mock', async () => {
    await call(mock.url, '/__admin/reset', { method: 'POST' })
    const workspace = own()[2]!
    const page = await call(mock.url, '/api/applications?page_size=10', { headers: { ...auth(), 'X-Workspace-ID': workspace.id } })
    expect(page.status).toBe(200)
    const { live } = (await journalOf(mock)).at(-1).why
    expect(live.kept).toBeUndefined()
    expect(live.notKept).toMatch(new RegExp(`^10 not kept: application app_\\w+: its workspace ${workspace.id} is not the caller's in the mock`))
    expect(mock.api.db.applications.count()).toBe(0)
  })
})

test('overrides come first: an override of a live operation answers, and the service is not asked', async () => {
  const api = createMockApi({ scenario: 'demo', seed: 1, live: { target: service.url, credentials: SERVICE, operations: { '*': 'live' } } })
  await api.ready
  api.override('listWorkspaces', ({ respond }) => respond([]))
  const before = service.sent.length
  const response = await api.handle(new Request('http://mock.test/api/workspaces', { headers: authOf(api.credentials) }))
  expect(await response!.json()).toMatchObject({ data: [] })
  expect(service.sent.length).toBe(before)
  expect(api.journal.last()!.why.decision).toEqual({ kind: 'override' })
})

test("a story's parameters.mockApi take live as createMockApi does", async () => {
  const story = await createStoryMock({ scenario: 'demo', seed: 1, live: { target: service.url, credentials: SERVICE, operations: { listWorkspaces: 'live' } } })
  try {
    const response = await story.answer(new Request('https://preview.example.test/api/workspaces', { headers: authOf(story.credentials) }))
    expect(((await response!.json()) as { $schema: string }).$schema).toBe(`${service.url}/api/schemas/SuccessResponseListWorkspaceBody.json`)
    expect(story.journal.last()!.why.live).toMatchObject({ mode: 'live', served: 'service', status: 200 })
  } finally {
    story.end()
  }
})

test('under MSW (setupServer), the forwarded request gets past the mock\'s own handlers to the service', async () => {
  // No baseUrl: the handlers match /api/... on any origin, the service's too. The demo server behind the
  // proxy answers here: the proxy's own fetch would be this test's MSW's to answer.
  const { upstream } = service
  const api = createMockApi({ scenario: 'demo', seed: 1, live: { target: upstream.url, credentials: SERVICE, operations: { listWorkspaces: 'live' } } })
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledFrame: 'bypass' })
  try {
    const before = upstream.api.journal.count()
    const response = await fetch('http://app.test/api/workspaces', { headers: authOf(api.credentials) })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { $schema: string }).$schema).toBe(`${upstream.url}/api/schemas/SuccessResponseListWorkspaceBody.json`)
    // Once, and answered by the service, not by the mock's handlers again.
    expect(upstream.api.journal.count()).toBe(before + 1)
    expect(upstream.api.journal.last()!.headers['x-api-key']).toBe(SERVICE.apiKey)
    expect(api.journal.count()).toBe(1)
  } finally {
    server.close()
  }
})
