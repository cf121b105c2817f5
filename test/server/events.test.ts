/**
 * The console's live request log as server-sent events (src/server/console/events.ts), read off the socket:
 * how a stream starts, what one logged request holds (the journal's entry, its duration in tenths of a
 * millisecond), and the keep-alive comment that holds idle streams open.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { authOf, call, eventStream, expectJson } from './http-helpers.ts'

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', seed: 2, strict: false })
})
afterAll(() => server.close())
afterEach(async () => {
  vi.useRealTimers()
  await server.api.reset()
})

describe('the live log', () => {
  test('a stream starts with the reconnection delay, then the history', async () => {
    const stream = eventStream(await fetch(`${server.url}/__admin/events`))
    try {
      expect(await stream.next()).toEqual({ event: 'history', data: [] })
      expect(stream.raw()).toBe('retry: 1000\n\nevent: history\ndata: []\n\n')
    } finally {
      await stream.cancel()
    }
  })

  test("one request as the log shows it: the journal's entry, path with query, duration to a tenth of a millisecond", async () => {
    await call(server.url, '/__admin/faults', { json: { type: 'latency', target: 'getWorkspace', latency: 25 } })
    await call(server.url, '/__admin/faults', { json: { type: 'fail', target: 'getWorkspace', status: 503, detail: 'resting' } })
    const stream = eventStream(await fetch(`${server.url}/__admin/events`))
    try {
      expect(await stream.next()).toEqual({ event: 'history', data: [] })
      const id = server.api.db.workspaces.all()[0]!.id
      await call(server.url, `/api/workspaces/${id}?view=full&x=1`, { headers: authOf(server.api.credentials) })
      const logged = await stream.next()
      const [entry] = expectJson(await call(server.url, '/__admin/journal')).entries
      expect(logged).toEqual({
        event: 'request',
        data: {
          seq: entry.seq,
          time: entry.time,
          method: 'GET',
          path: `/api/workspaces/${id}?view=full&x=1`,
          status: 503,
          duration: Math.round(entry.duration * 10) / 10,
          operation: 'getWorkspace',
          detail: 'resting',
          why: entry.why,
        },
      })
      expect(entry.why.decision).toMatchObject({ kind: 'fault', fault: { type: 'fail', status: 503, detail: 'resting' } })
      // The template in the spec's syntax, as definitions are written, in the entry and in the route the console shows.
      expect(entry.path).toBe('/api/workspaces/{workspaceId}')
      expect(entry.why.route).toEqual({ kind: 'operation', operation: 'getWorkspace', method: 'GET', path: '/api/workspaces/{workspaceId}' })
      const { operations } = expectJson(await call(server.url, '/__admin/info'))
      expect(operations).toContainEqual({ name: 'getApplication', method: 'GET', path: '/api/applications/{applicationId}', kind: 'api' })
      expect(operations.filter((operation: { path: string }) => operation.path.includes(':'))).toEqual([])
      expect(logged!.data.duration).toBeGreaterThanOrEqual(24)
    } finally {
      await stream.cancel()
    }
  })

  test('the history holds the same events as the live log, oldest first', async () => {
    await call(server.url, '/api/workspaces?first', { headers: authOf(server.api.credentials) })
    await call(server.url, '/api/nothing')
    const stream = eventStream(await fetch(`${server.url}/__admin/events`))
    try {
      const history = await stream.next()
      const entries = expectJson(await call(server.url, '/__admin/journal')).entries
      expect(history?.data).toEqual(
        entries.map((entry: any) => ({
          seq: entry.seq,
          time: entry.time,
          method: entry.method,
          path: new URL(entry.url).pathname + new URL(entry.url).search,
          status: entry.status,
          duration: Math.round(entry.duration * 10) / 10,
          ...(entry.operation !== undefined && { operation: entry.operation }),
          ...(entry.detail !== undefined && { detail: entry.detail }),
          why: entry.why,
        })),
      )
      expect(history!.data.map((e: { path: string; status: number }) => [e.path, e.status])).toEqual([
        ['/api/workspaces?first', 200],
        ['/api/nothing', 404],
      ])
    } finally {
      await stream.cancel()
    }
  })

  test('an idle stream gets a keep-alive comment every 15 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const stream = eventStream(await fetch(`${server.url}/__admin/events`))
    try {
      expect((await stream.next())?.event).toBe('history')
      vi.advanceTimersByTime(14_999)
      await call(server.url, '/api/workspaces?one', { headers: authOf(server.api.credentials) })
      expect((await stream.next())?.data.path).toBe('/api/workspaces?one')
      expect(stream.comments).toEqual([])
      vi.advanceTimersByTime(1)
      await call(server.url, '/api/workspaces?two', { headers: authOf(server.api.credentials) })
      expect((await stream.next())?.data.path).toBe('/api/workspaces?two')
      expect(stream.comments).toEqual([': keepalive'])
      vi.advanceTimersByTime(15_000)
      await call(server.url, '/api/workspaces?three', { headers: authOf(server.api.credentials) })
      expect((await stream.next())?.data.path).toBe('/api/workspaces?three')
      expect(stream.comments).toEqual([': keepalive', ': keepalive'])
    } finally {
      await stream.cancel()
    }
  })
})
