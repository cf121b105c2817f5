/**
 * The read operations' replies cached per version of their records (src/handlers/reply/reply-cache.ts): a
 * repeated GET gets the bytes built the first time, and nothing else does: not a request after a write,
 * not another origin, not another tenant; faults, overrides and the journal see every request.
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, type MockApi, type Principal } from '../../src/index.ts'
import { envelope, jsonRow, responseTarget } from '../../src/handlers/reply/envelope.ts'
import { bodyLength, copyChunks, type Reply } from '../../src/handlers/reply/reply.ts'
import { cachedEnvelope, REPLY_CACHE_BUDGET, replyCacheBytes, startOver } from '../../src/handlers/reply/reply-cache.ts'

const text = (reply: Reply) => new TextDecoder().decode(copyChunks(reply.chunks, new Uint8Array(bodyLength(reply.chunks))))
const target = responseTarget(new URL('http://one.test/api/x'), undefined)
const other = responseTarget(new URL('http://two.test/api/x'), undefined)

describe('cachedEnvelope', () => {
  afterEach(() => startOver())

  test('the same row and target: the very reply of the first time, one chunk with the uncached bytes and headers', () => {
    const row = jsonRow({ id: 'a', name: 'A' })
    const first = cachedEnvelope.item('SuccessResponseWorkspaceBody', target, row)
    expect(cachedEnvelope.item('SuccessResponseWorkspaceBody', target, row)).toBe(first)
    const plain = envelope.item('SuccessResponseWorkspaceBody', target, row)
    expect(first.chunks).toHaveLength(1)
    expect(text(first)).toBe(text(plain))
    expect(first.headers).toEqual(plain.headers)
    expect(first.status).toBe(200)
    expect(Object.isFrozen(first.headers) && Object.isFrozen(first.chunks)).toBe(true)
  })

  test('another version of the record (a new row object), another target or schema: a reply of its own', () => {
    const row = jsonRow({ id: 'a', name: 'A' })
    const first = cachedEnvelope.item('SuccessResponseWorkspaceBody', target, row)
    const renamed = cachedEnvelope.item('SuccessResponseWorkspaceBody', target, jsonRow({ id: 'a', name: 'B' }))
    expect(text(renamed)).toContain('"name":"B"')
    const elsewhere = cachedEnvelope.item('SuccessResponseWorkspaceBody', other, row)
    expect(text(elsewhere)).toContain('"$schema":"http://two.test/api/schemas/SuccessResponseWorkspaceBody.json"')
    expect(text(first)).toContain('"$schema":"http://one.test/api/schemas/SuccessResponseWorkspaceBody.json"')
    expect(text(cachedEnvelope.item('SuccessResponseApplicationBody', target, row))).toContain('SuccessResponseApplicationBody.json')
    expect(cachedEnvelope.item('SuccessResponseWorkspaceBody', target, row)).toBe(first)
  })

  test('a list or page with one record replaced, removed or added, or other paging numbers, is built again', () => {
    const show = (record: { n: number }) => jsonRow(record)
    const records = [1, 2, 3].map((n) => ({ n }))
    const paging = { currentPage: 1, pageSize: 3, total: 7 }
    const page = cachedEnvelope.page('PagingResponseListApplicationBody', target, records, show, paging)
    expect(cachedEnvelope.page('PagingResponseListApplicationBody', target, [...records], show, { ...paging })).toBe(page)
    const changed = [records[0]!, { n: 20 }, records[2]!]
    expect(text(cachedEnvelope.page('PagingResponseListApplicationBody', target, changed, show, paging))).toContain('{"n":1},{"n":20},{"n":3}')
    expect(text(cachedEnvelope.page('PagingResponseListApplicationBody', target, records.slice(0, 2), show, paging))).toContain('[{"n":1},{"n":2}]')
    expect(text(cachedEnvelope.page('PagingResponseListApplicationBody', target, records, show, { ...paging, total: 8 }))).toContain('"total":8}')
    expect(text(cachedEnvelope.page('PagingResponseListApplicationBody', target, records, show, { ...paging, currentPage: 2 }))).toContain('"current_page":2,')
    expect(text(cachedEnvelope.list('SuccessResponseListWorkspaceBody', target, [...records, { n: 4 }], show))).toContain('{"n":3},{"n":4}]')
    expect(text(cachedEnvelope.list('SuccessResponseListWorkspaceBody', target, [], show))).toContain('"data":[]')
    expect(text(page)).toBe(text(envelope.page('PagingResponseListApplicationBody', target, records.map(show), paging)))
  })

  test("another serializer's rows (another mock's) are built again; a list changed in place after it was cached too", () => {
    const records = [{ n: 1 }, { n: 2 }]
    const list = cachedEnvelope.list('SuccessResponseListWorkspaceBody', target, records, jsonRow)
    const prefixed = (record: { n: number }) => jsonRow({ n: `x${record.n}` })
    expect(text(cachedEnvelope.list('SuccessResponseListWorkspaceBody', target, records, prefixed))).toContain('[{"n":"x1"},{"n":"x2"}]')
    records.push({ n: 3 })
    expect(text(cachedEnvelope.list('SuccessResponseListWorkspaceBody', target, records, jsonRow))).toContain('{"n":2},{"n":3}]')
    records.pop()
    expect(cachedEnvelope.list('SuccessResponseListWorkspaceBody', target, records, jsonRow)).toBe(list)
  })

  test('the cache starts over past its byte budget', () => {
    const big = 'x'.repeat(1024 * 1024)
    for (let n = 0; n < 40; n++) cachedEnvelope.item('SuccessResponseWorkspaceBody', target, jsonRow({ n, big }))
    expect(replyCacheBytes()).toBeGreaterThan(0)
    expect(replyCacheBytes()).toBeLessThanOrEqual(REPLY_CACHE_BUDGET)
  })
})

describe('through the API', () => {
  let api: MockApi
  let first: Principal
  let second: Principal
  const get = (path: string, as: Principal, init: { origin?: string; workspace?: string; method?: string; json?: unknown } = {}) => {
    const headers: Record<string, string> = { 'X-API-Key': as.apiKey, 'X-API-Secret': as.apiSecret }
    if (init.workspace) headers['X-Workspace-ID'] = init.workspace
    if (init.json) headers['Content-Type'] = 'application/json'
    const body = init.json ? JSON.stringify(init.json) : undefined
    return api.handle(new Request(`${init.origin ?? 'http://one.test'}${path}`, { method: init.method ?? 'GET', headers, body })).then(async (res) => ({
      status: res!.status,
      text: await res!.text(),
    }))
  }
  beforeAll(async () => {
    api = createMockApi({ scenario: 'multi-tenant', seed: 4 })
    await api.ready
    ;[first, second] = api.principals as [Principal, Principal]
    expect(first.organization).not.toBe(second.organization)
  })
  const ownWorkspace = (principal: Principal) => api.db.workspaces.all().find((w) => w.organization === principal.organization)!
  const ownApplication = (principal: Principal) => api.db.applications.all().find((a) => a.workspace === ownWorkspace(principal).id)!

  test('a write, then a GET: the new bytes, in the item and in the list', async () => {
    const workspace = ownWorkspace(first)
    const before = await get(`/api/workspaces/${workspace.id}`, first)
    expect((await get(`/api/workspaces/${workspace.id}`, first)).text).toBe(before.text)
    await get('/api/workspaces', first)
    const put = await get(`/api/workspaces/${workspace.id}`, first, { method: 'PUT', json: { name: 'Renamed by the cache test' } })
    expect(put.status).toBe(200)
    const after = await get(`/api/workspaces/${workspace.id}`, first)
    expect(after.text).toBe(put.text)
    expect(JSON.parse(after.text).data.name).toBe('Renamed by the cache test')
    expect((await get('/api/workspaces', first)).text).toContain('Renamed by the cache test')
    const created = await get('/api/workspaces', first, { method: 'POST', json: { name: 'Made after the list was cached' } })
    expect(created.status).toBe(200)
    expect((await get('/api/workspaces', first)).text).toContain('Made after the list was cached')
  })

  test('a write through api.db shows in the item and in the page', async () => {
    const application = ownApplication(first)
    const path = `/api/applications/${application.id}`
    const page = '/api/applications?page_size=100'
    await get(path, first, { workspace: application.workspace })
    await get(page, first, { workspace: application.workspace })
    await api.db.applications.update((q) => q.where({ id: application.id }), { data: (draft) => void (draft.name = 'Renamed in api.db') })
    expect(JSON.parse((await get(path, first, { workspace: application.workspace })).text).data.name).toBe('Renamed in api.db')
    expect((await get(page, first, { workspace: application.workspace })).text).toContain('Renamed in api.db')
  })

  test('another tenant gets its 404, another origin its own $schema, for a record cached a moment before', async () => {
    const application = ownApplication(first)
    const path = `/api/applications/${application.id}`
    expect((await get(path, first, { workspace: application.workspace })).status).toBe(200)
    expect((await get(path, second, { workspace: application.workspace })).status).toBe(404)
    expect((await get(path, second, { workspace: ownWorkspace(second).id })).status).toBe(404)
    const there = await get(path, first, { workspace: application.workspace, origin: 'http://two.test' })
    expect(JSON.parse(there.text).$schema).toBe('http://two.test/api/schemas/SuccessResponseApplicationBody.json')
    const back = await get(path, first, { workspace: application.workspace })
    expect(JSON.parse(back.text).$schema).toBe('http://one.test/api/schemas/SuccessResponseApplicationBody.json')
  })

  test('faults, overrides and the journal see a cached GET as any other', async () => {
    const workspace = ownWorkspace(second)
    const path = `/api/workspaces/${workspace.id}`
    const cached = await get(path, second)
    api.journal.clear()
    const removeOverride = api.override('getWorkspace', ({ problem }) => problem(409, 'overridden'))
    expect((await get(path, second)).status).toBe(409)
    removeOverride()
    api.faults.fail('getWorkspace', { status: 503, times: 1 })
    expect((await get(path, second)).status).toBe(503)
    expect(await get(path, second)).toEqual(cached)
    expect(api.journal.filter({ operation: 'getWorkspace' }).map((entry) => entry.status)).toEqual([409, 503, 200])
  })
})
