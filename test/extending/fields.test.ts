/**
 * Fields of your own on the built-in records: part of the record everywhere. Generated (seeded, and changing
 * no other value), accepted and validated in states, in snapshots and envelopes, in the collections' and
 * strict mode's schemas, in the JSON Schemas and OpenAPI documents; taken by the built-in bodies only when
 * writable.
 */
import { describe, expect, test } from 'vitest'
import { createFactories, createMockApi, InvalidStateError, z, type RecordFields, type ScenarioState } from '../../src/index.ts'

const fields: RecordFields = {
  workspace: { tier: { schema: z.enum(['free', 'team']), build: ({ faker }) => faker.helpers.arrayElement(['free', 'team']), writable: true } },
  application: {
    status: { schema: z.enum(['active', 'paused']), build: ({ faker }) => (faker.datatype.boolean() ? 'active' : 'paused') },
    slug: { schema: z.string(), build: ({ record }) => record.name.toLowerCase().replace(/\W+/g, '-') },
  },
}
const ORIGIN = 'https://fields.example.test'
const ready = async (options: Parameters<typeof createMockApi>[0]) => {
  const api = createMockApi({ baseUrl: ORIGIN, ...options })
  await api.ready
  return api
}
const without = (state: ScenarioState) => ({
  ...state,
  workspaces: state.workspaces.map(({ tier: _, ...rest }: Record<string, unknown>) => rest),
  applications: state.applications.map(({ status: _s, slug: _l, ...rest }: Record<string, unknown>) => rest),
})

describe('generated', () => {
  test('every record has them; the same seed gives the same bytes; declaring them changes no other value', async () => {
    const one = (await ready({ scenario: 'demo', seed: 9, fields })).snapshot()
    const two = (await ready({ scenario: 'demo', seed: 9, fields })).snapshot()
    const plain = (await ready({ scenario: 'demo', seed: 9 })).snapshot()
    expect(JSON.stringify(one)).toBe(JSON.stringify(two))
    expect(one.workspaces.every((w) => ['free', 'team'].includes((w as never as { tier: string }).tier))).toBe(true)
    expect(new Set(one.applications.map((a) => (a as never as { status: string }).status))).toEqual(new Set(['active', 'paused']))
    expect(one.applications[0]).toMatchObject({ slug: one.applications[0]!.name.toLowerCase().replace(/\W+/g, '-') })
    expect(JSON.stringify(without(one))).toBe(JSON.stringify(plain))
  })

  test('by the factories too', () => {
    const factories = createFactories({ seed: 4, fields })
    expect(factories.buildApplication({ name: 'Grafana Two' })).toMatchObject({ slug: 'grafana-two', status: expect.stringMatching(/^(active|paused)$/) })
    expect(createFactories({ seed: 4, fields }).buildWorkspace()).toEqual(createFactories({ seed: 4, fields }).buildWorkspace())
  })
})

describe('in states', () => {
  test('a snapshot loads again as it was; a state without them gets them built', async () => {
    const api = await ready({ scenario: 'multi-tenant', fields })
    const state = api.snapshot()
    expect(JSON.stringify((await ready({ state, fields })).snapshot())).toBe(JSON.stringify(state))
    const older = (await ready({ state: without(state) as ScenarioState, fields })).snapshot()
    expect(older.applications.every((a) => typeof (a as never as { status: unknown }).status === 'string')).toBe(true)
  })

  test('a value the schema refuses, or a field the mock does not declare: InvalidStateError naming the record and field', async () => {
    const state = (await ready({ scenario: 'empty', fields })).snapshot()
    const bad = structuredClone(state)
    const api = await ready({ scenario: 'multi-tenant', fields })
    const withApps = api.snapshot()
    ;(withApps.applications[2] as never as { status: string }).status = 'archived'
    expect(() => createMockApi({ state: withApps, fields })).toThrow(InvalidStateError)
    expect(() => createMockApi({ state: withApps, fields })).toThrow(`state.applications[2] (id ${withApps.applications[2]!.id}): field status: Invalid option`)
    expect(() => createMockApi({ state: bad })).not.toThrow()
    expect(() => createMockApi({ state: api.snapshot() })).toThrow(/field \(record\): Unrecognized key: "tier"/)
  })

  test("the collections hold them to the schema: api.db's writes too", async () => {
    const api = await ready({ scenario: 'demo', fields })
    const [application] = api.db.applications.all()
    await expect(api.db.applications.update(application!, { data: (draft) => void ((draft as unknown as { status: string }).status = 'gone') })).rejects.toThrow()
  })
})

describe('served', () => {
  test('in envelopes, JSON Schemas and both OpenAPI documents; the bodies take the writable ones only', async () => {
    const api = await ready({ scenario: 'demo', fields })
    const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'Content-Type': 'application/json' }
    const get = async (path: string) => (await api.handle(new Request(`${ORIGIN}${path}`, { headers })))!
    const [workspace] = (await (await get('/api/workspaces')).json()).data
    expect(workspace.tier).toMatch(/^(free|team)$/)
    const schema = await (await get('/api/schemas/SuccessResponseWorkspaceBody.json')).json()
    expect(schema.properties.data.properties.tier).toEqual({ type: 'string', enum: ['free', 'team'] })
    for (const document of ['/api/openapi.json', '/api/openapi-3.0.json']) {
      const { components } = await (await get(document)).json()
      expect(components.schemas.Application.properties.status).toEqual({ type: 'string', enum: ['active', 'paused'] })
      expect(components.schemas.CreateWorkspaceInputBody.properties.tier).toEqual({ type: 'string', enum: ['free', 'team'] })
      expect(components.schemas.CreateWorkspaceInputBody.required).toEqual(['name'])
    }
    const write = (method: string, path: string, body: unknown) => api.handle(new Request(`${ORIGIN}${path}`, { method, headers, body: JSON.stringify(body) }))
    const created = await (await write('POST', '/api/workspaces', { name: 'Tiered', tier: 'team' }))!.json()
    expect(created.data.tier).toBe('team')
    const updated = await (await write('PUT', `/api/workspaces/${created.data.id}`, { tier: 'free' }))!.json()
    expect(updated.data.tier).toBe('free')
    const defaulted = await (await write('POST', '/api/workspaces', { name: 'Built' }))!.json()
    expect(defaulted.data.tier).toMatch(/^(free|team)$/)
    const refused = await write('POST', '/api/workspaces', { name: 'x', tier: 'gold' })
    expect((await refused!.json()).errors).toEqual([{ message: expect.stringContaining('Invalid option'), location: 'body.tier', value: 'gold' }])
  })

  test('strict mode: what is served is held to the schema with the fields', async () => {
    const api = await ready({ scenario: 'demo', fields, strict: true })
    const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
    const response = await api.handle(new Request(`${ORIGIN}/api/workspaces`, { headers }))
    expect(response!.status).toBe(200)
    expect(api.violations).toEqual([])
  })
})
