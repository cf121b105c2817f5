import { setupServer } from 'msw/node'
import { describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { REDACTED } from '../../src/testkit/journal.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 3 })

describe('request journal', () => {
  test('records operation, method, url, params, query, headers (secret redacted), body, status and time', async () => {
    const ws = (await h.call('/api/workspaces')).body.data[0].id
    const before = Date.now()
    await h.call(`/api/workspaces/${ws}`, { method: 'PUT', json: { name: 'Renamed' } })
    const entry = h.api.journal.last({ operation: 'updateWorkspace' })!
    expect(entry).toMatchObject({
      operation: 'updateWorkspace',
      method: 'PUT',
      url: `${ORIGIN}/api/workspaces/${ws}`,
      path: '/api/workspaces/{workspaceId}',
      params: { workspaceId: ws },
      body: { name: 'Renamed' },
      status: 200,
    })
    expect(entry.headers['x-api-key']).toBe(h.api.credentials.apiKey)
    expect(entry.headers['x-api-secret']).toBe(REDACTED)
    expect(JSON.stringify(h.api.journal.entries)).not.toContain(h.api.credentials.apiSecret)
    expect(entry.time).toBeGreaterThanOrEqual(before)
    expect(entry.duration).toBeGreaterThanOrEqual(0)
  })

  test('verification: "was PUT /api/workspaces/:id called once with name X"', async () => {
    const ids = (await h.call('/api/workspaces')).body.data.map((w: { id: string }) => w.id)
    await h.call(`/api/workspaces/${ids[0]}`, { method: 'PUT', json: { name: 'X' } })
    await h.call(`/api/workspaces/${ids[1]}`, { method: 'PUT', json: { name: 'Y', description: 'd' } })
    await h.call(`/api/workspaces/${ids[1]}`, { method: 'PUT', json: { domain: 'no' } })
    expect(h.api.journal.count({ method: 'PUT', path: '/api/workspaces/:workspaceId', body: { name: 'X' } })).toBe(1)
    expect(h.api.journal.count({ operation: 'updateWorkspace' })).toBe(3)
    expect(h.api.journal.count({ operation: 'updateWorkspace', status: 422 })).toBe(1)
    expect(h.api.journal.count({ path: `/api/workspaces/${ids[1]}` })).toBe(2)
    expect(h.api.journal.count({ operation: 'updateWorkspace', body: { name: 'Z' } })).toBe(0)
  })

  test('query values and catch-all answers are recorded too', async () => {
    const ws = (await h.call('/api/workspaces')).body.data[0].id
    await h.call('/api/applications?page_size=20&current_page=2', { workspace: ws })
    await h.call('/api/nothing-here')
    expect(h.api.journal.last({ operation: 'listApplications' })!.query).toEqual({
      page_size: '20',
      current_page: '2',
    })
    expect(h.api.journal.last({ status: 404 })).toMatchObject({ operation: undefined, method: 'GET' })
  })

  test('non-JSON bodies are kept as text; clear() empties the journal', async () => {
    await h.call('/api/workspaces', { method: 'POST', body: 'name=x', headers: { 'Content-Type': 'text/plain' } })
    expect(h.api.journal.last({ operation: 'createWorkspace' })).toMatchObject({ body: 'name=x', status: 415 })
    h.api.journal.clear()
    expect(h.api.journal.entries).toHaveLength(0)
  })

  test('reset() clears the journal', async () => {
    await h.call('/api/workspaces')
    await h.api.reset()
    expect(h.api.journal.entries).toHaveLength(0)
  })
})

describe('journal bounds', () => {
  test('keeps the newest `journalLimit` entries; 0 turns it off', async () => {
    h.server.close()
    for (const limit of [3, 0]) {
      const api = createMockApi({ scenario: 'empty', journalLimit: limit, baseUrl: 'https://bounded.test' })
      const server = setupServer(...api.handlers)
      server.listen({ onUnhandledFrame: 'error' })
      for (let i = 0; i < 5; i++) await fetch(`https://bounded.test/api/missing-${i}`)
      server.close()
      expect(api.journal.entries.map((e) => new URL(e.url).pathname)).toEqual(
        limit === 3 ? ['/api/missing-2', '/api/missing-3', '/api/missing-4'] : [],
      )
    }
    h.server.listen({ onUnhandledFrame: 'error' })
  })
})
