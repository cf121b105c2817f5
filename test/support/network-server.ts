/**
 * A real `node:http` server on loopback for the tests that put MSW in front of the network: what reaches it
 * went through MSW untouched, and it answers each request with `answer(request)`. Registers its own
 * `beforeAll` and `afterAll`; `origin()` is its address once started.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'

export function networkServer(answer: (request: IncomingMessage) => string): { origin(): string } {
  let network: Server
  let origin: string | undefined
  beforeAll(async () => {
    network = createServer((request, response) => response.end(answer(request)))
    await new Promise<void>((listening) => network.listen(0, '127.0.0.1', listening))
    origin = `http://127.0.0.1:${(network.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((closed) => network.close(() => closed())))
  return {
    origin() {
      if (origin === undefined) throw new Error('the network server has not started yet (use it inside a test)')
      return origin
    },
  }
}
