/**
 * The four operations the spec leaves unshown, as presets: off by default (the six-operation contract as it
 * was, byte for byte), and, opted into, what the decisions of docs/extending.md say of each.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { createMockApi, unshownOperations, z } from '../../src/index.ts'
import { useHarness } from '../support/mock-server.ts'

const ORIGIN = 'https://presets.example.test'
const fields = { application: { status: { schema: z.enum(['active', 'paused']), build: () => 'active', writable: true } } }
const { api } = useHarness({ scenario: 'multi-tenant', seed: 5, baseUrl: ORIGIN, operations: unshownOperations, fields })

const [me, other] = api.principals
const headers = (workspace?: string) => ({
  'X-API-Key': me!.apiKey,
  'X-API-Secret': me!.apiSecret,
  'Content-Type': 'application/json',
  ...(workspace === undefined ? {} : { 'X-Workspace-ID': workspace }),
})
const call = (method: string, path: string, workspace?: string, body?: unknown) =>
  fetch(`${ORIGIN}${path}`, { method, headers: headers(workspace), ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
const mine = () => api.db.workspaces.all().find((w) => w.organization === me!.organization && api.db.applications.all().some((a) => a.workspace === w.id))!
const theirs = () => api.db.workspaces.all().find((w) => w.organization === other!.organization)!
const appsOf = (workspace: string) => api.db.applications.all().filter((a) => a.workspace === workspace)

test('off by default: the delete and the application writes are 405, and the served documents are the shipped ones', async () => {
  const plain = createMockApi({ scenario: 'demo', baseUrl: 'http://127.0.0.1:4010' })
  const request = (method: string, path: string) => plain.handle(new Request(`http://127.0.0.1:4010${path}`, { method, headers: headers() }))
  expect((await request('DELETE', '/api/workspaces/wse_1'))!.status).toBe(405)
  expect((await request('POST', '/api/applications'))!.headers.get('Allow')).toBe('GET, OPTIONS')
  const served = await (await request('GET', '/api/openapi.json'))!.text()
  expect(served).toBe(readFileSync(new URL('../../fixtures/openapi.json', import.meta.url), 'utf8'))
})

describe('DELETE /api/workspaces/{workspaceId}', () => {
  test('204 without a body; the workspace and its applications are gone, from every read and the snapshot', async () => {
    const workspace = mine()
    const response = await call('DELETE', `/api/workspaces/${workspace.id}`)
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect((await call('GET', `/api/workspaces/${workspace.id}`)).status).toBe(404)
    expect((await call('GET', '/api/applications', workspace.id)).status).toBe(404)
    const listed = await (await call('GET', '/api/workspaces')).json()
    expect(listed.data.map((w: { id: string }) => w.id)).not.toContain(workspace.id)
    expect(api.snapshot().applications.filter((a) => a.workspace === workspace.id)).toEqual([])
  })

  test("another organization's workspace is 404 and stays", async () => {
    const response = await call('DELETE', `/api/workspaces/${theirs().id}`)
    expect(response.status).toBe(404)
    expect(api.db.workspaces.all().some((w) => w.id === theirs().id)).toBe(true)
  })
})

describe('POST /api/applications', () => {
  test("creates in the workspace X-Workspace-ID names: name required, the rest defaulted, writable fields taken", async () => {
    const workspace = mine()
    const response = await call('POST', '/api/applications', workspace.id, { name: 'Wiki', status: 'paused', port: '8090' })
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(data).toMatchObject({
      name: 'Wiki',
      description: '',
      access_type: 'private',
      domain: '',
      port: '8090',
      protocol: 'http',
      gateways: [],
      workspace: workspace.id,
      created_by: me!.account,
      modified_by: me!.account,
      status: 'paused',
    })
    expect(data.id).toMatch(/^app_[0-9a-f]{32}$/)
    expect(data.created).toBe(data.updated)
    const page = await (await call('GET', '/api/applications?page_size=100', workspace.id)).json()
    expect(page.data.map((a: { id: string }) => a.id)).toContain(data.id)
  })

  test('every problem of the body in one 422; X-Workspace-ID by the kit\'s rules; nothing created', async () => {
    const before = api.snapshot().applications.length
    const invalid = await call('POST', '/api/applications', mine().id, { name: '', gateways: [{ id: 'x' }], owner: 'me', status: 'archived' })
    expect(invalid.status).toBe(422)
    expect((await invalid.json()).errors.map((e: { location: string }) => e.location)).toEqual([
      'body.name',
      'body.gateways.0.id',
      'body.gateways.0.name',
      'body.status',
      'body.owner',
    ])
    expect((await call('POST', '/api/applications', undefined, { name: 'x' })).status).toBe(422)
    expect((await call('POST', '/api/applications', theirs().id, { name: 'x' })).status).toBe(404)
    expect(api.snapshot().applications.length).toBe(before)
  })
})

describe('PUT and DELETE /api/applications/{applicationId}', () => {
  test('an update changes the members given; domain is set on create only', async () => {
    const workspace = mine()
    const application = appsOf(workspace.id)[0]!
    const response = await call('PUT', `/api/applications/${application.id}`, workspace.id, { description: 'moved', status: 'paused' })
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(data).toMatchObject({ ...application, description: 'moved', status: 'paused', updated: expect.any(Number), modified_by: me!.account })
    expect(data.updated).toBeGreaterThan(application.updated)
    const domain = await call('PUT', `/api/applications/${application.id}`, workspace.id, { domain: 'x' })
    expect((await domain.json()).errors).toEqual([{ message: 'unexpected property', location: 'body.domain', value: 'x' }])
  })

  test('a delete is 204; an application outside the named workspace is 404 and stays', async () => {
    const workspace = mine()
    const [first] = appsOf(workspace.id)
    const elsewhere = api.db.applications.all().find((a) => a.workspace !== workspace.id)!
    expect((await call('DELETE', `/api/applications/${elsewhere.id}`, workspace.id)).status).toBe(404)
    expect((await call('DELETE', `/api/applications/${first!.id}`, workspace.id)).status).toBe(204)
    expect(appsOf(workspace.id).map((a) => a.id)).not.toContain(first!.id)
    expect(api.db.applications.all().some((a) => a.id === elsewhere.id)).toBe(true)
  })
})

test('the journal, the OpenAPI document and the schema documents know them', async () => {
  await call('DELETE', `/api/workspaces/${mine().id}`)
  expect(api.journal.last()).toMatchObject({ operation: 'deleteWorkspace', status: 204 })
  const document = await (await fetch(`${ORIGIN}/api/openapi.json`)).json()
  expect(document.paths['/api/workspaces/{workspaceId}'].delete.responses['204']).toEqual({ description: 'No Content' })
  expect(document.paths['/api/applications'].post).toMatchObject({
    operationId: 'createApplication',
    requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateApplicationInputBody' } } } },
  })
  expect(Object.keys(document.paths['/api/applications/{applicationId}'])).toEqual(['get', 'put', 'delete'])
  expect(document.components.schemas.CreateApplicationInputBody.properties.status).toEqual({ type: 'string', enum: ['active', 'paused'] })
  expect(document.components.schemas.Application.required).toContain('status')
})
