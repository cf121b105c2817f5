/**
 * `api.db` and `api.snapshot()` answer synchronously, so before the scenario is loaded they refuse with
 * "not ready yet: await api.ready" instead of showing empty collections (and a copy made from such a
 * snapshot failing far away with "the scenario created no principal").
 */
import { setupServer } from 'msw/node'
import { describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'

const ORIGIN = 'https://not-ready.test'
const NOT_READY = /not ready yet: await api\.ready$/

describe('before the first load', () => {
  test('api.db and api.snapshot() throw an Error that says to await api.ready', () => {
    const api = createMockApi({ scenario: 'demo', seed: 2 })
    expect(() => api.db).toThrow(Error)
    expect(() => api.db).toThrow(/^api\.db: not ready yet: await api\.ready$/)
    expect(() => api.snapshot()).toThrow(/^api\.snapshot\(\): not ready yet: await api\.ready$/)
  })

  test('so a copy taken too early says so, not "the scenario created no principal"', () => {
    const api = createMockApi({ scenario: 'demo', seed: 2 })
    expect(() => createMockApi({ state: api.snapshot() })).toThrow(NOT_READY)
  })
})

describe('once loaded', () => {
  test('after await api.ready, the snapshot holds the scenario and a copy serves it', async () => {
    const api = createMockApi({ scenario: 'demo', seed: 2, baseUrl: ORIGIN })
    await api.ready
    const state = api.snapshot()
    expect(state.workspaces.length).toBe(api.db.workspaces.count())
    expect(state.workspaces.length).toBeGreaterThan(0)

    const copy = createMockApi({ state, baseUrl: ORIGIN })
    const server = setupServer(...copy.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      const { apiKey, apiSecret } = copy.credentials
      const response = await fetch(`${ORIGIN}/api/workspaces`, { headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret } })
      expect(response.status).toBe(200)
      const ids = ((await response.json()) as { data: Array<{ id: string }> }).data.map((w) => w.id)
      expect(ids.length).toBeGreaterThan(0)
      expect(state.workspaces.map((w) => w.id)).toEqual(expect.arrayContaining(ids))
    } finally {
      server.close()
    }
  })

  test('a request answered before anyone awaited ready leaves the data readable', async () => {
    const api = createMockApi({ scenario: 'demo', seed: 2, baseUrl: ORIGIN })
    const server = setupServer(...api.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      const { apiKey, apiSecret } = api.credentials
      const response = await fetch(`${ORIGIN}/api/workspaces`, { headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret } })
      expect(response.status).toBe(200)
      expect(api.db.workspaces.count()).toBeGreaterThan(0)
    } finally {
      server.close()
    }
  })

  test('a reset under way does not make them refuse: the collections stay the same, filled again in place', async () => {
    const api = createMockApi({ scenario: 'demo', seed: 2 })
    await api.ready
    const resetting = api.reset()
    expect(() => api.db).not.toThrow()
    expect(api.snapshot().workspaces.length).toBeGreaterThan(0)
    await resetting
  })
})
