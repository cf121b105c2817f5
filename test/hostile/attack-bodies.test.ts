/**
 * Bodies that do not come (issue 23): a body shorter than its Content-Length held the request for 330 s;
 * answers that need no body (401, 415, 413 by Content-Length) waited for it; a client aborting mid-body
 * printed two stack traces. Now a body has `bodyTimeout` (408 problem, connection closed), those answers go
 * out at once, and an abort is at most one log line.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { expectAnswersWithin1s, hostOf, rawConnection } from './attack-helpers.ts'

const BODY_TIMEOUT = 1000
let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', strict: false, bodyTimeout: BODY_TIMEOUT })
})
afterAll(() => server.close())
afterEach(() => vi.restoreAllMocks())

/** A POST that announces 1,000 bytes and sends 5 of them. */
function stalled(path: string, headers: Record<string, string>) {
  const lines = Object.entries({ Host: hostOf(server.url), 'Content-Length': '1000', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`)
  const started = performance.now()
  const exchange = rawConnection(server.url, `POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n`, '{"a":')
  return { ...exchange, waited: async () => (await exchange.firstByte) - started }
}

const credentials = () => ({ 'X-API-Key': server.api.credentials.apiKey, 'X-API-Secret': server.api.credentials.apiSecret })
const problemOf = (exchange: { body(): string }) => JSON.parse(exchange.body()) as { status: number; detail: string }

describe('bodies that do not come', () => {
  test('a stalled body is a 408 problem after the body timeout, API and admin alike; the connection closes', async () => {
    const api = stalled('/api/workspaces', { ...credentials(), 'Content-Type': 'application/json' })
    const admin = stalled('/__admin/faults', { 'Content-Type': 'application/json' })
    for (const exchange of [api, admin]) {
      const waited = await exchange.waited()
      await exchange.ended
      expect(exchange.status()).toBe(408)
      expect(waited).toBeGreaterThanOrEqual(BODY_TIMEOUT - 50)
      expect(waited).toBeLessThan(BODY_TIMEOUT + 2000)
      expect(exchange.data()).toMatch(/\r\nConnection: close\r\n/i)
      expect(exchange.data()).toMatch(/\r\nContent-Type: application\/problem\+json\r\n/i)
      expect(problemOf(exchange)).toMatchObject({ status: 408, detail: 'the request body did not arrive within 1 s (1000 bytes announced)' })
      expect(exchange.closed()).toBe(true)
    }
    await expectAnswersWithin1s(server)
  })

  test('401, 415 and a 413 by Content-Length are answered at once, before the body', async () => {
    const cases = [
      { status: 401, exchange: stalled('/api/workspaces', { 'Content-Type': 'application/json' }) },
      { status: 415, exchange: stalled('/api/workspaces', { ...credentials(), 'Content-Type': 'text/plain' }) },
      { status: 413, exchange: stalled('/api/workspaces', { ...credentials(), 'Content-Type': 'application/json', 'Content-Length': String(2 * 1024 * 1024) }) },
      { status: 415, exchange: stalled('/__admin/faults', { 'Content-Type': 'text/plain' }) },
    ]
    for (const { status, exchange } of cases) {
      expect(await exchange.waited()).toBeLessThan(BODY_TIMEOUT / 2)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(exchange.status()).toBe(status)
      expect(problemOf(exchange).status).toBe(status)
      exchange.socket.destroy()
    }
    // The 401 is journaled even though its body never came.
    expect(server.api.journal.last({ status: 401 })).toMatchObject({ method: 'POST', body: undefined })
  })

  test('a client that aborts mid-body costs at most one log line, and the server keeps serving', async () => {
    const lines: unknown[] = []
    vi.spyOn(console, 'error').mockImplementation((...args) => void lines.push(args))
    vi.spyOn(console, 'warn').mockImplementation((...args) => void lines.push(args))
    const write = process.stderr.write.bind(process.stderr)
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk, ...rest) => (lines.push(chunk), write(chunk, ...(rest as []))))
    for (const path of ['/api/workspaces', '/api/workspaces', '/__admin/faults']) {
      const exchange = stalled(path, { ...credentials(), 'Content-Type': 'application/json' })
      await new Promise((resolve) => setTimeout(resolve, 100))
      exchange.socket.destroy()
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    // At most one line, and no stack trace in it.
    expect(lines.length).toBeLessThanOrEqual(1)
    expect(lines.flat().map(String).join('\n')).not.toMatch(/\n\s+at /)
    await expectAnswersWithin1s(server)
  })
})
