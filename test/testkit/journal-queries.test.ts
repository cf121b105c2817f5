/**
 * The journal's queries member by member, its partial deep match, the live listeners and how bodies are
 * kept: what `journal.filter/count/last/subscribe` answer after real requests.
 */
import { describe, expect, test, vi } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import type { JournalEntry } from '../../src/testkit/journal.ts'
import { useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 4 })
const journal = () => h.api.journal
const workspaceIds = async (): Promise<[string, string, ...string[]]> =>
  (await h.call('/api/workspaces')).body.data.map((w: { id: string }) => w.id)
/** docs/api.md: the journal keeps "the parsed body (text when not JSON, first 64 KiB)". */
const BODY_LIMIT = 64 * 1024

describe('filter members', () => {
  test('method matches in any case, and only that method', async () => {
    const [ws] = await workspaceIds()
    await h.call(`/api/workspaces/${ws}`, { method: 'PUT', json: { name: 'A' } })
    expect(journal().count({ method: 'put' })).toBe(1)
    expect(journal().count({ method: 'GET' })).toBe(1)
    expect(journal().count({ method: 'POST' })).toBe(0)
  })

  test('path matches the template or the concrete path, and nothing else', async () => {
    const [a, b] = await workspaceIds()
    await h.call(`/api/workspaces/${a}`)
    await h.call(`/api/workspaces/${b}`)
    await h.call(`/api/workspaces/${b}`)
    expect(journal().count({ path: '/api/workspaces/:workspaceId' })).toBe(3)
    expect(journal().count({ path: `/api/workspaces/${a}` })).toBe(1)
    expect(journal().count({ path: `/api/workspaces/${b}` })).toBe(2)
    expect(journal().count({ path: '/api/workspaces' })).toBe(1)
    expect(journal().count({ path: '/api/nowhere' })).toBe(0)
  })

  test('params match by member; another value matches nothing', async () => {
    const [a, b] = await workspaceIds()
    await h.call(`/api/workspaces/${a}`)
    await h.call(`/api/workspaces/${b}`)
    expect(journal().filter({ params: { workspaceId: b } }).map((e) => e.url)).toEqual([
      expect.stringMatching(new RegExp(`/api/workspaces/${b}$`)),
    ])
    expect(journal().count({ params: { workspaceId: 'wse_nope' } })).toBe(0)
  })

  test('query matches by member; another value matches nothing', async () => {
    await h.call('/api/workspaces?page_size=20')
    await h.call('/api/workspaces?page_size=30')
    expect(journal().count({ query: { page_size: '20' } })).toBe(1)
    expect(journal().count({ query: { page_size: '99' } })).toBe(0)
    expect(journal().count({ query: {} })).toBe(2)
  })

  test('headers match by lower-cased name; another value matches nothing', async () => {
    const [a, b] = await workspaceIds()
    await h.call('/api/applications', { workspace: a })
    await h.call('/api/applications', { workspace: b })
    expect(journal().filter({ headers: { 'X-Workspace-ID': a } }).map((e) => e.headers['x-workspace-id'])).toEqual([a])
    expect(journal().count({ headers: { 'x-workspace-id': 'wse_other' } })).toBe(0)
  })

  test('every given member must match', async () => {
    const [ws] = await workspaceIds()
    await h.call(`/api/workspaces/${ws}`, { method: 'PUT', json: { name: 'X', description: 'd' } })
    expect(journal().count({ body: { name: 'X' } })).toBe(1)
    expect(journal().count({ body: { name: 'X', description: 'd' } })).toBe(1)
    expect(journal().count({ body: { name: 'X', description: 'other' } })).toBe(0)
    expect(journal().count({ body: { name: 'X' }, method: 'POST' })).toBe(0)
  })
})

describe('partial deep match', () => {
  test('an object pattern matches object values only: not null, a string, or no body at all', async () => {
    await h.call('/api/workspaces')
    await h.call('/api/workspaces', { method: 'POST', json: { name: null } })
    await h.call('/api/workspaces', { method: 'POST', json: { name: 'plain' } })
    await h.call('/api/workspaces', { method: 'POST', json: { name: { first: 'a' } } })
    expect(journal().filter({ body: { name: {} } }).map((e) => e.body)).toEqual([{ name: { first: 'a' } }])
    expect(journal().count({ body: {} })).toBe(3)
    expect(journal().count({ body: { name: null } })).toBe(1)
    expect(journal().count({ body: { name: 'plain' } })).toBe(1)
  })

  test('repeated query values are kept as an array, in order', async () => {
    await h.call('/api/workspaces?tag=a&tag=b')
    await h.call('/api/workspaces?tag=a')
    expect(journal().entries.map((e) => e.query)).toEqual([{ tag: ['a', 'b'] }, { tag: 'a' }])
  })

  test('an array pattern matches an array of the same length, element by element', async () => {
    await h.call('/api/workspaces?tag=a&tag=b')
    await h.call('/api/workspaces?tag=a')
    const matching = (tag: unknown) => journal().filter({ query: { tag } }).map((e) => new URL(e.url).search)
    expect(matching(['a', 'b'])).toEqual(['?tag=a&tag=b'])
    expect(matching('a')).toEqual(['?tag=a'])
    expect(matching(['a'])).toEqual([])
    expect(matching(['a', 'c'])).toEqual([])
    expect(matching(['b', 'a'])).toEqual([])
    expect(matching(['a', 'b', 'c'])).toEqual([])
  })
})

