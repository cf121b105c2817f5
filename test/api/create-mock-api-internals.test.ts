/**
 * The internal helpers of src/api/create-mock-api.ts refuse objects that are not mocks made by createMockApi
 * with one message, instead of failing later on a missing field or doing nothing.
 */
import { expect, test } from 'vitest'
import { createMockApi, internalsOf, replaceState, type MockApi } from '../../src/api/create-mock-api.ts'

test('internalsOf and replaceState refuse an object createMockApi did not make', async () => {
  const api = createMockApi({ scenario: 'empty', seed: 1, strict: false })
  const lookalike = { ...api } as MockApi
  expect(internalsOf(api).store).toBeDefined()
  expect(() => internalsOf(lookalike)).toThrow(new TypeError('not a mock API made by createMockApi'))
  await expect(replaceState(lookalike, api.snapshot())).rejects.toThrow(new TypeError('not a mock API made by createMockApi'))
})
