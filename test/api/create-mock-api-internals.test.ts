/**
 * The readers of src/api/internals.ts refuse objects that are not mocks made by createMockApi with one
 * message, instead of failing later on a missing field or doing nothing.
 */
import { expect, test } from 'vitest'
import { createMockApi, type MockApi } from '../../src/api/create-mock-api.ts'
import { profileOf, recordsOf, replaceState, servedSurfaceOf } from '../../src/api/internals.ts'

test('the readers answer for a mock and refuse an object createMockApi did not make', async () => {
  const api = createMockApi({ scenario: 'empty', seed: 1, strict: false })
  await api.ready
  const lookalike = { ...api } as MockApi
  expect(servedSurfaceOf(api).operations.map((operation) => operation.name)).toContain('getWorkspace')
  expect(recordsOf(api, 'organizations').length).toBe(api.snapshot().organizations.length)
  const refused = new TypeError('not a mock API made by createMockApi')
  expect(() => servedSurfaceOf(lookalike)).toThrow(refused)
  expect(() => profileOf(lookalike)).toThrow(refused)
  await expect(replaceState(lookalike, api.snapshot())).rejects.toThrow(refused)
})
