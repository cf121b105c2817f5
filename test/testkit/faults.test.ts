import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 7 })
const firstWorkspace = async () => (await h.call('/api/workspaces')).body.data[0].id as string

describe('fail', () => {
  test('fails n times with a problem+json body, then recovers: a retrying client survives', async () => {
    const fault = h.api.faults.fail('listWorkspaces', { status: 503, times: 2, detail: 'maintenance' })
    const statuses: number[] = []
    let body: any
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await h.call('/api/workspaces')
      statuses.push(res.status)
      if (res.status === 200) {
        body = res.body
        break
      }
      expect(res.response.headers.get('Content-Type')).toBe('application/problem+json')
      expect(res.body).toMatchObject({ status: 503, title: 'Service Unavailable', detail: 'maintenance' })
    }
    expect(statuses).toEqual([503, 503, 200])
    expect(body.success).toBe(true)
    expect(fault.hits).toBe(2)
  })

  test('targets by method and path template, in MSW or spec syntax', async () => {
    const ws = await firstWorkspace()
    h.api.faults.fail('GET /api/workspaces/{workspaceId}', { status: 502 })
    // 502 and 504 are statuses the API does not declare: a test that injects them leaves the contract.
    expect((await h.call(`/api/workspaces/${ws}`, { contract: false })).status).toBe(502)
    expect((await h.call('/api/workspaces')).status).toBe(200)
    h.api.faults.clear()
    h.api.faults.fail('GET /api/workspaces/:workspaceId', { status: 504 })
    expect((await h.call(`/api/workspaces/${ws}`, { contract: false })).status).toBe(504)
  })

  test('an unknown target or a bad option is refused at once', () => {
    expect(() => h.api.faults.fail('DELETE /api/nowhere' as never)).toThrow(/Unknown operation target/)
    expect(() => h.api.faults.fail('*', { status: 200 })).toThrow(RangeError)
    expect(() => h.api.faults.fail('*', { rate: 2 })).toThrow(RangeError)
  })

  test('a faulted write changes no state', async () => {
    const before = JSON.stringify(h.api.snapshot())
    h.api.faults.fail('createWorkspace', { status: 500 })
    const res = await h.call('/api/workspaces', { method: 'POST', json: { name: 'never stored' } })
    expect(res.status).toBe(500)
    expect(JSON.stringify(h.api.snapshot())).toBe(before)
  })

  test('a fail rate is drawn from the seeded source: the same seed gives the same pattern', async () => {
    const pattern = async () => {
      const api = createMockApi({ scenario: 'empty', seed: 99, baseUrl: 'https://rate.test' })
      const server = setupServer(...api.handlers)
      server.listen({ onUnhandledFrame: 'error' })
      api.faults.fail('*', { status: 500, rate: 0.5 })
      const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
      const out: number[] = []
      for (let i = 0; i < 40; i++) {
        out.push((await fetch('https://rate.test/api/workspaces', { headers })).status)
      }
      server.close()
      return out
    }
    // The suite's own server intercepts too; close it while these private servers run.
    h.server.close()
    const first = await pattern()
    const second = await pattern()
    h.server.listen({ onUnhandledFrame: 'error' })
    expect(first).toEqual(second)
    const failures = first.filter((s) => s === 500).length
    expect(failures).toBeGreaterThan(8)
    expect(failures).toBeLessThan(32)
  })

  test('reset() removes faults', async () => {
    h.api.faults.fail('*', { status: 500 })
    await h.api.reset()
    expect(h.api.faults.size).toBe(0)
    expect((await h.call('/api/workspaces')).status).toBe(200)
  })
})

describe('latency', () => {
  test('a client timeout fires against injected latency; the request still works without it', async () => {
    h.api.faults.latency('listWorkspaces', 3000)
    const started = performance.now()
    await expect(
      fetch(`${ORIGIN}/api/workspaces`, {
        headers: { 'X-API-Key': h.api.credentials.apiKey, 'X-API-Secret': h.api.credentials.apiSecret },
        signal: AbortSignal.timeout(100),
      }),
    ).rejects.toThrow(/timeout|aborted/i)
    expect(performance.now() - started).toBeLessThan(2000)
    h.api.faults.clear()
    expect((await h.call('/api/workspaces')).status).toBe(200)
  })

  test('a latency range delays within its bounds and then answers normally', async () => {
    h.api.faults.latency('*', [60, 120])
    const started = performance.now()
    const res = await h.call('/api/workspaces')
    const elapsed = performance.now() - started
    expect(res.status).toBe(200)
    expect(elapsed).toBeGreaterThanOrEqual(55)
    expect(h.api.journal.last({ operation: 'listWorkspaces' })!.duration).toBeGreaterThanOrEqual(55)
  })
})

describe('disconnect and rate limit', () => {
  test('disconnect: the client sees a network error, then the fault recovers', async () => {
    h.api.faults.disconnect('getWorkspace', { times: 1 })
    const ws = await firstWorkspace()
    await expect(
      fetch(`${ORIGIN}/api/workspaces/${ws}`, {
        headers: { 'X-API-Key': h.api.credentials.apiKey, 'X-API-Secret': h.api.credentials.apiSecret },
      }),
    ).rejects.toThrow(TypeError)
    expect((await h.call(`/api/workspaces/${ws}`)).status).toBe(200)
  })

  test('rate limit: 429 with Retry-After once the budget is spent', async () => {
    h.api.faults.rateLimit('*', { requests: 3, retryAfter: 30 })
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push(await h.call('/api/workspaces'))
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 429, 429])
    expect(statuses[3]!.response.headers.get('Retry-After')).toBe('30')
    expect(statuses[3]!.body).toMatchObject({ status: 429, title: 'Too Many Requests' })
  })
})

describe('isolation of faults', () => {
  const other = createMockApi({ scenario: 'empty', baseUrl: 'https://other.test' })
  const server = setupServer(...other.handlers)
  beforeAll(() => server.listen({ onUnhandledFrame: 'bypass' }))
  afterAll(() => server.close())

  test('faults belong to one mock instance', () => {
    h.api.faults.fail('*')
    expect(other.faults.size).toBe(0)
  })
})
