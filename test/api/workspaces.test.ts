/** Workspace operations (spec 4.1 to 4.4) on the demo scenario: success paths, body rules, paths. */
import { describe, expect, test } from 'vitest'
import {
  byCreatedThenId,
  errorAt,
  expectProblem,
  expectSuccess,
  expectWorkspaceRecord,
  expectSameState,
  stateText,
  withoutStateChange,
} from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 2024 })
const at = { origin: ORIGIN }
const ITEM = 'SuccessResponseWorkspaceBody'
const LIST = 'SuccessResponseListWorkspaceBody'

const caller = () => h.api.principals[0]!
const other = () => h.api.principals[1]!

/** The caller organization's workspaces as stored, in list order. */
function storedWorkspaces(organization = caller().organization) {
  return h.api
    .snapshot()
    .workspaces.filter((w) => w.organization === organization)
    .sort(byCreatedThenId)
}

function unknownWorkspaceId(): string {
  const known = new Set(h.api.snapshot().workspaces.map((w) => w.id))
  let id = `wse_${'0'.repeat(32)}`
  for (let n = 1; known.has(id); n++) id = `wse_${n.toString(16).padStart(32, '0')}`
  expect(id).toHaveLength(36)
  return id
}

const post = (json: unknown, init: Parameters<typeof h.call>[1] = {}) =>
  h.call('/api/workspaces', { method: 'POST', json, ...init })
const put = (id: string, json: unknown, init: Parameters<typeof h.call>[1] = {}) =>
  h.call(`/api/workspaces/${id}`, { method: 'PUT', json, ...init })

describe('GET /api/workspaces', () => {
  test('lists exactly the organization workspaces, as stored, by created then id', async () => {
    const body = expectSuccess(await h.call('/api/workspaces'), LIST, at)
    const expected = storedWorkspaces()
    expect(expected.length).toBeGreaterThanOrEqual(3)
    expect(body.data).toEqual(expected)
    for (const record of body.data) expectWorkspaceRecord(record)
    for (const record of body.data) expect(record.organization).toBe(caller().organization)
  })
})

describe('GET /api/workspaces/{workspaceId}', () => {
  test('returns each listed workspace by its id', async () => {
    const list = expectSuccess(await h.call('/api/workspaces'), LIST, at).data
    for (const listed of list) {
      expect(listed.id).toHaveLength(36)
      const body = expectSuccess(await h.call(`/api/workspaces/${listed.id}`), ITEM, at)
      expectWorkspaceRecord(body.data)
      expect(body.data).toEqual(listed)
    }
  })

  test('an id of 37 characters: 422 at path.workspaceId', async () => {
    const id = `${storedWorkspaces()[0]!.id}0`
    expect(id).toHaveLength(37)
    const res = await withoutStateChange(h.api, () => h.call(`/api/workspaces/${id}`))
    const body = expectProblem(res, 422, { ...at, locations: ['path.workspaceId'] })
    expect(errorAt(body, 'path.workspaceId').value).toBe(id)
  })

  test('a well-formed 36-character id that does not exist: 404', async () => {
    const id = unknownWorkspaceId()
    const res = await withoutStateChange(h.api, () => h.call(`/api/workspaces/${id}`))
    expectProblem(res, 404, at)
  })
})

