/**
 * The live service of the `live` tests: the demo server (the demo scenario, seed 1, a principal of its own)
 * behind a proxy (test/verify/deviant-proxy.ts) that changes its answers as the test plants, and keeps what
 * it was sent. The same data as a mock of the demo scenario, seed 1: an identical service until a change
 * is planted.
 */
import type { IncomingMessage } from 'node:http'
import { startMockServer, withCredentials, type MockServer } from '../../src/node/index.ts'
import { forward, startProxy, type ProxyAnswer } from '../verify/deviant-proxy.ts'

/** The service's own principal: what the mock's callers are mapped to. */
export const SERVICE = { apiKey: 'service-key-7f3a', apiSecret: 'service-secret-91c2d4' }

/** A change of the service's answers: it takes the request's path and the answer, and answers the changed one. */
export type Plant = (path: string, answer: ProxyAnswer, request: IncomingMessage) => ProxyAnswer

/** What the service was sent: each request's method, path and headers. */
export interface Sent {
  method: string
  path: string
  headers: IncomingMessage['headers']
}

export interface Service {
  url: string
  /** The requests it was sent, oldest first. */
  sent: Sent[]
  /** The change planted now (none: the service answers as the mock does). */
  plant: Plant | undefined
  upstream: MockServer
  close(): Promise<void>
}

export async function startService(): Promise<Service> {
  const upstream = await startMockServer({ port: 0, scenario: withCredentials('demo', SERVICE) })
  const service: Partial<Service> & { sent: Sent[] } = { sent: [], plant: undefined, upstream }
  const proxy = await startProxy(async (request, origin) => {
    service.sent.push({ method: request.method!, path: request.url!, headers: request.headers })
    const answer = await forward(upstream.url, request, origin)
    return service.plant ? service.plant(new URL(request.url!, origin).pathname, answer, request) : answer
  })
  return Object.assign(service, {
    url: proxy.url,
    async close() {
      await proxy.close()
      await upstream.close()
    },
  }) as Service
}

/** Changes the JSON body of the answers to `paths` (a pattern of the path) with `change`. */
export function jsonPlant(paths: RegExp, change: (body: any) => void): Plant {
  return (path, answer) => {
    if (!paths.test(path) || !/json/.test(answer.headers['content-type'] ?? '')) return answer
    const body = JSON.parse(answer.body)
    change(body)
    return { ...answer, body: JSON.stringify(body) }
  }
}
