/**
 * The fault registry's options, schedules and bookkeeping, seen through requests and `faults.list()`:
 * what is refused (with which message), what the edges of each range do, and how `hits`, `remove` and
 * the seeded draws behave.
 */
import { describe, expect, test, vi } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'empty', seed: 17 })
const list = () => h.call('/api/workspaces')
/** For statuses the API does not declare for listWorkspaces (a fault's own choice). */
const listOffContract = () => h.call('/api/workspaces', { contract: false })

async function statuses(count: number, call = list): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < count; i++) out.push((await call()).status)
  return out
}

/** A mock of its own, answered through `api.handle` (no MSW server in between). */
async function directMock(seed: number): Promise<{ api: MockApi; get: () => Promise<Response> }> {
  const api = createMockApi({ scenario: 'empty', seed })
  await api.ready
  const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
  const get = async () => (await api.handle(new Request('https://direct.test/api/workspaces', { headers })))!
  return { api, get }
}

describe('fail: status', () => {
  test('defaults to 500 with a detail naming the status', async () => {
    h.api.faults.fail('listWorkspaces')
    const res = await list()
    expect(res.status).toBe(500)
    expect(res.body).toMatchObject({ status: 500, detail: 'injected fault: 500' })
  })

  test.each([400, 599])('accepts the edge status %i and answers with it', async (status) => {
    h.api.faults.fail('listWorkspaces', { status })
    const res = await listOffContract()
    expect(res.status).toBe(status)
    expect(res.body).toMatchObject({ status, detail: `injected fault: ${status}` })
  })

  test.each([399, 600, 200, 500.5])('refuses status %s with a message naming it', (status) => {
    expect(() => h.api.faults.fail('*', { status })).toThrowError(
      new RangeError(`fail: status must be an integer 400..599, got ${status}`),
    )
    expect(h.api.faults.size).toBe(0)
  })

  test('extra headers go out with the problem', async () => {
    h.api.faults.fail('listWorkspaces', { status: 503, headers: { 'Retry-After': '7' } })
    const res = await list()
    expect(res.status).toBe(503)
    expect(res.response.headers.get('Retry-After')).toBe('7')
  })
})

describe('latency: validation', () => {
  test.each([
    ['a negative delay', -5],
    ['a range below zero', [-5, 10] as const],
    ['a range with min above max', [10, 5] as const],
    ['an unbounded range', [0, Infinity] as const],
    ['NaN', Number.NaN],
  ])('refuses %s', (_, latency) => {
    expect(() => h.api.faults.latency('*', latency)).toThrow(RangeError)
    expect(h.api.faults.size).toBe(0)
  })

  test('the message names what was given', () => {
    expect(() => h.api.faults.latency('*', [10, 5])).toThrowError(
      new RangeError('latency: expected ms from 0 to 120000 or [min, max] with min <= max, got 10,5'),
    )
  })

  test('zero and a single-point range are accepted, and answer normally', async () => {
    h.api.faults.latency('listWorkspaces', 0)
    h.api.faults.latency('listWorkspaces', [3, 3])
    expect(h.api.faults.size).toBe(2)
    expect((await list()).status).toBe(200)
    expect(h.api.faults.list().map((f) => f.hits)).toEqual([1, 1])
  })
})

describe('latency: the delay', () => {
  // Fake timers (and a fake performance clock, which the journal's `duration` reads): the delay of each
  // request is then exactly the drawn number of milliseconds, without waiting for it.
  async function durations(latency: number | readonly [number, number], count: number): Promise<number[]> {
    const { api, get } = await directMock(21)
    await get() // loads the dispatcher before the clock is faked
    api.journal.clear()
    api.faults.latency('listWorkspaces', latency)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    try {
      for (let i = 0; i < count; i++) {
        const pending = get()
        await vi.runAllTimersAsync()
        expect((await pending).status).toBe(200)
      }
    } finally {
      vi.useRealTimers()
    }
    return api.journal.entries.map((entry) => entry.duration)
  }

  test('a fixed latency delays every request by exactly that much', async () => {
    expect(await durations(40, 3)).toEqual([40, 40, 40])
  })

  test('a range draws whole milliseconds within [min, max], not always the same', async () => {
    const drawn = await durations([100, 200], 12)
    for (const ms of drawn) {
      expect(Number.isInteger(ms)).toBe(true)
      expect(ms).toBeGreaterThanOrEqual(100)
      expect(ms).toBeLessThanOrEqual(200)
    }
    expect(new Set(drawn).size).toBeGreaterThan(1)
  })
})

describe('rateLimit', () => {
  test.each([-1, 1.5, Number.NaN])('refuses requests: %s with a message naming it', (requests) => {
    expect(() => h.api.faults.rateLimit('*', { requests })).toThrowError(
      new RangeError(`rateLimit: requests must be a non-negative integer, got ${requests}`),
    )
    expect(h.api.faults.size).toBe(0)
  })

  test('requests: 0 limits from the first request; Retry-After defaults to 1 second', async () => {
    h.api.faults.rateLimit('listWorkspaces', { requests: 0 })
    const res = await list()
    expect(res.status).toBe(429)
    expect(res.response.headers.get('Retry-After')).toBe('1')
    expect(res.body.detail).toBe('rate limit of 0 requests exceeded')
  })

  test('the detail names the budget; hits count the refused requests only', async () => {
    const limit = h.api.faults.rateLimit('listWorkspaces', { requests: 2, retryAfter: 5 })
    expect(await statuses(5)).toEqual([200, 200, 429, 429, 429])
    expect(h.api.journal.last()!.detail).toBe('rate limit of 2 requests exceeded')
    expect(limit.hits).toBe(3)
    expect(h.api.faults.list()[0]!.hits).toBe(3)
  })
})

