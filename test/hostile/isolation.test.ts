/**
 * Isolation: two createMockApi instances in one process never share state, and reset() restores the exact
 * initial snapshot after any sequence of operations (a fast-check sequence of creates, updates and
 * rejections), also with writes still in flight when it is called.
 */
import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, type MockApi, type Principal, type Workspace } from '../../src/index.ts'
import { declaredSchema, schemaErrors } from '../support/schemas.ts'
import { ORIGIN } from './support/hostile-server.ts'
import { pollution } from './support/pollution.ts'
import { fuzzSeed, runs } from './support/settings.ts'

/** A property's time limit: the mutation run sets a short one, so that a mutant that hangs it fails fast. */
const PROPERTY_TIMEOUT_MS = Number(process.env.PROPERTY_TIMEOUT_MS ?? 120_000)

const seed = fuzzSeed()

// ------------------------------------------------------------------------------------ two instances

const ORIGIN_A = 'https://a.example.test'
const ORIGIN_B = 'https://b.example.test'
/** Same scenario, same seed: identical data and credentials, so only separate state can tell them apart. */
const a = createMockApi({ scenario: 'multi-tenant', seed: 3, baseUrl: ORIGIN_A })
const b = createMockApi({ scenario: 'multi-tenant', seed: 3, baseUrl: ORIGIN_B })
/** A third instance, for the reset() properties. */
const c = createMockApi({ scenario: 'multi-tenant', seed: 17, baseUrl: ORIGIN })
/** One server for all three (two setupServer instances cannot intercept at once). */
const server = setupServer(...a.handlers, ...b.handlers, ...c.handlers)
const incidents: string[] = []
server.events.on('request:unhandled', ({ request }) => void incidents.push(`unhandled ${request.method} ${request.url}`))
server.events.on('unhandledException', ({ error }) => void incidents.push(`exception ${String(error)}`))
const initial = new Map<MockApi, string>()

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  await Promise.all([a.ready, b.ready, c.ready])
  for (const api of [a, b, c]) initial.set(api, JSON.stringify(api.snapshot()))
})

/** Whether an instance is byte-for-byte at its initial snapshot (a boolean: a diff of the whole state is noise). */
function atInitial(api: MockApi): boolean {
  return JSON.stringify(api.snapshot()) === initial.get(api)
}
afterAll(() => {
  server.close()
  expect(incidents).toEqual([])
})

