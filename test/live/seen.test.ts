/**
 * What `live` keeps for the code that follows the service (src/live/seen.ts, docs/live.md): bounded by
 * what is kept, however many answers come. And how it is asked for, over real sockets: a request no route
 * of the mock takes goes to the service too only with `*` on a mode that asks it, only for the mock's own
 * principals, in the background (the client gets the mock's 404 or 405 at once); the service's OpenAPI
 * document once, without credentials, past MSW's handlers.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, driftFindings, driftModule, startMockServer, z, type MockServer } from '../../src/node/index.ts'
import { SEEN_BOUNDS, Seen } from '../../src/live/seen.ts'
import { checkFields } from '../../src/model/fields.ts'
import { DEFAULT_MODEL, recordModel } from '../../src/model/record-model.ts'
import { authOf, call } from '../server/http-helpers.ts'
import { jsonPlant, SERVICE, startService, type Service } from './service.ts'

const hex = (n: number) => n.toString(16).padStart(32, '0')

describe('the bounds of what is kept', () => {
  test("of each record, the members the mock does not declare (its own fields neither) and its id; a record once, by id", () => {
    const fields = checkFields({ workspace: { region: { schema: z.string(), build: () => 'eu' } } })
    const seen = new Seen(recordModel(fields))
    seen.records('workspace', 'GET /api/workspaces', [{ id: 'wse_1', name: 'A', region: 'eu', tier: 'free' }, { id: 'wse_2', name: 'B', tier: 'team' }, 'no record'])
    seen.records('workspace', 'GET /api/workspaces/wse_1', { id: 'wse_1', name: 'A', tier: 'changed' })
    expect(seen.kept().records).toEqual([
      { record: 'workspace', seen: 'GET /api/workspaces', values: { id: 'wse_1', tier: 'free' } },
      { record: 'workspace', seen: 'GET /api/workspaces', values: { id: 'wse_2', tier: 'team' } },
    ])
  })

  test(`at most ${SEEN_BOUNDS.records} records of each kind however many answers come, so at most as many values of a field`, () => {
    const seen = new Seen(DEFAULT_MODEL)
    for (let page = 0; page < 100; page++) {
      const data = Array.from({ length: 100 }, (_, i) => ({ id: `app_${hex(page * 100 + i)}`, status: `s${(page * 100 + i) % 7}` }))
      seen.records('application', `GET /api/applications?current_page=${page}`, data)
    }
    seen.records('workspace', 'GET /api/workspaces', [{ id: 'wse_1', tier: 'free' }])
    const { records } = seen.kept()
    expect(records.filter((row) => row.record === 'application')).toHaveLength(SEEN_BOUNDS.records)
    expect(records.filter((row) => row.record === 'workspace')).toHaveLength(1)
  })

  test(`a record whose kept members take over ${SEEN_BOUNDS.recordCharacters / 1024} KiB is not kept; all of them together stay within ${SEEN_BOUNDS.characters / 1024} KiB`, () => {
    const seen = new Seen(DEFAULT_MODEL)
    seen.records('workspace', 'GET /api/workspaces', [{ id: 'wse_big', notes: 'x'.repeat(SEEN_BOUNDS.recordCharacters) }, { id: 'wse_small', notes: 'x' }])
    expect(seen.kept().records.map((row) => row.values.id)).toEqual(['wse_small'])
    const large = 'y'.repeat(SEEN_BOUNDS.recordCharacters - 100)
    seen.records('application', 'GET /api/applications', Array.from({ length: 100 }, (_, i) => ({ id: `app_${hex(i)}`, notes: large })))
    const kept = seen.kept().records
    expect(JSON.stringify(kept.map((row) => row.values)).length).toBeLessThanOrEqual(SEEN_BOUNDS.characters + kept.length)
    expect(kept.length).toBeLessThan(20)
  })

  test('a write: the members the mock lacks that came back as sent, whatever their key order; each field once, a hundred at most', () => {
    const seen = new Seen(DEFAULT_MODEL)
    const body = { name: 'Renamed', tier: 'team', limits: { a: 1, b: [1, 2] }, region: 'eu' }
    seen.wrote('workspace', 'PUT /api/workspaces/wse_1', body, { id: 'wse_1', name: 'Renamed', tier: 'team', limits: { b: [1, 2], a: 1 }, region: 'us' })
    seen.wrote('workspace', 'PUT /api/workspaces/wse_2', body, { id: 'wse_2', name: 'Renamed', tier: 'team' })
    expect(seen.kept().writable).toEqual([
      { record: 'workspace', field: 'tier', seen: 'PUT /api/workspaces/wse_1' },
      { record: 'workspace', field: 'limits', seen: 'PUT /api/workspaces/wse_1' },
    ])
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`f${i}`, i]))
    seen.wrote('application', 'PUT /api/applications/app_1', many, many)
    expect(seen.kept().writable).toHaveLength(SEEN_BOUNDS.writable)
  })

  test(`routes: one for each method and path with its ids unnamed, ${SEEN_BOUNDS.operations} at most; a path over ${SEEN_BOUNDS.seen} characters is not kept`, () => {
    const seen = new Seen(DEFAULT_MODEL)
    seen.route('DELETE', `/api/workspaces/wse_${hex(1)}`, 204, `DELETE /api/workspaces/wse_${hex(1)}`)
    seen.route('DELETE', `/api/workspaces/wse_${hex(2)}`, 404, `DELETE /api/workspaces/wse_${hex(2)}`)
    seen.route('GET', `/api/${'a'.repeat(SEEN_BOUNDS.seen)}`, 200, 'GET /api/aaa')
    expect(seen.kept().operations).toEqual([{ method: 'DELETE', path: `/api/workspaces/wse_${hex(1)}`, status: 204, seen: `DELETE /api/workspaces/wse_${hex(1)}` }])
    for (let i = 0; i < 500; i++) seen.route('GET', `/api/reports${i}`, 200, `GET /api/reports${i}`)
    expect(seen.kept().operations).toHaveLength(SEEN_BOUNDS.operations)
  })

  test(`an OpenAPI document over ${SEEN_BOUNDS.document / 1024 / 1024} MiB is not kept; clear forgets everything`, () => {
    const seen = new Seen(DEFAULT_MODEL)
    seen.document({ openapi: '3.1.0' }, SEEN_BOUNDS.document + 1, 'http://service.test/api/openapi.json')
    expect(seen.hasDocument).toBe(false)
    seen.document({ openapi: '3.1.0' }, 100, 'http://service.test/api/openapi.json')
    seen.records('workspace', 'GET /api/workspaces', { id: 'wse_1', tier: 'free' })
    expect(seen.kept()).toMatchObject({ openapi: { document: { openapi: '3.1.0' } }, records: [{ values: { tier: 'free' } }] })
    seen.clear()
    expect(seen.kept()).toEqual({ records: [], writable: [], operations: [] })
  })
})

describe('what is asked of the service for it', () => {
  let service: Service
  let shadowing: MockServer
  let named: MockServer
  const ZERO = `/api/workspaces/wse_${'0'.repeat(32)}`
  beforeAll(async () => {
    service = await startService()
    shadowing = await startMockServer({ port: 0, scenario: 'demo', seed: 1, live: { target: service.url, credentials: SERVICE, operations: { '*': 'shadow' } } })
    named = await startMockServer({ port: 0, scenario: 'demo', seed: 1, live: { target: service.url, credentials: SERVICE, operations: { listWorkspaces: 'live' } } })
  })
  afterAll(async () => {
    await shadowing.close()
    await named.close()
    await service.close()
  })

  const sentDeletes = () => service.sent.filter((sent) => sent.method === 'DELETE').length

  test("a request no route of the mock takes: the mock's 405 at once, the service asked behind it as the mock's principal is mapped; a route it has is kept", async () => {
    const before = sentDeletes()
    service.plant = (path, answer, request) => (request.method === 'DELETE' ? { status: 204, headers: {}, body: '' } : answer)
    try {
      expect((await call(shadowing.url, ZERO, { method: 'DELETE', headers: authOf(shadowing.api.credentials) })).status).toBe(405)
      await expect.poll(() => shadowing.api.journal.last()?.why.live?.status).toBe(204)
    } finally {
      service.plant = undefined
    }
    expect(sentDeletes()).toBe(before + 1)
    expect(service.sent.at(-1)!.headers).toMatchObject({ 'x-api-key': SERVICE.apiKey, 'x-api-secret': SERVICE.apiSecret })
    expect((await driftFindings(shadowing.api)).operations).toEqual([{ method: 'DELETE', path: ZERO, status: 204, seen: `DELETE ${ZERO}` }])
  })

  test('the service answering 405 or a 404 for a path that names no record has no such route either: nothing is kept', async () => {
    await shadowing.api.reset()
    const auth = authOf(shadowing.api.credentials)
    await call(shadowing.url, ZERO, { method: 'DELETE', headers: auth })
    await call(shadowing.url, '/api/reports', { headers: auth })
    await expect.poll(() => shadowing.api.journal.entries.map((entry) => entry.why.live?.status)).toEqual([405, 404])
    expect((await driftFindings(shadowing.api)).operations).toEqual([])
  })

  test('live serves the service\'s answer and keeps what it shows as shadow does: the members the mock does not declare', async () => {
    service.plant = jsonPlant(/^\/api\/workspaces$/, (body) => {
      for (const record of body.data) record.tier = 'free'
    })
    try {
      const answer = await call(named.url, '/api/workspaces', { headers: authOf(named.api.credentials) })
      expect(answer.body.data[0].tier).toBe('free')
    } finally {
      service.plant = undefined
    }
    const { records } = await driftFindings(named.api)
    expect(records.length).toBeGreaterThan(0)
    for (const row of records) expect(row).toEqual({ record: 'workspace', seen: 'GET /api/workspaces', values: { id: expect.stringMatching(/^wse_/), tier: 'free' } })
  })

  test('not asked: for a caller the mock does not know, for a method no operation can have, or without `*` on a mode that asks the service', async () => {
    const before = service.sent.length
    await call(shadowing.url, ZERO, { method: 'DELETE', headers: { 'X-API-Key': 'someone', 'X-API-Secret': 'else' } })
    await call(shadowing.url, ZERO, { method: 'OPTIONS', headers: authOf(shadowing.api.credentials) })
    expect((await call(named.url, ZERO, { method: 'DELETE', headers: authOf(named.api.credentials) })).status).toBe(405)
    await new Promise((settle) => setTimeout(settle, 200))
    expect(service.sent.length).toBe(before)
    expect(named.api.journal.last()!.why.live).toBeUndefined()
  })
})

test("under MSW, the service's OpenAPI document is asked once, without credentials, past the mock's own handlers", async () => {
  const service = await startService()
  const api = createMockApi({ scenario: 'demo', live: { target: service.url, credentials: SERVICE, operations: { '*': 'shadow' } } })
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledFrame: 'bypass' })
  try {
    const first = await driftFindings(api)
    await driftFindings(api)
    const asked = service.sent.filter((sent) => sent.path === '/api/openapi.json')
    expect(asked).toHaveLength(1)
    expect(asked[0]!.headers['x-api-key']).toBeUndefined()
    expect(asked[0]!.headers['x-api-secret']).toBeUndefined()
    expect(first.openapi).toMatchObject({ seen: `${service.url}/api/openapi.json`, document: { openapi: '3.1.0' } })
    // docs/live.md's line: an identical service has nothing the mock lacks.
    const { text, added, notes } = await driftModule(api)
    expect({ added, notes }).toEqual({ added: [], notes: [] })
    expect(text).toContain(`make the mock follow ${service.url}, written by workspace-api-mock`)
    await expect(driftFindings(createMockApi({ scenario: 'empty' }))).rejects.toThrow('driftFindings: the mock has no live option, so nothing of a service was seen (docs/live.md)')
  } finally {
    server.close()
    await service.close()
  }
})
