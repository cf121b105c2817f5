import { http, HttpResponse } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import { createMockApi, type Workspace } from '../../src/index.ts'
import { createSerializer, RecordContractError } from '../../src/handlers/context.ts'
import { DEFAULT_MODEL } from '../../src/model/record-model.ts'
import { useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 11 })
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {})

describe('typed overrides', () => {
  test('respond() wraps data in the operation\'s own envelope, for one test', async () => {
    const real = (await h.call('/api/workspaces')).body.data[0] as Workspace
    h.api.override('getWorkspace', ({ params, respond }) =>
      respond({ ...real, id: String(params.workspaceId), name: 'Overridden' }),
    )
    const res = await h.call(`/api/workspaces/${real.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, data: { name: 'Overridden', id: real.id } })
    expect(res.body.$schema).toMatch(/SuccessResponseWorkspaceBody\.json$/)
    await h.api.reset()
    expect((await h.call(`/api/workspaces/${real.id}`)).body.data.name).toBe(real.name)
  })

  test('problem() answers an RFC 9457 problem; `once` applies to one request', async () => {
    h.api.override('listWorkspaces', ({ problem }) => problem(503, 'down for maintenance'), { once: true })
    const first = await h.call('/api/workspaces')
    expect(first.status).toBe(503)
    expect(first.response.headers.get('Content-Type')).toBe('application/problem+json')
    expect(first.body).toMatchObject({ title: 'Service Unavailable', detail: 'down for maintenance' })
    expect((await h.call('/api/workspaces')).status).toBe(200)
  })

  test('a paged override fills current_page, page_size and total', async () => {
    const ws = (await h.call('/api/workspaces')).body.data[0].id
    h.api.override('listApplications', ({ respond }) => respond({ data: [], total: 0 }))
    const res = await h.call('/api/applications', { workspace: ws })
    expect(res.body).toMatchObject({ current_page: 1, page_size: 10, total: 0, data: [], success: true })
  })

  test('returning undefined lets the request through; the remover removes', async () => {
    const remove = h.api.override('listWorkspaces', () => undefined)
    expect((await h.call('/api/workspaces')).status).toBe(200)
    remove()
    h.api.override('listWorkspaces', ({ problem }) => problem(500, 'x'))
    expect((await h.call('/api/workspaces')).status).toBe(500)
  })

  test('overrides apply after authentication', async () => {
    h.api.override('listWorkspaces', ({ problem }) => problem(503, 'x'))
    expect((await h.call('/api/workspaces', { principal: null })).status).toBe(401)
  })

  test('plain server.use() still works for anything else', async () => {
    h.server.use(http.get('https://api.example.test/api/workspaces', () => HttpResponse.json({ custom: true })))
    expect((await fetch('https://api.example.test/api/workspaces')).status).toBe(200)
    h.server.resetHandlers()
  })
})

describe('contract-strict mode', () => {
  test('is on by default under a test runner', () => {
    expect(h.api.strict).toBe(true)
    expect(createMockApi({ scenario: 'empty', strict: false }).strict).toBe(false)
  })

  test('an override whose body breaks the schema fails loudly: 500 naming operation, field and reason', async () => {
    const errors = quiet()
    const real = (await h.call('/api/workspaces')).body.data[0]
    h.api.override('getWorkspace', ({ respond }) => respond({ ...real, name: 42 } as never))
    const res = await h.call(`/api/workspaces/${real.id}`)
    expect(res.status).toBe(500)
    expect(res.body.detail).toMatch(/contract violation in getWorkspace .*SuccessResponseWorkspaceBody.*data\.name: .*expected string/)
    expect(h.api.violations).toEqual([
      expect.objectContaining({ operation: 'getWorkspace', field: 'data.name', schema: 'SuccessResponseWorkspaceBody' }),
    ])
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('contract violation in getWorkspace'))
    await h.api.reset()
    expect(h.api.violations).toHaveLength(0)
  })

  test('a hand-built Response with an extra member or a wrong content type is caught too', async () => {
    quiet()
    h.api.override('listWorkspaces', () => HttpResponse.json({ data: [], success: true, extra: 1 }))
    const res = await h.call('/api/workspaces')
    expect(res.status).toBe(500)
    expect(h.api.violations.map((v) => v.field)).toEqual(expect.arrayContaining(['$schema', '(body)']))
    await h.api.reset()
    h.api.override('listWorkspaces', ({ problem }) =>
      new Response(JSON.stringify({ title: 'x', status: 500, detail: 'y', $schema: 'z' }), { status: 500 }),
    )
    await h.call('/api/workspaces')
    expect(h.api.violations.map((v) => v.field)).toContain('Content-Type')
  })

  test('stored records are frozen: they change only through db.update(), which validates', async () => {
    const record = h.api.db.workspaces.all()[0]!
    expect(() => {
      ;(record as { name: unknown }).name = null
    }).toThrow(TypeError)
    await expect(
      h.api.db.workspaces.update(record, { data: (draft) => void ((draft as { name: unknown }).name = 7) }),
    ).rejects.toThrow()
    expect(h.api.db.workspaces.all()[0]!.name).toBe(record.name)
  })

  test('the strict serializer refuses a record that breaks its schema, naming the field', () => {
    const real = h.api.db.applications.all()[0]!
    const broken = { ...real, port: 8080 } as never
    expect(() => createSerializer('wse', true, DEFAULT_MODEL).application(broken)).toThrow(RecordContractError)
    expect(() => createSerializer('wse', true, DEFAULT_MODEL).application(broken)).toThrow(/data\.port: .*expected string/)
    expect(new TextDecoder().decode(createSerializer('wse', false, DEFAULT_MODEL).application(broken))).toContain('"port":8080')
  })

  test('off: the same bad override goes out as it is', async () => {
    const api = createMockApi({ scenario: 'empty', strict: false, baseUrl: 'https://lenient.test' })
    h.server.use(...api.handlers)
    api.override('listWorkspaces', () => HttpResponse.json({ anything: true }))
    const res = await fetch('https://lenient.test/api/workspaces', {
      headers: { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret },
    })
    expect(await res.json()).toEqual({ anything: true })
    expect(api.violations).toHaveLength(0)
    h.server.resetHandlers()
  })
})