async function send(origin: string, principal: Principal, method: string, path: string, json?: unknown) {
  const headers = new Headers({ 'X-API-Key': principal.apiKey, 'X-API-Secret': principal.apiSecret })
  if (json !== undefined) headers.set('Content-Type', 'application/json')
  const response = await fetch(`${origin}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) })
  const body = (await response.json()) as { data?: any }
  const schema = declaredSchema(response)
  expect(schema, `${method} ${path} declares its schema`).toBeDefined()
  expect(schemaErrors(schema!, body)).toBeUndefined()
  return { status: response.status, body }
}

describe('two createMockApi instances in one process', () => {
  test('start identical (but for the origin of icon URLs), yet hold separate collections', () => {
    expect(initial.get(b)!.split(ORIGIN_B).join(ORIGIN_A) === initial.get(a)).toBe(true)
    expect(a.db).not.toBe(b.db)
    expect(a.db.workspaces).not.toBe(b.db.workspaces)
    expect(a.db.workspaces.all()).not.toBe(b.db.workspaces.all())
    expect(a.handlers.some((h) => b.handlers.includes(h))).toBe(false)
    expect(a.credentials).toEqual(b.credentials)
  })

  test('a write through one is invisible to the other, in both directions, and reset() is per instance', async () => {
    const who = a.principals[0]!
    const created = await send(ORIGIN_A, who, 'POST', '/api/workspaces', { name: 'only in A' })
    expect(created.status).toBe(200)
    expect(atInitial(b), 'B untouched by a create in A').toBe(true)
    expect((await send(ORIGIN_B, who, 'GET', `/api/workspaces/${created.body.data.id}`)).status).toBe(404)
    expect(b.snapshot().workspaces.some((w) => w.id === created.body.data.id)).toBe(false)

    const target = (b.snapshot().workspaces.find((w) => w.organization === who.organization) as Workspace).id
    expect((await send(ORIGIN_B, who, 'PUT', `/api/workspaces/${target}`, { name: 'only in B' })).status).toBe(200)
    expect((await send(ORIGIN_A, who, 'GET', `/api/workspaces/${target}`)).body.data.name).not.toBe('only in B')

    // The same seed mints the same next id in both, yet each keeps its own record under it.
    const inB = await send(ORIGIN_B, who, 'POST', '/api/workspaces', { name: 'B twin' })
    expect(inB.body.data.id).toBe(created.body.data.id)
    expect((await send(ORIGIN_A, who, 'GET', `/api/workspaces/${inB.body.data.id}`)).body.data.name).toBe('only in A')

    await a.reset()
    expect(atInitial(a), 'A reset').toBe(true)
    expect(b.snapshot().workspaces.some((w) => w.name === 'only in B')).toBe(true)
    await b.reset()
    expect(atInitial(b), 'B reset').toBe(true)
  })

  test('property: any sequence of writes to one instance leaves the other at its initial snapshot', async () => {
    const principals = a.principals
    const op = fc.record({
      who: fc.constantFrom(0, 1),
      kind: fc.constantFrom('create', 'update', 'bad-create', 'foreign-update'),
      index: fc.nat(20),
      name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    })
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('A', 'B'), fc.array(op, { minLength: 1, maxLength: 12 }), async (which, ops) => {
        const [target, bystander, origin] = which === 'A' ? [a, b, ORIGIN_A] : [b, a, ORIGIN_B]
        try {
          for (const { who, kind, index, name } of ops) {
            const me = principals[who]!
            const state = target.snapshot()
            const own = state.workspaces.filter((w) => w.organization === me.organization)
            const theirs = state.workspaces.filter((w) => w.organization !== me.organization)
            if (kind === 'create') await send(origin, me, 'POST', '/api/workspaces', { name })
            if (kind === 'bad-create') await send(origin, me, 'POST', '/api/workspaces', { name, extra: true })
            if (kind === 'update') await send(origin, me, 'PUT', `/api/workspaces/${own[index % own.length]!.id}`, { name })
            if (kind === 'foreign-update') await send(origin, me, 'PUT', `/api/workspaces/${theirs[index % theirs.length]!.id}`, { name })
            expect(atInitial(bystander), `${which === 'A' ? 'B' : 'A'} untouched after ${kind}`).toBe(true)
          }
        } finally {
          await target.reset()
        }
        expect(atInitial(target), `${which} reset`).toBe(true)
      }),
      { seed, numRuns: runs(25) },
    )
  }, PROPERTY_TIMEOUT_MS)
})

// ----------------------------------------------------------------------------------------- reset()

describe('reset()', () => {

  type Step =
    | { kind: 'create'; who: 0 | 1; name: string; description: string | undefined }
    | { kind: 'update'; who: 0 | 1; index: number; name: string | undefined; description: string | undefined }
    | { kind: 'update-created'; who: 0 | 1; name: string }
    | { kind: 'reject'; who: 0 | 1; how: 'bad-json' | 'extra-member' | 'wrong-type' | 'foreign' | 'no-auth' | 'too-long-id' | 'media-type' }

  const text = fc.string({ unit: 'grapheme', maxLength: 16 })
  const who = fc.constantFrom(0 as const, 1 as const)
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('create' as const), who, name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 }), description: fc.option(text, { nil: undefined }) }),
    fc.record({ kind: fc.constant('update' as const), who, index: fc.nat(10), name: fc.option(fc.string({ minLength: 1 }), { nil: undefined }), description: fc.option(text, { nil: undefined }) }),
    fc.record({ kind: fc.constant('update-created' as const), who, name: fc.string({ minLength: 1, maxLength: 8 }) }),
    fc.record({
      kind: fc.constant('reject' as const),
      who,
      how: fc.constantFrom('bad-json' as const, 'extra-member' as const, 'wrong-type' as const, 'foreign' as const, 'no-auth' as const, 'too-long-id' as const, 'media-type' as const),
    }),
  )

  async function apply(api: MockApi, created: Map<number, string[]>, s: Step): Promise<number> {
    const me = api.principals[s.who]!
    const state = api.snapshot()
    const own = state.workspaces.filter((w) => w.organization === me.organization)
    const theirs = state.workspaces.filter((w) => w.organization !== me.organization)
    const headers: Record<string, string> = { 'X-API-Key': me.apiKey, 'X-API-Secret': me.apiSecret, 'Content-Type': 'application/json' }
    const go = async (method: string, path: string, body: string, extra: Record<string, string> = {}) => {
      const response = await fetch(`${ORIGIN}${path}`, { method, headers: { ...headers, ...extra }, body })
      const json = (await response.json()) as { data?: Workspace }
      expect(response.status).toBeLessThan(500)
      return { status: response.status, json }
    }
    switch (s.kind) {
      case 'create': {
        const r = await go('POST', '/api/workspaces', JSON.stringify({ name: s.name, description: s.description }))
        if (r.status === 200) created.set(s.who, [...(created.get(s.who) ?? []), r.json.data!.id])
        return r.status
      }
      case 'update':
        return (await go('PUT', `/api/workspaces/${own[s.index % own.length]!.id}`, JSON.stringify({ name: s.name, description: s.description }))).status
      case 'update-created': {
        const mine = created.get(s.who) ?? []
        const id = mine.at(-1) ?? own[0]!.id
        return (await go('PUT', `/api/workspaces/${id}`, JSON.stringify({ name: s.name }))).status
      }
      case 'reject': {
        const target = own[0]!.id
        const before = JSON.stringify(api.snapshot())
        const r =
          s.how === 'bad-json' ? await go('POST', '/api/workspaces', '{"name":')
          : s.how === 'extra-member' ? await go('PUT', `/api/workspaces/${target}`, '{"domain":"x"}')
          : s.how === 'wrong-type' ? await go('POST', '/api/workspaces', '{"name":7}')
          : s.how === 'foreign' ? await go('PUT', `/api/workspaces/${theirs[0]!.id}`, '{"name":"mine now"}')
          : s.how === 'no-auth' ? await go('POST', '/api/workspaces', '{"name":"x"}', { 'X-API-Secret': 'nope' })
          : s.how === 'too-long-id' ? await go('PUT', `/api/workspaces/${target}0`, '{"name":"x"}')
          : await go('POST', '/api/workspaces', '{"name":"x"}', { 'Content-Type': 'text/plain' })
        expect(r.status).toBeGreaterThanOrEqual(400)
        expect(JSON.stringify(api.snapshot()) === before, `rejected ${s.how} changed nothing`).toBe(true)
        return r.status
      }
    }
  }

  test('property: after any sequence of creates, updates and rejections, reset() restores the exact initial snapshot', async () => {
    const firstIds: string[] = []
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const created = new Map<number, string[]>()
        try {
          for (const s of steps) await apply(c, created, s)
        } finally {
          await c.reset()
        }
        expect(atInitial(c), 'reset() restores the initial snapshot').toBe(true)
        expect(pollution()).toBeUndefined()
        const first = [...created.values()].flat()[0]
        if (first) firstIds.push(first)
      }),
      { seed, numRuns: runs(40) },
    )
    // reset() also rewinds id minting: the first workspace created after every reset has the same id.
    expect(new Set(firstIds).size).toBeLessThanOrEqual(1)
    expect(incidents).toEqual([])
  }, PROPERTY_TIMEOUT_MS)

  test('reset() called while writes are in flight settles them and still restores the initial snapshot', async () => {
    const me = c.principals[0]!
    const headers = { 'X-API-Key': me.apiKey, 'X-API-Secret': me.apiSecret, 'Content-Type': 'application/json' }
    const own = c.snapshot().workspaces.filter((w) => w.organization === me.organization)
    const writes = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? fetch(`${ORIGIN}/api/workspaces`, { method: 'POST', headers, body: JSON.stringify({ name: `storm ${i}` }) })
        : fetch(`${ORIGIN}/api/workspaces/${own[i % own.length]!.id}`, { method: 'PUT', headers, body: JSON.stringify({ name: `storm ${i}` }) }),
    )
    const resetting = c.reset()
    const answers = await Promise.all(writes)
    await resetting
    for (const answer of answers) expect(answer.status).toBeLessThan(500)
    await c.reset()
    expect(atInitial(c), 'reset() restores the initial snapshot').toBe(true)
    // The handlers still work on the restored state.
    const list = await fetch(`${ORIGIN}/api/workspaces`, { headers })
    expect(((await list.json()) as { data: unknown[] }).data.length).toBe(own.length)
  })
})