describe('POST /api/workspaces', () => {
  test('creates a workspace of the caller organization, listed and readable by its id', async () => {
    const before = storedWorkspaces()
    const sent = { name: 'Billing Sandbox', description: 'Where billing tries things', domain: 'billing-sbx' }
    const created = expectSuccess(await post(sent), ITEM, at).data
    expectWorkspaceRecord(created)
    expect(created).toMatchObject(sent)
    expect(created.organization).toBe(caller().organization)
    expect(created.created_by).toBe(caller().account)
    expect(created.modified_by).toBe(caller().account)
    expect(before.map((w) => w.id)).not.toContain(created.id)

    const list = expectSuccess(await h.call('/api/workspaces'), LIST, at).data
    expect(list).toHaveLength(before.length + 1)
    expect(list.filter((w: { id: string }) => w.id === created.id)).toEqual([created])
    expect(list).toEqual(storedWorkspaces())

    const read = expectSuccess(await h.call(`/api/workspaces/${created.id}`), ITEM, at).data
    expect(read).toEqual(created)
  })

  test('the author is whichever principal calls', async () => {
    const created = expectSuccess(await post({ name: 'Second' }, { principal: other() }), ITEM, at).data
    expect(other().account).not.toBe(caller().account)
    expect(created.created_by).toBe(other().account)
    expect(created.modified_by).toBe(other().account)
    expect(created.organization).toBe(other().organization)
  })

  test('name alone is enough; description and domain are optional strings', async () => {
    const created = expectSuccess(await post({ name: 'Only a name' }), ITEM, at).data
    expectWorkspaceRecord(created)
    expect(created.name).toBe('Only a name')
    expect(created.description).toBeTypeOf('string')
    expect(created.domain).toBeTypeOf('string')
  })

  test('two creates give two distinct ids', async () => {
    const a = expectSuccess(await post({ name: 'A' }), ITEM, at).data
    const b = expectSuccess(await post({ name: 'B' }), ITEM, at).data
    expect(a.id).not.toBe(b.id)
  })

  const invalid: [string, unknown, string][] = [
    ['name missing', { description: 'no name' }, 'body.name'],
    ['name empty', { name: '' }, 'body.name'],
    ['name a number', { name: 42 }, 'body.name'],
    ['name null', { name: null }, 'body.name'],
    ['description a number', { name: 'x', description: 5 }, 'body.description'],
    ['domain a boolean', { name: 'x', domain: false }, 'body.domain'],
    ['unknown member', { name: 'x', owner: 'me' }, 'body.owner'],
    ['read-only member id', { name: 'x', id: 'wse_00' }, 'body.id'],
  ]
  test.each(invalid)('%s: 422 at the member, nothing stored', async (_, json, location) => {
    const res = await withoutStateChange(h.api, () => post(json))
    const body = expectProblem(res, 422, { ...at, locations: [location] })
    const member = location.slice('body.'.length)
    const sent = (json as Record<string, unknown>)[member]
    if (sent !== undefined) expect(errorAt(body, location).value).toEqual(sent)
  })

  test.each([
    ['an array', []],
    ['an array of one object', [{ name: 'x' }]],
    ['a number', 7],
    ['null', null],
    ['a string', 'name'],
    ['a boolean', true],
  ])('a body that is %s: 422 at body', async (_, json) => {
    const res = await withoutStateChange(h.api, () => post(json))
    expectProblem(res, 422, { ...at, locations: ['body'] })
  })

  test.each(['{"name":', '{name: "x"}', "{'name':'x'}", '{"name":"x"}}'])(
    'malformed JSON %s: 400',
    async (text) => {
      const res = await withoutStateChange(h.api, () =>
        h.call('/api/workspaces', {
          method: 'POST',
          body: text,
          headers: { 'Content-Type': 'application/json' },
        }),
      )
      expectProblem(res, 400, at)
    },
  )

  test('a body over 1 MiB: 413', async () => {
    const json = { name: 'big', description: 'x'.repeat(1024 * 1024) }
    expect(JSON.stringify(json).length).toBeGreaterThan(1024 * 1024)
    const res = await withoutStateChange(h.api, () => post(json))
    expectProblem(res, 413, at)
  })

  test('a body of exactly 1 MiB is accepted', async () => {
    const frame = JSON.stringify({ name: 'limit', description: '' })
    const json = { name: 'limit', description: 'y'.repeat(1024 * 1024 - frame.length) }
    expect(new TextEncoder().encode(JSON.stringify(json)).byteLength).toBe(1024 * 1024)
    const created = expectSuccess(await post(json), ITEM, at).data
    expect(created.description).toBe(json.description)
  })

  test('a streamed body over 1 MiB without Content-Length: 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"s","description":"'))
      },
      pull(controller) {
        if (sent > 2 * 1024 * 1024) {
          controller.enqueue(new TextEncoder().encode('"}'))
          controller.close()
          return
        }
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const before = stateText(h.api)
    const answer = h.call('/api/workspaces', {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit)
    answer.catch(() => {})
    const timeout = new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 3000))
    const res = await Promise.race([answer, timeout])
    expect(res, 'the mock answers a streamed oversize body within 3 s').not.toBe('no answer')
    expectProblem(res as Awaited<typeof answer>, 413, at)
    expectSameState(stateText(h.api), before)
  })

  test.each([
    ['text/plain', 'text/plain'],
    ['application/xml', 'application/xml'],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
  ])('content type %s: 415', async (_, type) => {
    const res = await withoutStateChange(h.api, () =>
      h.call('/api/workspaces', {
        method: 'POST',
        body: JSON.stringify({ name: 'x' }),
        headers: { 'Content-Type': type },
      }),
    )
    expectProblem(res, 415, at)
  })

  test('no content type: 415', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ name: 'x' }))
    const res = await withoutStateChange(h.api, () =>
      h.call('/api/workspaces', { method: 'POST', body: bytes }),
    )
    expect(res.response.headers.get('Content-Type')).not.toBeNull()
    expectProblem(res, 415, at)
  })

  test('application/json with a charset parameter is JSON', async () => {
    const res = await h.call('/api/workspaces', {
      method: 'POST',
      body: JSON.stringify({ name: 'charset' }),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    })
    expect(expectSuccess(res, ITEM, at).data.name).toBe('charset')
  })
})

