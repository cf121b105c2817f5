/** What a test gets without `test.use`: no browser needed to look (these tests open none). */
import { createMockApi } from 'workspace-api-mock'
import { expect, test } from 'workspace-api-mock/playwright'

test('mockOptions default to {}: the demo scenario with seed 1, strict, icons on the origin of baseURL', async ({ mockApi, baseURL }) => {
  const origin = new URL(baseURL!).origin
  const reference = createMockApi({ scenario: 'demo', seed: 1, assetsOrigin: origin })
  await reference.ready
  expect(mockApi.seed).toBe(1)
  expect(mockApi.strict).toBe(true)
  expect(JSON.stringify(mockApi.snapshot())).toBe(JSON.stringify(reference.snapshot()))
  expect(mockApi.db.workspaces.all()[0]!.icons.small.startsWith(`${origin}/api/icons/`)).toBe(true)
})

// One after the other in one worker process: the second must not see the first one's fault.
test.describe('one worker, one test after the other', () => {
  test.describe.configure({ mode: 'serial' })

  test('a test leaves a fault behind', async ({ mockApi }) => {
    expect(mockApi.faults.size).toBe(0)
    mockApi.faults.fail('*', { status: 503 })
    expect(mockApi.faults.size).toBe(1)
  })

  test('the next one starts with a fresh mock', async ({ mockApi }) => {
    expect(mockApi.faults.size).toBe(0)
    expect(mockApi.journal.count()).toBe(0)
  })
})
