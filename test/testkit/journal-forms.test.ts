/**
 * The journal takes the same path forms faults take (docs/api.md: "a method and path template in the
 * spec's (`{id}`) or MSW's (`:id`) syntax") and shows one, the spec's, in its entries (GET
 * /__admin/journal's: test/server/events.test.ts); it records only the operation's own path parameters, and repeats an
 * override's problem `detail` as it does the kit's own.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 5 })
const firstWorkspace = async (): Promise<string> => (await h.call('/api/workspaces')).body.data[0].id

describe('journal path queries', () => {
  test('a spec template (`{workspaceId}`) matches as the MSW one (`:workspaceId`) does', async () => {
    const ws = await firstWorkspace()
    await h.call(`/api/workspaces/${ws}`)
    await h.call(`/api/workspaces/${ws}`, { method: 'PUT', json: { name: 'Renamed' } })
    expect(h.api.journal.count({ path: '/api/workspaces/{workspaceId}' })).toBe(2)
    expect(h.api.journal.count({ path: '/api/workspaces/:workspaceId' })).toBe(2)
    expect(h.api.journal.count({ method: 'PUT', path: '/api/workspaces/{workspaceId}' })).toBe(1)
    expect(h.api.journal.last({ path: '/api/workspaces/{workspaceId}' })!.status).toBe(200)
    expect(h.api.journal.count({ path: '/api/applications/{applicationId}' })).toBe(0)
  })

  test("an entry's path and its why's route are in the spec's syntax, as definitions are written", async () => {
    const ws = await firstWorkspace()
    await h.call(`/api/workspaces/${ws}`)
    const entry = h.api.journal.last()!
    expect(entry.path).toBe('/api/workspaces/{workspaceId}')
    expect(entry.why.route).toEqual({ kind: 'operation', operation: 'getWorkspace', method: 'GET', path: '/api/workspaces/{workspaceId}' })
  })
})

describe('an override that answers with problem()', () => {
  test('is journaled with its detail, as the response carries it', async () => {
    const ws = await firstWorkspace()
    h.api.override('getWorkspace', ({ problem }) => problem(503, 'maintenance until noon'), { once: true })
    const res = await h.call(`/api/workspaces/${ws}`)
    expect(res.status).toBe(503)
    expect(res.body.detail).toBe('maintenance until noon')
    expect(h.api.journal.last()).toMatchObject({ operation: 'getWorkspace', status: 503, detail: 'maintenance until noon' })
  })
})

describe('without baseUrl (handlers on any origin)', () => {
  const api = createMockApi({ scenario: 'demo', seed: 5, strict: false })
  const server = setupServer(...api.handlers)
  beforeAll(() => {
    h.server.close()
    server.listen({ onUnhandledFrame: 'error' })
  })
  afterAll(() => {
    server.close()
    h.server.listen({ onUnhandledFrame: 'error' })
  })

  test("params hold the operation's parameters only, not the origin MSW matched as \"0\"", async () => {
    const { apiKey, apiSecret } = api.credentials
    const headers = { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret }
    const list = await fetch('http://localhost/api/workspaces', { headers })
    const ws = ((await list.json()) as { data: Array<{ id: string }> }).data[0]!.id
    let seen: unknown
    api.override('getWorkspace', ({ params }) => {
      seen = params
      return undefined
    })
    expect((await fetch(`http://localhost/api/workspaces/${ws}`, { headers })).status).toBe(200)
    expect(api.journal.last()!.params).toEqual({ workspaceId: ws })
    expect(api.journal.entries[0]!.params).toEqual({})
    expect(seen).toEqual({ workspaceId: ws })
  })
})
