/**
 * Operations of your own get the whole kit, through real fetch against `setupServer(...api.handlers)`:
 * authentication and the order of the checks, 415/413/400 and one 422 listing every problem at its
 * location, tenant scoping, 405 and OPTIONS with the new methods, the journal, faults and typed overrides
 * by name, strict mode over what `run` answers, paging within the profile's bounds, and a rejected request
 * that changes nothing.
 */
import { describe, expect, test } from 'vitest'
import {
  defineOperation,
  gatewayEntrySchema,
  identifierParameter,
  z,
  type RecordFields,
} from '../../src/index.ts'
import { useHarness } from '../support/mock-server.ts'

const ORIGIN = 'https://extended.example.test'
const fields = { application: { labels: { schema: z.array(z.string()), build: () => [], writable: true } } } satisfies RecordFields

const tagApplication = defineOperation({
  name: 'tagApplication',
  method: 'PATCH',
  path: '/api/applications/{applicationId}/tags',
  params: { applicationId: identifierParameter },
  query: { mode: z.optional(z.enum(['replace', 'append'])) },
  headers: { 'X-Request-Tag': z.string().max(8) },
  scope: 'workspace',
  body: z.strictObject({ tags: z.array(z.string().min(1)).max(3) }),
  fields,
  response: { shape: 'item', record: 'application' },
  run: ({ params, query, body, applications }) => {
    const application = applications.get(params.applicationId)
    const kept = query.mode === 'append' ? application.labels : []
    return applications.update(application, { labels: [...kept, ...body.tags] })
  },
})

const listGateways = defineOperation({
  name: 'listGateways',
  method: 'GET',
  path: '/api/gateways',
  scope: 'workspace',
  response: { shape: 'list', record: { name: 'Gateway', schema: gatewayEntrySchema } },
  run: ({ applications }) => [...new Map(applications.list().flatMap((a) => a.gateways).map((g) => [g.id, g])).values()],
})

const pageOfWorkspace = defineOperation({
  name: 'listWorkspaceApplications',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/applications',
  params: { workspaceId: identifierParameter },
  response: { shape: 'page', record: 'application' },
  run: ({ params, workspaces, applications }) => applications.list(workspaces.get(params.workspaceId)),
})

const copyWorkspace = defineOperation({
  name: 'copyWorkspace',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/copies',
  params: { workspaceId: identifierParameter },
  response: { shape: 'item', record: 'workspace', status: 201 },
  statuses: [404],
  run: ({ params, workspaces }) => {
    const original = workspaces.get(params.workspaceId)
    return workspaces.create({ name: `${original.name} (copy)`, description: original.description })
  },
})

const broken = defineOperation({
  name: 'getBroken',
  method: 'GET',
  path: '/api/broken',
  response: { shape: 'item', record: { name: 'Broken', schema: z.strictObject({ id: z.string() }) } },
  run: () => ({ id: 7 }) as never,
})

const operations = [tagApplication, listGateways, pageOfWorkspace, copyWorkspace, broken] as const
// The answers of operations of your own are held to the mock's own document (documents.test.ts), not to the shipped one.
const { api } = useHarness({ scenario: 'multi-tenant', seed: 3, baseUrl: ORIGIN, operations, fields, strict: true, profile: { paging: { pageSize: { max: 20 } } } })

const [me, other] = api.principals
const auth = (who = me!) => ({ 'X-API-Key': who.apiKey, 'X-API-Secret': who.apiSecret })
const mine = () => api.db.workspaces.all().filter((w) => w.organization === me!.organization)
const theirs = () => api.db.workspaces.all().find((w) => w.organization === other!.organization)!
const appIn = (workspaceId: string) => api.db.applications.all().find((a) => a.workspace === workspaceId)!

function tag(init: { workspace?: string; application?: string; headers?: Record<string, string>; body?: string; query?: string } = {}) {
  const workspace = init.workspace ?? mine()[0]!.id
  const application = init.application ?? appIn(mine()[0]!.id).id
  return fetch(`${ORIGIN}/api/applications/${application}/tags${init.query ?? ''}`, {
    method: 'PATCH',
    headers: { ...auth(), 'X-Workspace-ID': workspace, 'X-Request-Tag': 't1', 'Content-Type': 'application/json', ...init.headers },
    body: init.body ?? JSON.stringify({ tags: ['blue'] }),
  })
}