describe('subscribe', () => {
  const listWorkspaces = () => h.call('/api/workspaces')

  test('a listener sees each request from then on, until stopped; stopping twice is harmless', async () => {
    await listWorkspaces()
    const seen: JournalEntry<string>[] = []
    const stop = journal().subscribe((entry) => seen.push(entry))
    await h.call('/api/nothing-here')
    expect(seen.map((e) => [e.method, new URL(e.url).pathname, e.status])).toEqual([['GET', '/api/nothing-here', 404]])
    stop()
    expect(() => stop()).not.toThrow()
    await listWorkspaces()
    expect(seen).toHaveLength(1)
    expect(journal().entries).toHaveLength(3)
  })

  test('stopping one listener leaves the others listening', async () => {
    const first: string[] = []
    const second: string[] = []
    const stopFirst = journal().subscribe((e) => first.push(e.url))
    const stopSecond = journal().subscribe((e) => second.push(e.url))
    await listWorkspaces()
    stopFirst()
    await listWorkspaces()
    expect(first).toHaveLength(1)
    expect(second).toHaveLength(2)
    stopSecond()
    await listWorkspaces()
    expect(second).toHaveLength(2)
  })

  test('a throwing listener neither fails the request nor silences the others; the error is printed', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const boom = new Error('listener bug')
    const after: number[] = []
    const stopBroken = journal().subscribe(() => {
      throw boom
    })
    const stopGood = journal().subscribe((e) => after.push(e.status))
    try {
      expect((await listWorkspaces()).status).toBe(200)
      expect(after).toEqual([200])
      expect(errors).toHaveBeenCalledWith('[workspace-api-mock] journal listener failed:', boom)
    } finally {
      stopBroken()
      stopGood()
      errors.mockRestore()
    }
  })
})

describe('bodies', () => {
  test('a JSON-looking body sent as text/plain is kept as text', async () => {
    const text = '{"name":"x"}'
    const res = await h.call('/api/workspaces', { method: 'POST', body: text, headers: { 'Content-Type': 'text/plain' } })
    expect(res.status).toBe(415)
    expect(journal().last()!.body).toBe(text)
  })

  test('a body sent as JSON that does not parse is kept as text', async () => {
    const res = await h.call('/api/workspaces', {
      method: 'POST',
      body: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(journal().last()!.body).toBe('{"name":')
  })

  test('a body of exactly 64 KiB is kept whole, unmarked', async () => {
    const text = 'a'.repeat(BODY_LIMIT)
    await h.call('/api/workspaces', { method: 'POST', body: text, headers: { 'Content-Type': 'text/plain' } })
    expect(journal().last()!.body).toBe(text)
  })

  test('a longer body keeps its first 64 KiB as text, marked as truncated', async () => {
    const text = 'a'.repeat(BODY_LIMIT) + 'bcd'
    await h.call('/api/workspaces', { method: 'POST', body: text, headers: { 'Content-Type': 'text/plain' } })
    expect(journal().last()!.body).toBe(`${'a'.repeat(BODY_LIMIT)}…[truncated]`)
  })
})

describe('bounds', () => {
  async function bounded(limit: number, requests: number): Promise<MockApi> {
    const api = createMockApi({ scenario: 'empty', journalLimit: limit })
    for (let i = 0; i < requests; i++) await api.handle(new Request(`https://bounded.test/api/missing-${i}`))
    return api
  }

  test('well past the limit the journal still holds exactly the newest `journalLimit` entries', async () => {
    const api = await bounded(2, 7)
    expect(api.journal.limit).toBe(2)
    expect(api.journal.entries.map((e) => new URL(e.url).pathname)).toEqual(['/api/missing-5', '/api/missing-6'])
    expect(api.journal.count()).toBe(2)
  })
})
