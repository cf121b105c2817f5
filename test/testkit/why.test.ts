/**
 * `why` on journal entries, through msw/node's setupServer and fetch: every kind of route, caller and
 * decision, the profile knobs, the records read and written, and the journal's filter over `why`.
 * test/server/why-http.test.ts reads the same over HTTP (`/__admin/journal`, MCP's `query_journal`).
 */
import { describe, expect, test, vi } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import type { Why } from '../../src/testkit/journal.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'multi-tenant', seed: 5 })
const [me, other] = h.api.principals as [(typeof h.api.principals)[0], (typeof h.api.principals)[0]]
const last = (): Why => h.api.journal.last()!.why

/** A workspace of an organization, and one of its applications. */
function recordsOf(organization: string) {
  const workspace = h.api.db.workspaces.findFirst((q) => q.where({ organization }))!
  const application = h.api.db.applications.findFirst((q) => q.where({ workspace: workspace.id }))!
  return { workspace, application }
}

describe('the route', () => {
  test('an operation, with its method and path template', async () => {
    await h.call('/api/workspaces')
    expect(last().route).toEqual({ kind: 'operation', operation: 'listWorkspaces', method: 'GET', path: '/api/workspaces' })
  })

  test('the fallbacks: 404 without an operation, 405 with Allow, OPTIONS, 414', async () => {
    expect((await h.call('/api/nothing')).status).toBe(404)
    expect(last()).toMatchObject({ route: { kind: 'no-operation' }, caller: { kind: 'not-checked', because: 'no-operation' }, decision: { kind: 'route' } })
    expect((await h.call('/api/workspaces', { method: 'DELETE' })).status).toBe(405)
    expect(last()).toMatchObject({ route: { kind: 'method-not-allowed', allow: ['GET', 'POST', 'OPTIONS'] }, decision: { kind: 'route' } })
    expect((await h.call('/api/workspaces', { method: 'OPTIONS' })).status).toBe(204)
    expect(last().route).toEqual({ kind: 'options', allow: ['GET', 'POST', 'OPTIONS'] })
    expect((await h.call(`/api/workspaces?q=${'x'.repeat(9000)}`)).status).toBe(414)
    expect(last()).toMatchObject({ route: { kind: 'uri-too-long', limit: 8192 }, decision: { kind: 'route' }, profile: { problemTitles: 'go' } })
  })
})

describe('the caller', () => {
  test('authenticated: key, account, organization', async () => {
    await h.call('/api/workspaces')
    expect(last().caller).toEqual({ kind: 'authenticated', apiKey: me.apiKey, account: me.account, organization: me.organization })
  })

  test('refused: which header is missing, an unknown key, a secret that does not match (the same 401 for both)', async () => {
    await h.call('/api/workspaces', { principal: null, headers: { 'X-API-Key': me.apiKey } })
    expect(last()).toMatchObject({ caller: { kind: 'refused', reason: 'missing-header', missing: ['X-API-Secret'] }, decision: { kind: 'authentication' } })
    expect(last().profile).toEqual({ wwwAuthenticate: true, problemTitles: 'go' })
    const unknown = await h.call('/api/workspaces', { principal: { ...me, apiKey: 'nobody', apiSecret: 'x' } })
    expect(last().caller).toEqual({ kind: 'refused', reason: 'unknown-key' })
    const mismatch = await h.call('/api/workspaces', { principal: { ...me, apiSecret: 'wrong' } })
    expect(last().caller).toEqual({ kind: 'refused', reason: 'secret-mismatch', account: me.account })
    expect(mismatch.text).toBe(unknown.text)
  })

  test('not checked: a public operation, or a fault that answered first', async () => {
    await h.call('/api/schemas/ErrorModel.json', { principal: null })
    expect(last()).toMatchObject({ caller: { kind: 'not-checked', because: 'public-operation' }, decision: { kind: 'operation' } })
    h.api.faults.fail('listWorkspaces', { status: 503 })
    await h.call('/api/workspaces', { contract: false })
    expect(last().caller).toEqual({ kind: 'not-checked', because: 'fault' })
  })
})