describe('a write of your own', () => {
  test('answers with the envelope of its record; the store keeps its rules: a new frozen version, updated and modified_by', async () => {
    const before = appIn(mine()[0]!.id)
    const response = await tag({ query: '?mode=append' })
    expect(response.status).toBe(200)
    expect(response.headers.get('Link')).toBe('</api/schemas/SuccessResponseApplicationBody.json>; rel="describedBy"')
    const { data } = await response.json()
    expect(data).toMatchObject({ id: before.id, labels: ['blue'], modified_by: me!.account })
    expect(data.updated).toBeGreaterThan(before.updated)
    const stored = api.db.applications.findFirst((q) => q.where({ id: before.id }))!
    expect(Object.isFrozen(stored)).toBe(true)
    const read = await fetch(`${ORIGIN}/api/applications/${before.id}`, { headers: { ...auth(), 'X-Workspace-ID': mine()[0]!.id } })
    expect((await read.json()).data.labels).toEqual(['blue'])
  })

  test('401 before anything else, with the challenge; then 415, 413, 400 in that order', async () => {
    const unauthenticated = await fetch(`${ORIGIN}/api/applications/x/tags`, { method: 'PATCH', headers: { 'Content-Type': 'text/plain' }, body: 'x' })
    expect(unauthenticated.status).toBe(401)
    expect(unauthenticated.headers.get('WWW-Authenticate')).toContain('ApiKey')
    expect((await tag({ headers: { 'Content-Type': 'text/plain' } })).status).toBe(415)
    expect((await tag({ body: `{"tags":["${'a'.repeat(1024 * 1024)}"]}` })).status).toBe(413)
    expect((await tag({ body: '{"tags":' })).status).toBe(400)
  })

  test('one 422 lists every problem at path., header., query. and body. locations', async () => {
    const response = await tag({
      application: `app_${'0'.repeat(40)}`,
      headers: { 'X-Request-Tag': 'far-too-long' },
      query: '?mode=sideways',
      body: JSON.stringify({ tags: ['', 'ok'], extra: true }),
    })
    expect(response.status).toBe(422)
    const body = await response.json()
    expect(body.errors.map((error: { location: string }) => error.location)).toEqual(['path.applicationId', 'header.X-Request-Tag', 'query.mode', 'body.tags.0', 'body.extra'])
    const scopeMissing = await fetch(`${ORIGIN}/api/applications/${appIn(mine()[0]!.id).id}/tags`, {
      method: 'PATCH',
      headers: { ...auth(), 'X-Request-Tag': 't', 'Content-Type': 'application/json' },
      body: '{"tags":[]}',
    })
    expect((await scopeMissing.json()).errors).toEqual([{ message: expect.any(String), location: 'header.X-Workspace-ID' }])
  })

  test("another organization's workspace is 404, as one that does not exist; nothing rejected changes anything", async () => {
    const before = JSON.stringify(api.snapshot())
    const foreign = await tag({ workspace: theirs().id, application: appIn(theirs().id).id })
    const missing = await tag({ workspace: `wse_${'0'.repeat(32)}` })
    expect([foreign.status, missing.status]).toEqual([404, 404])
    expect((await foreign.json()).detail).toBe(`workspace ${theirs().id} not found`)
    await tag({ body: '{"tags":[1]}' })
    await tag({ headers: { 'X-API-Secret': 'wrong' } })
    expect(JSON.stringify(api.snapshot())).toBe(before)
  })

  test('201 where the definition says so, and its record in the store', async () => {
    const response = await fetch(`${ORIGIN}/api/workspaces/${mine()[0]!.id}/copies`, { method: 'POST', headers: auth() })
    expect(response.status).toBe(201)
    const { data } = await response.json()
    expect(data.name).toBe(`${mine()[0]!.name} (copy)`)
    expect(api.db.workspaces.all().some((w) => w.id === data.id)).toBe(true)
  })
})

