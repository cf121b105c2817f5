import { test as base, type Page } from '@playwright/test'
import { mockApiFixtures, type MockApiFixtures } from 'workspace-api-mock/playwright'
import { appPage } from './app.ts'

// Your own `test`: your fixtures next to the mock's (`mockOptions`, `mockApi`).
export const test = base.extend<MockApiFixtures & { app: Page }>({
  ...mockApiFixtures,
  mockOptions: [{ scenario: 'demo', seed: 42 }, { option: true }],
  app: async ({ page, mockApi }, use) => {
    await page.route('https://app.example.test/', (route) => route.fulfill({ contentType: 'text/html', body: appPage(mockApi.credentials) }))
    await page.goto('https://app.example.test/')
    await page.getByRole('listitem').first().waitFor() // the app has shown its list
    await use(page)
  },
})

export { expect } from '@playwright/test'