describe('what decided', () => {
  test('a fault, with its id and rule; latency faults are listed as delays', async () => {
    const slow = h.api.faults.latency('*', 5)
    const failing = h.api.faults.fail('listWorkspaces', { status: 503, times: 2 })
    await h.call('/api/workspaces', { contract: false })
    expect(last().decision).toEqual({ kind: 'fault', fault: { id: failing.id, type: 'fail', target: 'listWorkspaces', status: 503, detail: 'injected fault: 503', times: 2 } })
    expect(last().delays).toEqual([{ fault: { id: slow.id, type: 'latency', target: '*', latency: 5 }, ms: 5 }])
    h.api.faults.clear()
    const limit = h.api.faults.rateLimit('getWorkspace', { requests: 0 })
    await h.call(`/api/workspaces/${recordsOf(me.organization).workspace.id}`, { contract: false })
    expect(last().decision).toMatchObject({ kind: 'fault', fault: { id: limit.id, type: 'rateLimit', requests: 0, retryAfter: 1 } })
    h.api.faults.disconnect('listApplications')
    await expect(h.call('/api/applications', { workspace: recordsOf(me.organization).workspace.id })).rejects.toThrow()
    expect(last().decision).toMatchObject({ kind: 'fault', fault: { type: 'disconnect', target: 'listApplications' } })
  })

  test('an override', async () => {
    h.api.override('listWorkspaces', ({ respond }) => respond([]))
    await h.call('/api/workspaces')
    expect(last()).toMatchObject({ caller: { kind: 'authenticated' }, decision: { kind: 'override' } })
    expect(h.api.journal.last()!.responseBody).toMatchObject({ data: [], success: true })
  })

  test('validation: every problem with its location', async () => {
    const { workspace } = recordsOf(me.organization)
    await h.call('/api/applications?page_size=5&current_page=0', { workspace: workspace.id })
    expect(last().decision).toEqual({
      kind: 'validation',
      problems: [
        { message: 'expected number >= 1', location: 'query.current_page', value: '0' },
        { message: 'expected number >= 10', location: 'query.page_size', value: '5' },
      ],
      count: 2,
    })
    expect(last().profile).toEqual({
      'paging.currentPage': { default: 1, min: 1, max: 1000 },
      'paging.pageSize': { default: 10, min: 10, max: 100 },
      problemTitles: 'go',
    })
  })

  test('a body that is not JSON', async () => {
    await h.call('/api/workspaces', { method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' } })
    expect(last().decision).toMatchObject({ kind: 'body', detail: expect.stringMatching(/^request body is not valid JSON/) })
  })

  test('a lookup: not found, another organization\'s (the same 404 to the caller), outside the named workspace', async () => {
    const mine = recordsOf(me.organization)
    const theirs = recordsOf(other.organization)
    const missing = await h.call('/api/workspaces/wse_00000000000000000000000000000000')
    expect(last().decision).toEqual({ kind: 'lookup', collection: 'workspaces', id: 'wse_00000000000000000000000000000000', reason: 'not-found' })
    const foreign = await h.call(`/api/workspaces/${theirs.workspace.id}`)
    expect(last().decision).toEqual({ kind: 'lookup', collection: 'workspaces', id: theirs.workspace.id, reason: 'other-organization' })
    expect(last().profile).toMatchObject({ 'idPrefix.workspace': 'wse' })
    // The caller cannot tell them apart: the same status, headers and body but for the id in the detail.
    expect(foreign.status).toBe(missing.status)
    expect([...foreign.response.headers]).toEqual([...missing.response.headers].map(([k, v]) => [k, k === 'content-length' ? String(Number(v) + theirs.workspace.id.length - 36) : v]))
    expect({ ...foreign.body, detail: '' }).toEqual({ ...missing.body, detail: '' })
    await h.call(`/api/applications/${theirs.application.id}`, { workspace: mine.workspace.id })
    expect(last().decision).toEqual({ kind: 'lookup', collection: 'applications', id: theirs.application.id, reason: 'outside-workspace', workspace: mine.workspace.id })
    await h.call(`/api/applications/${mine.application.id}`, { workspace: theirs.workspace.id })
    expect(last().decision).toMatchObject({ kind: 'lookup', collection: 'workspaces', reason: 'other-organization' })
  })

  test('the operation itself, with the records it read and wrote', async () => {
    const { workspace, application } = recordsOf(me.organization)
    await h.call(`/api/applications/${application.id}`, { workspace: workspace.id })
    expect(last()).toMatchObject({
      decision: { kind: 'operation' },
      read: [
        { collection: 'workspaces', ids: [workspace.id], count: 1 },
        { collection: 'applications', ids: [application.id], count: 1 },
      ],
      written: [],
    })
    await h.call('/api/workspaces')
    const mine = h.api.db.workspaces.findMany((q) => q.where({ organization: me.organization }))
    expect(last().read).toEqual([{ collection: 'workspaces', ids: expect.arrayContaining(mine.map((w) => w.id)), count: mine.length }])
    const created = await h.call('/api/workspaces', { method: 'POST', json: { name: 'Traced' } })
    expect(last()).toMatchObject({ written: [{ collection: 'workspaces', ids: [created.body.data.id], count: 1 }] })
    await h.call(`/api/workspaces/${workspace.id}`, { method: 'PUT', json: { name: 'Renamed' } })
    expect(last()).toMatchObject({ read: [{ collection: 'workspaces', ids: [workspace.id] }], written: [{ collection: 'workspaces', ids: [workspace.id] }] })
  })

  test('the kit\'s own failure: a contract violation in strict mode', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const strict = createMockApi({ scenario: 'demo', seed: 5, baseUrl: 'https://strict.example.test', strict: true })
    h.server.use(...strict.handlers)
    strict.override('listWorkspaces', () => new Response('{"nope":1}', { headers: { 'Content-Type': 'application/json' } }))
    const { apiKey, apiSecret } = strict.credentials
    const response = await fetch('https://strict.example.test/api/workspaces', { headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret } })
    expect(response.status).toBe(500)
    expect(strict.journal.last()!.why.decision).toMatchObject({ kind: 'error', detail: expect.stringMatching(/^contract violation in listWorkspaces/) })
    expect(printed).toHaveBeenCalledTimes(1)
    printed.mockRestore()
  })
})

