// The README's quick start, verbatim (readme-sync.test.ts checks it stays so).
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { createMockApi } from 'workspace-api-mock'

const api = createMockApi({ scenario: 'demo', seed: 42, baseUrl: 'https://api.example.test' })
const server = setupServer(...api.handlers)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => api.reset())
afterAll(() => server.close())

test('lists the workspaces of my organization', async () => {
  const response = await fetch('https://api.example.test/api/workspaces', {
    headers: { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret },
  })
  expect(response.status).toBe(200)
  const body = await response.json()
  expect(body.success).toBe(true)
  expect(body.data.length).toBeGreaterThanOrEqual(3)
})
