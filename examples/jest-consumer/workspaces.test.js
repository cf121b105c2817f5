import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals'
import { setupServer } from 'msw/node'
import { createMockApi } from 'workspace-api-mock'

const api = createMockApi({ scenario: 'demo', seed: 42, baseUrl: 'https://api.example.test' })
const server = setupServer(...api.handlers)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => api.reset())
afterAll(() => server.close())

const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }

test('lists the workspaces of the scenario', async () => {
  const response = await fetch('https://api.example.test/api/workspaces', { headers })
  const body = await response.json()
  expect(response.status).toBe(200)
  expect(body.data.map((workspace) => workspace.name)).toEqual(['Payments Production', 'Payments Staging', 'Platform Engineering'])
})

test('creates a workspace, and the journal has the request', async () => {
  const response = await fetch('https://api.example.test/api/workspaces', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Made in Jest' }),
  })
  expect(response.status).toBe(200)
  expect(api.db.workspaces.count()).toBe(4)
  expect(api.journal.count({ operation: 'createWorkspace', body: { name: 'Made in Jest' } })).toBe(1)
})

test('state is back to the scenario after each test; faults are per test', async () => {
  expect(api.db.workspaces.count()).toBe(3)
  api.faults.fail('listWorkspaces', { status: 503 })
  const response = await fetch('https://api.example.test/api/workspaces', { headers })
  expect(response.status).toBe(503)
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
})
