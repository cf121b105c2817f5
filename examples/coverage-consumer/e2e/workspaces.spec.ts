import { expect, test } from 'workspace-api-mock/playwright'
import { appPage } from './app.ts'

test.use({ mockOptions: { scenario: 'demo', seed: 42 } })

test.beforeEach(async ({ page, mockApi }) => {
  await page.route('https://app.example.test/', (route) => route.fulfill({ contentType: 'text/html', body: appPage(mockApi.credentials) }))
})

test('lists the workspaces', async ({ page }) => {
  await page.goto('https://app.example.test/')
  await expect(page.getByRole('listitem')).toHaveText(['Payments Production', 'Payments Staging', 'Platform Engineering'])
})

test('asks the user to wait when rate limited', async ({ page, mockApi }) => {
  mockApi.faults.rateLimit('listWorkspaces', { requests: 0, retryAfter: 30 })
  await page.goto('https://app.example.test/')
  await expect(page.getByRole('status')).toHaveText('Too many requests: try again in 30 s')
})

test('says the API is away', async ({ page, mockApi }) => {
  mockApi.faults.fail('listWorkspaces', { status: 503, detail: 'maintenance' })
  await page.goto('https://app.example.test/')
  await expect(page.getByRole('status')).toHaveText('The API is away: maintenance')
})