test('profile knobs: a page past the end under `pastTheEnd: not-found`, HEAD answered as GET, no WWW-Authenticate, app_ ids', async () => {
  const profiled = createMockApi({
    scenario: 'demo',
    seed: 5,
    baseUrl: 'https://profiled.example.test',
    profile: { pastTheEnd: 'not-found', head: 'get', wwwAuthenticate: false, idPrefix: { workspace: 'app' }, paging: { pageSize: { default: 20 } } },
  })
  h.server.use(...profiled.handlers)
  await profiled.ready
  const headers = { 'X-API-Key': profiled.credentials.apiKey, 'X-API-Secret': profiled.credentials.apiSecret }
  const list = await (await fetch('https://profiled.example.test/api/workspaces', { headers })).json()
  const workspace = list.data[0].id as string
  expect(profiled.journal.last()!.why.profile).toEqual({ 'idPrefix.workspace': 'app' })
  const past = await fetch('https://profiled.example.test/api/applications?current_page=900', { headers: { ...headers, 'X-Workspace-ID': workspace } })
  expect(past.status).toBe(404)
  expect(profiled.journal.last()!.why).toMatchObject({
    decision: { kind: 'operation', detail: expect.stringMatching(/^page 900 is past the last page/) },
    profile: { pastTheEnd: 'not-found', 'paging.pageSize': { default: 20, min: 10, max: 100 }, problemTitles: 'go' },
  })
  await fetch(`https://profiled.example.test/api/workspaces/${workspace}`, { method: 'HEAD', headers })
  expect(profiled.journal.last()!.why).toMatchObject({ route: { operation: 'getWorkspace' }, profile: { head: 'get', 'idPrefix.workspace': 'app' } })
  await fetch('https://profiled.example.test/api/workspaces')
  expect(profiled.journal.last()!.why.profile).toEqual({ wwwAuthenticate: false, problemTitles: 'go' })
})

test('the journal filters by `why`; entries have a number, found by `entry(seq)`, and the response body', async () => {
  const theirs = recordsOf(other.organization)
  await h.call('/api/workspaces/wse_00000000000000000000000000000000')
  await h.call(`/api/workspaces/${theirs.workspace.id}`)
  await h.call('/api/workspaces')
  const foreign = h.api.journal.filter({ why: { decision: { kind: 'lookup', reason: 'other-organization' } } })
  expect(foreign.map((entry) => entry.url)).toEqual([`${ORIGIN}/api/workspaces/${theirs.workspace.id}`])
  expect(h.api.journal.count({ why: { caller: { kind: 'authenticated', organization: me.organization } } })).toBe(3)
  const seqs = h.api.journal.entries.map((entry) => entry.seq)
  expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2])
  expect(h.api.journal.entry(seqs[1]!)).toBe(foreign[0])
  expect(h.api.journal.entry(seqs[0]! - 1)).toBeUndefined()
  expect(foreign[0]!.responseBody).toMatchObject({ status: 404, detail: `workspace ${theirs.workspace.id} not found` })
  expect(h.api.journal.last()!.responseBody).toMatchObject({ success: true, data: expect.any(Array) })
})
