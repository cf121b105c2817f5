import type { DefinedOperation } from '../handlers/definitions/define-operation.ts'
import { createMockApiFrom } from './create-mock-api-from.ts'
import { initialStateOf } from './initial-state.ts'
import { resolveMockOptions } from './mock-options.ts'
import type { MockApi, MockApiOptions } from './mock-api.ts'

export type { Credentials } from '../model/credentials.ts'
export type { MockApi, MockApiOptions, Principal } from './mock-api.ts'

/**
 * Creates an in-memory Workspace & Application API: seeded data, @msw/data collections and MSW handlers.
 * @example
 * const api = createMockApi({ scenario: 'demo', seed: 42 })
 * const server = setupServer(...api.handlers)
 */
export function createMockApi<const Ops extends readonly DefinedOperation[] = readonly []>(options: MockApiOptions<Ops> = {}): MockApi<Ops> {
  const resolved = resolveMockOptions(options)
  return createMockApiFrom(options, initialStateOf(options, resolved), resolved) as unknown as MockApi<Ops>
}