describe('PUT /api/workspaces/{workspaceId}', () => {
  test('name only: description and domain keep their values; updated moves forward', async () => {
    const before = storedWorkspaces()[0]!
    const body = expectSuccess(await put(before.id, { name: 'Renamed' }), ITEM, at)
    const after = body.data
    expectWorkspaceRecord(after)
    expect(after).toEqual({
      ...before,
      name: 'Renamed',
      updated: after.updated,
      modified_by: caller().account,
    })
    expect(after.updated).toBeGreaterThan(before.updated)
  })

  test('description only: name keeps its value', async () => {
    const before = storedWorkspaces()[1]!
    const after = expectSuccess(await put(before.id, { description: 'New words' }), ITEM, at).data
    expect(after).toEqual({
      ...before,
      description: 'New words',
      updated: after.updated,
      modified_by: caller().account,
    })
    expect(after.updated).toBeGreaterThan(before.updated)
  })

  test('both members; GET and the list show the change', async () => {
    const before = storedWorkspaces()[2]!
    const after = expectSuccess(
      await put(before.id, { name: 'N', description: 'D' }),
      ITEM,
      at,
    ).data
    expect(after).toMatchObject({ id: before.id, name: 'N', description: 'D', domain: before.domain })
    expect(expectSuccess(await h.call(`/api/workspaces/${before.id}`), ITEM, at).data).toEqual(after)
    const list = expectSuccess(await h.call('/api/workspaces'), LIST, at).data
    expect(list.find((w: { id: string }) => w.id === before.id)).toEqual(after)
  })

  test('modified_by follows the caller; updated is strictly later on every update', async () => {
    const id = storedWorkspaces()[0]!.id
    let previous = storedWorkspaces()[0]!.updated
    for (const who of [other(), caller(), other()]) {
      const after = expectSuccess(await put(id, { name: `by ${who.account}` }, { principal: who }), ITEM, at).data
      expect(after.modified_by).toBe(who.account)
      expect(after.updated).toBeGreaterThan(previous)
      expect(after.created).toBeLessThanOrEqual(after.updated)
      previous = after.updated
    }
  })

  test('the created workspace can be updated through the id create returned', async () => {
    const created = expectSuccess(await post({ name: 'Fresh', domain: 'fresh' }), ITEM, at).data
    const after = expectSuccess(await put(created.id, { name: 'Fresher' }), ITEM, at).data
    expect(after).toMatchObject({ id: created.id, name: 'Fresher', domain: 'fresh' })
    expect(after.updated).toBeGreaterThan(created.updated)
  })

  const invalid: [string, unknown, string][] = [
    ['domain (not updatable)', { domain: 'new-domain' }, 'body.domain'],
    ['domain beside a name', { name: 'ok', domain: 'new-domain' }, 'body.domain'],
    ['unknown member', { name: 'ok', color: 'red' }, 'body.color'],
    ['name a number', { name: 1 }, 'body.name'],
    ['name empty', { name: '' }, 'body.name'],
    ['description an object', { description: {} }, 'body.description'],
  ]
  test.each(invalid)('%s: 422, nothing changes', async (_, json, location) => {
    const id = storedWorkspaces()[0]!.id
    const res = await withoutStateChange(h.api, () => put(id, json))
    expectProblem(res, 422, { ...at, locations: [location] })
  })

  test.each([['an array', [{ name: 'x' }]], ['a number', 3], ['null', null], ['a string', 'x']])(
    'a body that is %s: 422 at body',
    async (_, json) => {
      const id = storedWorkspaces()[0]!.id
      const res = await withoutStateChange(h.api, () => put(id, json))
      expectProblem(res, 422, { ...at, locations: ['body'] })
    },
  )

  test('malformed JSON: 400; text/plain: 415', async () => {
    const id = storedWorkspaces()[0]!.id
    const before = stateText(h.api)
    const malformed = await h.call(`/api/workspaces/${id}`, {
      method: 'PUT',
      body: '{"name"',
      headers: { 'Content-Type': 'application/json' },
    })
    expectProblem(malformed, 400, at)
    const plain = await h.call(`/api/workspaces/${id}`, {
      method: 'PUT',
      body: '{"name":"x"}',
      headers: { 'Content-Type': 'text/plain' },
    })
    expectProblem(plain, 415, at)
    expectSameState(stateText(h.api), before)
  })

  test('an id of 37 characters: 422 at path.workspaceId', async () => {
    const id = `${storedWorkspaces()[0]!.id}f`
    const res = await withoutStateChange(h.api, () => put(id, { name: 'x' }))
    expectProblem(res, 422, { ...at, locations: ['path.workspaceId'] })
  })

  test('an unknown 36-character id: 404', async () => {
    const res = await withoutStateChange(h.api, () => put(unknownWorkspaceId(), { name: 'x' }))
    expectProblem(res, 404, at)
  })
})
