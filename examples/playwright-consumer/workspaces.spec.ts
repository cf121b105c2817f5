import { appPage } from './app.ts'
import { test, expect } from 'workspace-api-mock/playwright'

test.use({ mockOptions: { scenario: 'demo', seed: 42 } })   // any createMockApi option; default: demo, seed 1

test('shows a slow list', async ({ page, mockApi }) => {
  mockApi.faults.latency('listWorkspaces', 800)               // the test's own mock: faults, journal, db, override
  await page.goto('https://app.example.test/')
  await expect(page.getByText('Platform Engineering')).toBeVisible()
  expect(mockApi.journal.count({ operation: 'listWorkspaces' })).toBe(1)
})

// Tests run in parallel, each against its own mock: a workspace one creates, no other one sees.
for (const name of ['Checkout', 'Search', 'Billing']) {
  test(`creates ${name} and sees only its own workspace`, async ({ page, mockApi }) => {
    await page.goto('https://app.example.test/')
    await page.getByLabel('Workspace name').fill(name)
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByRole('status')).toHaveText(`Created ${name}`)
    await expect(page.getByRole('listitem')).toHaveText(['Payments Production', 'Payments Staging', 'Platform Engineering', name])
    expect(mockApi.db.workspaces.count()).toBe(4)
  })
}

test('shows the problem when the API fails', async ({ page, mockApi }) => {
  mockApi.faults.fail('listWorkspaces', { status: 503, detail: 'maintenance' })
  await page.goto('https://app.example.test/')
  await expect(page.getByRole('status')).toHaveText('Could not load the workspaces: maintenance')
})

// The app under test, served by the test itself. With your own UI, drop this and set `baseURL` (and
// `webServer`) in playwright.config.ts instead.
test.beforeEach(async ({ page, mockApi }) => {
  await page.route('https://app.example.test/', (route) => route.fulfill({ contentType: 'text/html', body: appPage(mockApi.credentials) }))
})
