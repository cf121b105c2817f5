// The README's fixture example, verbatim (readme-sync.test.ts checks it stays so), then checks.
import { expect, test } from 'vitest'
import { readFileSync } from 'node:fs'
import { createMockApi } from 'workspace-api-mock'

const api = createMockApi({ state: JSON.parse(readFileSync('fixtures/small.json', 'utf8')) })

test('the small fixture loads with its documented credentials', async () => {
  await api.ready
  expect(api.credentials).toEqual({ apiKey: 'demo-key', apiSecret: 'demo-secret' })
  expect(api.db.workspaces.count()).toBe(2)
  expect(api.db.applications.count()).toBe(3)
})
