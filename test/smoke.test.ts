import { expect, test } from 'vitest'
import { createMockApi } from '../src/index.ts'
test('smoke', async () => {
  const api = createMockApi()
  await api.ready
  expect(api.db.workspaces.count()).toBeGreaterThan(2)
})
