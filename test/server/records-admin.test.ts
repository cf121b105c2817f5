/**
 * The records and scenario routes of the admin API over a real socket (src/server/admin/record-routes.ts
 * over src/mock-admin): a page of a collection, a field changed (and refused at its field), a record
 * added by the factories, one deleted with what belongs to it, a preset switched; the API's next answer
 * sees each change, a refused one changes nothing, and a session's routes act on the session alone.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { recordsOf } from '../../src/api/internals.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { authOf, call, expectJson, expectProblem } from './http-helpers.ts'

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', seed: 11, strict: false })
})
afterAll(() => server.close())
afterEach(() => server.api.reset())

const api = (path: string) => call(server.url, path, { headers: authOf(server.api.credentials) })
const names = async () => (await api('/api/workspaces')).body.data.map((w: { name: string }) => w.name)

describe('records', () => {
  test('a page of a collection in the API order, filtered by parent, at most 100 a page', async () => {
    const listed = (await api('/api/workspaces')).body.data.map((w: { id: string }) => w.id)
    const page = expectJson(await call(server.url, '/__admin/records/workspaces?pageSize=2&page=2'))
    expect(page).toMatchObject({ collection: 'workspaces', total: listed.length, page: 2, pageSize: 2 })
    expect(page.records.map((w: { id: string }) => w.id)).toEqual(listed.slice(2, 4))
    const workspace = listed[0]
    const applications = expectJson(await call(server.url, `/__admin/records/applications?workspace=${workspace}&pageSize=500`))
    expect(applications.pageSize).toBe(100)
    expect(applications.records.every((a: { workspace: string }) => a.workspace === workspace)).toBe(true)
    expectProblem(await call(server.url, '/__admin/records/users'), 404, server.url, 'no collection users: one of organizations, accounts, workspaces, applications')
    expectProblem(await call(server.url, '/__admin/records/workspaces/wse_nope'), 404, server.url, 'no workspace wse_nope')
  })

  test('a field changed is what the API answers next; a value the kit refuses is a 422 at its field, and nothing changes', async () => {
    const [first] = expectJson(await call(server.url, '/__admin/records/workspaces')).records
    const before = await names()
    const renamed = expectJson(await call(server.url, `/__admin/records/workspaces/${first.id}`, { method: 'PATCH', json: { name: 'Renamed by the admin' } }))
    expect(renamed).toEqual({ ...first, name: 'Renamed by the admin' })
    expect(await names()).toEqual(['Renamed by the admin', ...before.slice(1)])
    const refused = expectProblem(await call(server.url, `/__admin/records/workspaces/${first.id}`, { method: 'PATCH', json: { created: 'yesterday', organization: 'org_nope' } }), 422, server.url, 'validation failed')
    expect([...new Set(refused.errors.map((error: { location: string }) => error.location))].sort()).toEqual(['body.created', 'body.organization'])
    expectProblem(await call(server.url, `/__admin/records/workspaces/${first.id}`, { method: 'PATCH', json: { id: 'wse_other' } }), 422, server.url, 'validation failed')
    expectProblem(await call(server.url, `/__admin/records/workspaces/${first.id}`, { method: 'PATCH', json: ['name'] }), 422, server.url, 'validation failed')
    expect(await names()).toEqual(['Renamed by the admin', ...before.slice(1)])
    // Reset returns to the initial state.
    await call(server.url, '/__admin/reset', { method: 'POST' })
    expect(await names()).toEqual(before)
  })

  test('a record added by the factories under its parent, and one deleted with what belongs to it', async () => {
    const [workspace] = expectJson(await call(server.url, '/__admin/records/workspaces')).records
    const total = async () => (await call(server.url, '/api/applications', { headers: { ...authOf(server.api.credentials), 'X-Workspace-ID': workspace.id } })).body.total
    const before = await total()
    const added = expectJson(await call(server.url, '/__admin/records/applications', { json: { workspace: workspace.id } }), 201)
    expect(added).toMatchObject({ workspace: workspace.id, id: expect.stringMatching(/^app_[0-9a-f]{32}$/) })
    expect(await total()).toBe(before + 1)
    expectProblem(await call(server.url, '/__admin/records/applications', { json: {} }), 422, server.url, 'validation failed')
    const deleted = expectJson(await call(server.url, `/__admin/records/workspaces/${workspace.id}`, { method: 'DELETE' }))
    expect(deleted).toEqual({ deleted: 1 + before + 1 })
    expect((await api(`/api/workspaces/${workspace.id}`)).status).toBe(404)
    expect(server.api.journal.last()!.why.decision).toMatchObject({ kind: 'lookup', reason: 'not-found' })
  })
})

describe('one rule, in place', () => {
  test("an empty workspace or application name is refused as the API's write refuses it: the same 422 at body.name, nothing changed", async () => {
    const [first] = expectJson(await call(server.url, '/__admin/records/workspaces')).records
    const viaApi = expectProblem(await call(server.url, `/api/workspaces/${first.id}`, { method: 'PUT', json: { name: '' }, headers: authOf(server.api.credentials) }), 422, server.url, 'validation failed')
    const viaAdmin = expectProblem(await call(server.url, `/__admin/records/workspaces/${first.id}`, { method: 'PATCH', json: { name: '' } }), 422, server.url, 'validation failed')
    expect(viaAdmin.errors).toEqual(viaApi.errors)
    expect(viaAdmin.errors).toEqual([{ message: expect.any(String), location: 'body.name', value: '' }])
    const [application] = expectJson(await call(server.url, `/__admin/records/applications?workspace=${first.id}`)).records
    expect(expectProblem(await call(server.url, `/__admin/records/applications/${application.id}`, { method: 'PATCH', json: { name: '' } }), 422, server.url).errors[0].location).toBe('body.name')
    // A session's own route, with its own credentials, holds to the same rule.
    const session = await server.sessions.create()
    const [own] = expectJson(await call(server.url, `/__admin/sessions/${session.id}/records/workspaces`, { headers: authOf(session.credentials) })).records
    const viaSession = await call(server.url, `/__admin/sessions/${session.id}/records/workspaces/${own.id}`, { method: 'PATCH', json: { name: '' }, headers: authOf(session.credentials) })
    expect(expectProblem(viaSession, 422, server.url, 'validation failed').errors).toEqual(viaApi.errors)
    server.sessions.delete(session.id)
    expect(expectJson(await call(server.url, `/__admin/records/workspaces/${first.id}`))).toEqual(first)
  })

  test('an edit, an addition and a deletion change the records they touch: every other record stays the very object it was', async () => {
    const workspaces = [...recordsOf(server.api, 'workspaces')]
    const applications = [...recordsOf(server.api, 'applications')]
    const [first, second] = workspaces
    expectJson(await call(server.url, `/__admin/records/workspaces/${first!.id}`, { method: 'PATCH', json: { name: 'Edited in place' } }))
    const added = expectJson(await call(server.url, '/__admin/records/applications', { json: { workspace: second!.id } }), 201)
    const gone = applications.find((application) => application.workspace === second!.id)!
    expect(expectJson(await call(server.url, `/__admin/records/applications/${gone.id}`, { method: 'DELETE' }))).toEqual({ deleted: 1 })
    const nowWorkspaces = recordsOf(server.api, 'workspaces')
    const nowApplications = recordsOf(server.api, 'applications')
    // A snapshot reloaded would have made every record a new object; only the edited one is.
    expect(nowWorkspaces.filter((workspace) => !workspaces.includes(workspace)).map((workspace) => workspace.name)).toEqual(['Edited in place'])
    expect(workspaces.slice(1).every((workspace) => nowWorkspaces.includes(workspace))).toBe(true)
    expect(nowApplications.filter((application) => !applications.includes(application)).map((application) => application.id)).toEqual([added.id])
    expect(nowApplications.length).toBe(applications.length)
    expect(applications.filter((application) => application !== gone).every((application) => nowApplications.includes(application))).toBe(true)
    // The API sees each change.
    const listed = (await call(server.url, '/api/applications?page_size=100', { headers: { ...authOf(server.api.credentials), 'X-Workspace-ID': second!.id } })).body.data
    expect(listed.map((application: { id: string }) => application.id)).toContain(added.id)
    expect(listed.map((application: { id: string }) => application.id)).not.toContain(gone.id)
  })
})

test('additions at once, and after a deletion, build records of their own: no id twice', async () => {
  const [workspace] = expectJson(await call(server.url, '/__admin/records/workspaces')).records
  const add = () => call(server.url, '/__admin/records/applications', { json: { workspace: workspace.id } })
  const first = (await Promise.all([add(), add(), add()])).map((answer) => expectJson(answer, 201).id)
  expect(new Set(first).size).toBe(3)
  await call(server.url, `/__admin/records/applications/${first[2]}`, { method: 'DELETE' })
  const second = (await Promise.all([add(), add()])).map((answer) => expectJson(answer, 201).id)
  const ids = recordsOf(server.api, 'applications').map((application) => application.id)
  expect(ids.length).toBe(new Set(ids).size)
  expect(ids).toEqual(expect.arrayContaining([first[0], first[1], ...second]))
})

describe('the scenario switch', () => {
  test('a preset and seed served from now on (reset returns to it); the first principal keeps its credentials', async () => {
    const { apiKey } = server.api.credentials
    const switched = expectJson(await call(server.url, '/__admin/scenario', { json: { scenario: 'empty', seed: 3 } }))
    expect(switched).toMatchObject({ scenario: 'empty', seed: 3 })
    expect(switched.principals[0].apiKey).toBe(apiKey)
    expect(await names()).toEqual([])
    expect(expectJson(await call(server.url, '/__admin/info'))).toMatchObject({ scenario: 'empty', seed: 3, counts: { workspaces: 0 } })
    await call(server.url, '/__admin/reset', { method: 'POST' })
    expect(await names()).toEqual([])
    expect(expectProblem(await call(server.url, '/__admin/scenario', { json: { scenario: 'nope', seed: 1 } }), 422, server.url, 'validation failed').errors[0].location).toBe('body.scenario')
    expect(expectProblem(await call(server.url, '/__admin/scenario', { json: { scenario: 'demo', seed: -1 } }), 422, server.url, 'validation failed').errors[0].location).toBe('body.seed')
    expectJson(await call(server.url, '/__admin/scenario', { json: { scenario: 'demo', seed: 11 } }))
    expect((await names()).length).toBeGreaterThan(0)
  })

  test("a session's routes act on the session alone", async () => {
    const session = expectJson(await call(server.url, '/__admin/sessions', { json: {} }), 201)
    const base = await names()
    expectJson(await call(server.url, `${session.admin}scenario`, { json: { scenario: 'empty', seed: 1 } }))
    const [account] = expectJson(await call(server.url, `${session.admin}records/accounts`)).records
    expect((await call(server.url, '/api/workspaces', { headers: authOf(account) })).body.data).toEqual([])
    expect(await names()).toEqual(base)
    await call(server.url, `/__admin/sessions/${session.id}`, { method: 'DELETE' })
  })
})
