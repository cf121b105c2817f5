import { setupServer, type SetupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createMockApi, type DefinedOperation, type MockApi, type MockApiOptions, type Principal } from '../../src/index.ts'
import { checkedFetch } from './checked-fetch.ts'

export const ORIGIN = 'https://api.example.test'

export interface MockHarness<Ops extends readonly DefinedOperation[] = readonly DefinedOperation[]> {
  api: MockApi<Ops>
  server: SetupServer
  /** fetch() against the mock with the first principal's credentials, unless `principal: null`. */
  call(path: string, init?: CallInit): Promise<CheckedResponse>
}

export interface CallInit extends RequestInit {
  /** Whose credentials to send; `null` sends none. Default: the first principal. */
  principal?: Principal | null
  /** Sets X-Workspace-ID. */
  workspace?: string
  /** JSON body (sets Content-Type application/json). */
  json?: unknown
  /** `false`: a response the test takes off the contract on purpose (see checkedFetch). */
  contract?: false
}

export interface CheckedResponse {
  response: Response
  status: number
  body: any
  text: string
}

/**
 * One mock API behind msw/node's setupServer for a test file: started before all tests, reset after each,
 * closed after all. Every JSON body that declares a schema is checked against it.
 */
export function useHarness<const Ops extends readonly DefinedOperation[] = readonly []>(options: MockApiOptions<Ops> = {}): MockHarness<Ops> {
  const api = createMockApi<Ops>({ baseUrl: ORIGIN, ...options })
  const server = setupServer(...api.handlers)
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' })
    await api.ready
  })
  afterEach(() => api.reset())
  afterAll(() => server.close())

  return {
    api,
    server,
    call(path, init = {}) {
      const { principal, ...rest } = init
      const who = principal === undefined ? api.principals[0] : principal
      const base = (options.baseUrl ?? ORIGIN).replace(/\/$/, '')
      return checkedFetch(path.startsWith('http') ? path : `${base}${path}`, { ...rest, as: who ?? undefined })
    },
  }
}