describe('schedules: times', () => {
  test.each([-1, 1.5])('refuses times: %s with a message naming it', (times) => {
    expect(() => h.api.faults.fail('*', { times })).toThrowError(
      new RangeError(`times must be a non-negative integer, got ${times}`),
    )
    expect(() => h.api.faults.disconnect('*', { times })).toThrow(RangeError)
    expect(() => h.api.faults.latency('*', 1, { times })).toThrow(RangeError)
    expect(h.api.faults.size).toBe(0)
  })

  test('times: 0 is accepted and never fires', async () => {
    const fault = h.api.faults.fail('listWorkspaces', { status: 503, times: 0 })
    expect(await statuses(3)).toEqual([200, 200, 200])
    expect(fault.hits).toBe(0)
  })

  test('without times a fault fires on every matching request', async () => {
    const fault = h.api.faults.fail('listWorkspaces', { status: 503 })
    expect(await statuses(4)).toEqual([503, 503, 503, 503])
    expect(fault.hits).toBe(4)
  })
})

describe('schedules: rate', () => {
  test.each([-0.1, 1.5])('refuses rate: %s with a message naming it', (rate) => {
    expect(() => h.api.faults.fail('*', { rate })).toThrowError(new RangeError(`rate must be within 0..1, got ${rate}`))
    expect(h.api.faults.size).toBe(0)
  })

  test('rate: 0 is accepted and never fires', async () => {
    const fault = h.api.faults.fail('listWorkspaces', { status: 503, rate: 0 })
    expect(await statuses(10)).toEqual(Array(10).fill(200))
    expect(fault.hits).toBe(0)
  })

  test('rate: 1 is accepted and fires every time', async () => {
    const fault = h.api.faults.fail('listWorkspaces', { status: 503, rate: 1 })
    expect(await statuses(10)).toEqual(Array(10).fill(503))
    expect(fault.hits).toBe(10)
  })

  test('a fault without a rate draws nothing: a fixed latency ahead of a rate leaves its pattern as it was', async () => {
    const pattern = async (withLatency: boolean) => {
      const { api, get } = await directMock(5)
      if (withLatency) api.faults.latency('listWorkspaces', 0)
      api.faults.fail('listWorkspaces', { status: 503, rate: 0.5 })
      const out: number[] = []
      for (let i = 0; i < 24; i++) out.push((await get()).status)
      return out
    }
    const alone = await pattern(false)
    expect(alone).toContain(200)
    expect(alone).toContain(503)
    expect(await pattern(true)).toEqual(alone)
  })
})

describe('the registry: ids, list, remove', () => {
  test('ids are positive and grow in the order faults are added', () => {
    const a = h.api.faults.fail('listWorkspaces')
    const b = h.api.faults.disconnect('getWorkspace')
    const c = h.api.faults.latency('*', 1)
    expect(a.id).toBeGreaterThan(0)
    expect(b.id).toBeGreaterThan(a.id)
    expect(c.id).toBeGreaterThan(b.id)
    expect(h.api.faults.list().map((f) => f.id)).toEqual([a.id, b.id, c.id])
  })

  test('list() describes each kind with exactly its own members', () => {
    const f = h.api.faults.fail('getWorkspace', { status: 503, times: 2, detail: 'down' })
    const d = h.api.faults.disconnect('createWorkspace', { rate: 0.25 })
    const l = h.api.faults.latency('*', [10, 20])
    const r = h.api.faults.rateLimit('GET /api/workspaces', { requests: 5 })
    expect(h.api.faults.list()).toStrictEqual([
      { id: f.id, type: 'fail', target: 'getWorkspace', status: 503, detail: 'down', times: 2, hits: 0 },
      { id: d.id, type: 'disconnect', target: 'createWorkspace', rate: 0.25, hits: 0 },
      { id: l.id, type: 'latency', target: '*', latency: [10, 20], hits: 0 },
      { id: r.id, type: 'rateLimit', target: 'GET /api/workspaces', requests: 5, retryAfter: 1, hits: 0 },
    ])
  })

  test('remove(id) removes that fault only and says so; an unknown id is false', async () => {
    const first = h.api.faults.fail('listWorkspaces', { status: 503 })
    const second = h.api.faults.fail('getWorkspace', { status: 500 })
    expect(h.api.faults.remove(999_999)).toBe(false)
    expect(h.api.faults.size).toBe(2)
    expect(h.api.faults.remove(first.id)).toBe(true)
    expect(h.api.faults.list().map((f) => f.id)).toEqual([second.id])
    expect((await list()).status).toBe(200)
    expect(h.api.faults.remove(first.id)).toBe(false)
  })

  test("a handle's remove() removes its own fault and leaves the others", async () => {
    const first = h.api.faults.fail('listWorkspaces', { status: 503 })
    const second = h.api.faults.fail('listWorkspaces', { status: 500 })
    const third = h.api.faults.fail('getWorkspace', { status: 500 })
    first.remove()
    expect(h.api.faults.list().map((f) => f.id)).toEqual([second.id, third.id])
    expect((await list()).status).toBe(500)
    second.remove()
    expect(h.api.faults.list().map((f) => f.id)).toEqual([third.id])
    expect((await list()).status).toBe(200)
  })
})
