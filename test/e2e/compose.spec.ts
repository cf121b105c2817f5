/**
 * Teams with a `test` of their own (the documented recipe is examples/playwright-consumer/fixtures.ts):
 * a fixture that depends on the mock, `mockOptions` per group, and `routeMockApi` for a browser context a
 * test makes itself.
 */
import { test as base, expect, type Page } from '@playwright/test'
import { createMockApi } from 'workspace-api-mock'
import { mockApiFixtures, routeMockApi, type MockApiFixtures } from 'workspace-api-mock/playwright'
import { DEMO_OPTIONS, names, openDemo } from './support.ts'

/** A team's own fixture: the demo page, opened and ready. */
interface TeamFixtures {
  demoPage: Page
}

const test = base.extend<MockApiFixtures & TeamFixtures>({
  ...mockApiFixtures,
  mockOptions: [DEMO_OPTIONS, { option: true }],
  demoPage: async ({ page }, use) => {
    await openDemo(page)
    await use(page)
  },
})

test('a team composes its own test with mockApiFixtures: its fixture and the mock work together', async ({ demoPage, mockApi }) => {
  expect(await names(demoPage)).toEqual(['Payments Production', 'Payments Staging', 'Platform Engineering'])
  expect(mockApi.seed).toBe(42)
  expect(mockApi.journal.count({ operation: 'listWorkspaces' })).toBe(1)
})

test.describe('the option can be set per file or group, as with the ready-made test', () => {
  test.use({ mockOptions: { ...DEMO_OPTIONS, workspaceIdPrefix: 'app' } })

  test('mockOptions from test.use reach the mock', async ({ demoPage, mockApi }) => {
    expect(await demoPage.locator('[data-testid="workspace"]').first().getAttribute('data-id')).toMatch(/^app_[0-9a-f]{32}$/)
    expect(mockApi.journal.count()).toBeGreaterThan(0)
  })
})

base('routeMockApi: a context the test makes itself, until the route is removed', async ({ browser, baseURL }) => {
  const api = createMockApi(DEMO_OPTIONS)
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' })
  try {
    const unroute = await routeMockApi(context, api)
    const page = await context.newPage()
    await openDemo(page)
    expect(await names(page)).toEqual(['Payments Production', 'Payments Staging', 'Platform Engineering'])
    expect(api.journal.count({ operation: 'listWorkspaces' })).toBe(1)

    await unroute()
    // Now the demo's static server answers /api/... itself (its SPA page): the mock is out of the way.
    const response = await page.goto('/api/workspaces')
    expect(response!.headers()['content-type']).toContain('text/html')
    expect(api.journal.count({ operation: 'listWorkspaces' })).toBe(1)
  } finally {
    await context.close()
  }
})