describe('reads of your own', () => {
  test('a list of a record of your own, with its envelope and its schema document', async () => {
    const response = await fetch(`${ORIGIN}/api/gateways`, { headers: { ...auth(), 'X-Workspace-ID': mine()[0]!.id } })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.$schema).toBe(`${ORIGIN}/api/schemas/SuccessResponseListGatewayBody.json`)
    expect(body.data.length).toBeGreaterThan(0)
    const schema = await fetch(body.$schema)
    expect(schema.status).toBe(200)
    expect((await schema.json()).properties.data.items.properties.id.pattern).toBe('^(?:gtw)_[0-9a-f]+$')
  })

  test("a page cut by the kit within the profile's bounds", async () => {
    const workspace = mine().find((w) => api.db.applications.all().filter((a) => a.workspace === w.id).length > 3)!
    const page = await fetch(`${ORIGIN}/api/workspaces/${workspace.id}/applications?page_size=20`, { headers: auth() })
    const body = await page.json()
    expect(body).toMatchObject({ current_page: 1, page_size: 20, total: api.db.applications.all().filter((a) => a.workspace === workspace.id).length })
    const over = await fetch(`${ORIGIN}/api/workspaces/${workspace.id}/applications?page_size=21`, { headers: auth() })
    expect(over.status).toBe(422)
    expect((await over.json()).errors[0]).toMatchObject({ location: 'query.page_size', message: 'expected number <= 20' })
  })

  test('strict mode holds what run answers to its schema: a loud 500 naming the operation and the field', async () => {
    const response = await fetch(`${ORIGIN}/api/broken`, { headers: auth() })
    expect(response.status).toBe(500)
    expect((await response.json()).detail).toMatch(/^contract violation in getBroken \(200 SuccessResponseBrokenBody\): data\.id: /)
    expect(api.violations).toMatchObject([{ operation: 'getBroken', schema: 'SuccessResponseBrokenBody', field: 'data.id' }])
  })
})

describe('routing, the journal, faults and overrides', () => {
  test('405 with an Allow that names the new method; OPTIONS answers it', async () => {
    const path = `${ORIGIN}/api/applications/${appIn(mine()[0]!.id).id}/tags`
    const get = await fetch(path, { headers: auth() })
    expect([get.status, get.headers.get('Allow')]).toEqual([405, 'PATCH, OPTIONS'])
    const options = await fetch(path, { method: 'OPTIONS' })
    expect([options.status, options.headers.get('Allow')]).toEqual([204, 'PATCH, OPTIONS'])
    const workspace = await fetch(`${ORIGIN}/api/workspaces`, { method: 'DELETE', headers: auth() })
    expect(workspace.headers.get('Allow')).toBe('GET, POST, OPTIONS')
  })

  test('the journal names the operation and its path template', async () => {
    await tag()
    expect(api.journal.last()).toMatchObject({ operation: 'tagApplication', path: '/api/applications/{applicationId}/tags', method: 'PATCH', status: 200, body: { tags: ['blue'] } })
    expect(api.journal.count({ operation: 'tagApplication' })).toBe(1)
  })

  test('faults by name and by method and path; they run before authentication and change nothing', async () => {
    api.faults.fail('tagApplication', { status: 503, times: 1 })
    api.faults.fail('PATCH /api/applications/{applicationId}/tags', { status: 502, times: 1 })
    const before = JSON.stringify(api.snapshot())
    expect((await tag()).status).toBe(503)
    expect((await tag({ headers: { 'X-API-Key': 'nobody' } })).status).toBe(502)
    expect(JSON.stringify(api.snapshot())).toBe(before)
    expect((await tag()).status).toBe(200)
  })

  test('a typed override by name answers with the operation envelope and status, after authentication', async () => {
    const application = appIn(mine()[0]!.id)
    api.override('tagApplication', ({ respond }) => respond({ ...application, labels: ['overridden'] }))
    api.override('copyWorkspace', ({ problem }) => problem(409, 'copies are paused'), { once: true })
    const overridden = await tag()
    expect((await overridden.json()).data.labels).toEqual(['overridden'])
    const refused = await fetch(`${ORIGIN}/api/workspaces/${mine()[0]!.id}/copies`, { method: 'POST', headers: auth() })
    expect([refused.status, (await refused.json()).detail]).toEqual([409, 'copies are paused'])
    expect((await tag({ headers: { 'X-API-Secret': 'wrong' } })).status).toBe(401)
    // @ts-expect-error: no operation of this mock is named so; at run time it throws, as a fault's target does
    expect(() => api.override('tagApplications', () => undefined)).toThrow(/^Unknown operation "tagApplications": use an operation name \(listWorkspaces, .*, tagApplication, /)
    // @ts-expect-error: an item operation responds with one record, not a list
    api.override('copyWorkspace', ({ respond }) => respond([]))
  })

  test('api.handle answers as the handlers do', async () => {
    const request = () => new Request(`${ORIGIN}/api/gateways`, { headers: { ...auth(), 'X-Workspace-ID': mine()[0]!.id } })
    const direct = await api.handle(request())
    const routed = await fetch(request())
    expect([direct!.status, await direct!.text()]).toEqual([routed.status, await routed.text()])
  })
})
