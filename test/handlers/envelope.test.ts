/**
 * The bytes of the envelopes (spec 2.2): members in the spec's order, records in the order of spec 2.3 and
 * 2.4, lists of any length (none, one, several) well formed, and `Content-Length` equal to the body.
 */
import { describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { APPLICATION_FIELDS, WORKSPACE_FIELDS } from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 6 })

/** The first workspace and its applications. */
function scope() {
  const workspace = h.api.db.workspaces.all()[0]!
  const apps = h.api.db.applications.all().filter((a) => a.workspace === workspace.id)
  return { workspace: workspace.id, apps }
}

function expectLength(res: { response: Response; text: string }) {
  expect(res.response.headers.get('Content-Length')).toBe(String(new TextEncoder().encode(res.text).byteLength))
}

describe('member order', () => {
  test('single item: $schema, data, success; the record in the order of spec 2.3', async () => {
    const res = await h.call(`/api/workspaces/${scope().workspace}`)
    expect(Object.keys(res.body)).toEqual(['$schema', 'data', 'success'])
    expect(Object.keys(res.body.data)).toEqual([...WORKSPACE_FIELDS])
    expectLength(res)
  })

  test('list: $schema, data, success', async () => {
    const res = await h.call('/api/workspaces')
    expect(Object.keys(res.body)).toEqual(['$schema', 'data', 'success'])
    expectLength(res)
  })

  test('page: $schema, current_page, data, page_size, success, total; records in the order of spec 2.4', async () => {
    const res = await h.call('/api/applications', { workspace: scope().workspace })
    expect(Object.keys(res.body)).toEqual(['$schema', 'current_page', 'data', 'page_size', 'success', 'total'])
    expect(Object.keys(res.body.data[0])).toEqual([...APPLICATION_FIELDS])
    expectLength(res)
  })

  test('problem: $schema, title, status, detail, errors', async () => {
    const res = await h.call('/api/workspaces', { method: 'POST', json: { name: '' } })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body)).toEqual(['$schema', 'title', 'status', 'detail', 'errors'])
    expectLength(res)
  })
})

describe('problems without details', () => {
  test('a 401 has no errors member', async () => {
    const res = await h.call('/api/workspaces', { principal: null })
    expect(Object.keys(res.body)).toEqual(['$schema', 'title', 'status', 'detail'])
  })

  test('an empty list of details is left out too', async () => {
    h.api.override('listWorkspaces', ({ problem }) => problem(503, 'maintenance', []))
    const res = await h.call('/api/workspaces')
    expect(res.body).toEqual({
      $schema: `${ORIGIN}/api/schemas/ErrorModel.json`,
      title: 'Service Unavailable',
      status: 503,
      detail: 'maintenance',
    })
  })
})

describe('lists of every length', () => {
  test('a page past the end: empty data, the right total', async () => {
    const { workspace, apps } = scope()
    const res = await h.call('/api/applications?current_page=1000', { workspace })
    expect(res.body).toEqual({
      $schema: `${ORIGIN}/api/schemas/PagingResponseListApplicationBody.json`,
      current_page: 1000,
      data: [],
      page_size: 10,
      success: true,
      total: apps.length,
    })
    expectLength(res)
  })

  test('lists of exactly one record are that record, as GET shows it', async () => {
    const single = createMockApi({
      scenario: (kit) => {
        const organization = kit.organization()
        kit.principal(organization)
        kit.application(kit.workspace(organization))
      },
      baseUrl: ORIGIN,
    })
    await single.ready
    const get = async (path: string, workspace?: string) => {
      const headers: Record<string, string> = {
        'X-API-Key': single.credentials.apiKey,
        'X-API-Secret': single.credentials.apiSecret,
      }
      if (workspace) headers['X-Workspace-ID'] = workspace
      const response = (await single.handle(new Request(`${ORIGIN}${path}`, { headers })))!
      const text = await response.text()
      expect(response.headers.get('Content-Length')).toBe(String(new TextEncoder().encode(text).byteLength))
      return JSON.parse(text)
    }
    const workspaces = await get('/api/workspaces')
    expect(workspaces.data).toHaveLength(1)
    const workspace = workspaces.data[0].id
    expect(workspaces.data[0]).toEqual((await get(`/api/workspaces/${workspace}`)).data)
    const page = await get('/api/applications', workspace)
    expect(page).toMatchObject({ current_page: 1, page_size: 10, total: 1 })
    expect(page.data).toEqual([(await get(`/api/applications/${page.data[0].id}`, workspace)).data])
  })
})

describe('answers without a body', () => {
  test('OPTIONS on a known path: 204 with Allow, no content type and no body', async () => {
    const res = await h.call('/api/workspaces', { method: 'OPTIONS', principal: null })
    expect(res.status).toBe(204)
    expect(res.response.headers.get('Allow')).toBe('GET, POST, OPTIONS')
    expect(res.response.headers.get('Content-Type')).toBeNull()
    expect(res.text).toBe('')
  })
})
