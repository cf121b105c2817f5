/**
 * `useMockApi` (`workspace-api-mock/vitest`, index.ts): one call wires the mock into a Vitest file.
 * Node-only (msw/node); the rest of the kit stays platform-free. Loaded in Vitest's test workers only.
 */
import type { UnhandledFrameHandle } from 'msw'
import { setupServer, type SetupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { createMockApi, type MockApi, type MockApiOptions } from '../api/create-mock-api.ts'
import type { DefinedOperation } from '../handlers/definitions/define-operation.ts'
import { evidenceError } from '../evidence/report.ts'
import { violationsError } from '../testkit/test-runner.ts'
import { vitestEvidence } from './evidence.ts'

export interface UseMockApiOptions<Ops extends readonly DefinedOperation[] = readonly DefinedOperation[]> extends MockApiOptions<Ops> {
  /** MSW 3's reaction to a request no handler answers. Default `'error'`. */
  onUnhandledFrame?: UnhandledFrameHandle
}

/** The mock API plus the msw/node server it is installed in (for plain `server.use(...)` overrides). */
export type VitestMockApi<Ops extends readonly DefinedOperation[] = readonly DefinedOperation[]> = MockApi<Ops> & { readonly server: SetupServer }

/**
 * Starts `setupServer` before all tests; after each test resets state, faults, overrides and the journal,
 * drops `server.use` handlers, and fails the test if a contract violation happened; closes after all. A
 * failed test's output gets the table of its requests, and its evidence file (docs/evidence.md).
 * @example
 * const api = useMockApi({ scenario: 'demo', seed: 42 })
 * test('lists', async () => { await fetch('/api/workspaces', { headers: { 'X-API-Key': api.credentials.apiKey, ... } }) })
 */
export function useMockApi<const Ops extends readonly DefinedOperation[] = readonly []>(options: UseMockApiOptions<Ops> = {}): VitestMockApi<Ops> {
  const { onUnhandledFrame = 'error', ...mockOptions } = options
  const api = createMockApi(mockOptions)
  const server = setupServer(...api.handlers)

  beforeAll(async () => {
    server.listen({ onUnhandledFrame })
    await api.ready
  })
  const evidence = vitestEvidence(api, mockOptions)
  beforeEach(() => evidence.start())
  afterEach(async (context) => {
    const error = violationsError(api.violations)
    const report = await evidence.report(context, error !== undefined)
    server.resetHandlers()
    await api.reset()
    if (report) throw evidenceError(report, error)
    if (error) throw error
  })
  afterAll(() => {
    server.close()
  })

  return Object.defineProperty(api, 'server', { value: server, enumerable: true }) as VitestMockApi<Ops>
}
