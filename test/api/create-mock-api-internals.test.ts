/**
 * The internal helpers of src/api/ (internals.ts, mock-state.ts) refuse objects that are not mocks made by createMockApi
 * with one message, instead of failing later on a missing field or doing nothing.
 */
import { expect, test } from 'vitest'
import { createMockApi, type MockApi } from '../../src/api/create-mock-api.ts'
import { internalsOf } from '../../src/api/internals.ts'
import { replaceState } from '../../src/api/mock-state.ts'

test('internalsOf and replaceState refuse an object createMockApi did not make', async () => {
  const api = createMockApi({ scenario: 'empty', seed: 1, strict: false })
  await api.ready
  const lookalike = { ...api } as MockApi
  expect(internalsOf(api).store).toBeDefined()
  expect(() => internalsOf(lookalike)).toThrow(new TypeError('not a mock API made by createMockApi'))
  await expect(replaceState(lookalike, api.snapshot())).rejects.toThrow(new TypeError('not a mock API made by createMockApi'))
})
