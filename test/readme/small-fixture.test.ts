// docs/api.md's fixture example, verbatim (readme-sync.test.ts checks it stays so), then checks.
import { expect, test } from 'vitest'
import { createRequire } from 'node:module'
import { createMockApi } from 'workspace-api-mock'

const require = createRequire(import.meta.url)
const api = createMockApi({ state: require('workspace-api-mock/fixtures/small.json') })

test('the small fixture loads with its documented credentials', async () => {
  await api.ready
  expect(api.credentials).toEqual({ apiKey: 'demo-key', apiSecret: 'demo-secret' })
  expect(api.db.workspaces.count()).toBe(2)
  expect(api.db.applications.count()).toBe(3)
})
