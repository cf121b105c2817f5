/**
 * Helpers of the attack tests (test/server/attack-*.test.ts): each tries an attack on a server of its own
 * with small bounds, then checks that the server still answers a client in time.
 */
import { connect, type Socket } from 'node:net'
import { expect } from 'vitest'
import type { MockServer } from '../../src/node/index.ts'

/** The server still answers an authenticated API request within 1 s. */
export async function expectAnswersWithin1s(server: MockServer): Promise<void> {
  const started = performance.now()
  const { apiKey, apiSecret } = server.api.credentials
  const response = await fetch(`${server.url}/api/workspaces`, {
    headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret },
    signal: AbortSignal.timeout(1000),
  })
  expect(response.status).toBe(200)
  await response.arrayBuffer()
  expect(performance.now() - started).toBeLessThan(1000)
}

/** A raw connection that sends `head` (and `body`), and collects what comes back. */
export function rawConnection(url: string, head: string, body = '') {
  const { hostname, port } = new URL(url)
  const socket: Socket = connect(Number(port), hostname)
  let data = ''
  let closed = false
  const firstByte = new Promise<number>((resolve) => socket.once('data', () => resolve(performance.now())))
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (data += chunk))
  socket.on('error', () => {})
  const ended = new Promise<void>((resolve) => socket.on('close', () => ((closed = true), resolve())))
  socket.write(head + body)
  return {
    socket,
    firstByte,
    ended,
    data: () => data,
    closed: () => closed,
    status: () => Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]),
    /** The answer's body, once whole (after the blank line). */
    body: () => data.slice(data.indexOf('\r\n\r\n') + 4),
  }
}

export const hostOf = (url: string) => new URL(url).host
