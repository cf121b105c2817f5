import { setupServer, type SetupServer } from 'msw/node'
import { Pool } from 'undici'
import { createMockApi, type MockApi, type MockApiOptions } from '../../../src/index.ts'
import { contractOf, contractProblems, type ReceivedResponse } from '../../support/openapi-contract.ts'
import { CLOCK_START, ORIGIN } from './settings.ts'

/** One request and what came back: a response, or the network error fetch rejected with. */
export interface Exchange {
  request: Request
  status: number
  headers: Headers
  text: string
  /** The parsed body; undefined when it is empty or not JSON (see `parseError`). */
  json: unknown
  parseError: string | undefined
  /** Set when fetch rejected instead of answering: a request the mock did not handle. */
  networkError: string | undefined
}

/**
 * A mock API behind msw/node's setupServer that records everything that must never happen: requests that
 * reach no handler (`request:unhandled`) and exceptions thrown during handler lookup (`unhandledException`).
 * `onUnhandledFrame: 'error'` additionally turns a fall-through into a network error instead of a real request.
 */
export class HostileServer {
  readonly api: MockApi
  readonly server: SetupServer
  /** `METHOD url` of every request that reached no handler. */
  readonly unhandled: string[] = []
  /** Every exception MSW reported while resolving a request. */
  readonly exceptions: string[] = []
  /** Every way a response broke the OpenAPI document (status undeclared, body or content type off). */
  readonly offContract: string[] = []
  /**
   * fetch's own pool keeps every connection MSW's socket emulation has closed and walks them all on each
   * request (undici's Pool): CPU grew with the square of the requests. A pool of at most 8 connections took
   * the fuzzing from 33 s to 21 s of CPU. `connections: null` leaves it unbounded, for requests sent at once.
   */
  readonly pool: Pool
  /** Requests sent through `send`. */
  sent = 0
  /** The document answers are held to: the shipped one, or the mock's own when it serves operations of its own. */
  #contract: (response: ReceivedResponse) => string[] = contractProblems
  readonly #own: boolean

  constructor(options: MockApiOptions = {}, { connections = 8 }: { connections?: number | null } = {}) {
    this.pool = new Pool(ORIGIN, { connections })
    let clock = CLOCK_START
    this.api = createMockApi({ baseUrl: ORIGIN, now: () => (clock += 7), ...options })
    this.#own = (options.operations?.length ?? 0) > 0
    this.server = setupServer(...this.api.handlers)
    this.server.events.on('request:unhandled', ({ request }) => {
      this.unhandled.push(`${request.method} ${request.url.slice(0, 300)}`)
    })
    this.server.events.on('unhandledException', ({ request, error }) => {
      this.exceptions.push(`${request.method} ${request.url.slice(0, 300)}: ${String(error).slice(0, 300)}`)
    })
  }

  async start(): Promise<void> {
    this.server.listen({ onUnhandledFrame: 'error' })
    await this.api.ready
    if (this.#own) this.#contract = contractOf(await (await this.api.handle(new Request(`${ORIGIN}/api/openapi.json`)))!.json())
  }

  stop(): void {
    this.server.close()
    void this.pool.close()
  }

  /** Sends a request through the real fetch and reads the whole answer; never throws. */
  async send(request: Request): Promise<Exchange> {
    this.sent++
    try {
      const response = await fetch(request, { dispatcher: this.pool } as RequestInit)
      const text = await response.text()
      let json: unknown
      let parseError: string | undefined
      if (text !== '') {
        try {
          json = JSON.parse(text)
        } catch (error) {
          parseError = String(error)
        }
      }
      this.offContract.push(
        ...this.#contract({
          method: request.method,
          url: request.url,
          status: response.status,
          contentType: response.headers.get('Content-Type'),
          body: json,
        }),
      )
      return {
        request,
        status: response.status,
        headers: response.headers,
        text,
        json,
        parseError,
        networkError: undefined,
      }
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause
      return {
        request,
        status: 0,
        headers: new Headers(),
        text: '',
        json: undefined,
        parseError: undefined,
        networkError: `${String(error)}${cause ? ` (cause: ${String(cause)})` : ''}`,
      }
    }
  }

  /** What must never have happened since the last call; clears the records. */
  takeIncidents(): string[] {
    const incidents = [
      ...this.unhandled.map((r) => `request reached no handler: ${r}`),
      ...this.exceptions.map((e) => `exception during handler lookup: ${e}`),
      ...this.offContract.map((p) => `breaks the OpenAPI document: ${p}`),
    ]
    this.unhandled.length = 0
    this.exceptions.length = 0
    this.offContract.length = 0
    return incidents
  }
}

/** `headers` as [name, value] pairs plus the X-API-Key / X-API-Secret of a principal. */
export function authHeaders(principal: { apiKey: string; apiSecret: string }): [string, string][] {
  return [
    ['X-API-Key', principal.apiKey],
    ['X-API-Secret', principal.apiSecret],
  ]
}

export { ORIGIN }
