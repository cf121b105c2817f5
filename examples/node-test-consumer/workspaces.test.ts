import assert from 'node:assert/strict'
import { after, afterEach, before, test } from 'node:test'
import { setupServer } from 'msw/node'
import { createMockApi } from 'workspace-api-mock'

const api = createMockApi({ scenario: 'demo', seed: 42, baseUrl: 'https://api.example.test' })
const server = setupServer(...api.handlers)

before(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => api.reset())
after(() => server.close())

const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }

test('lists the workspaces of the scenario', async () => {
  const response = await fetch('https://api.example.test/api/workspaces', { headers })
  const body = await response.json()
  assert.equal(response.status, 200)
  assert.deepEqual(body.data.map((workspace: { name: string }) => workspace.name), ['Payments Production', 'Payments Staging', 'Platform Engineering'])
})

test('creates a workspace, and the journal has the request', async () => {
  const response = await fetch('https://api.example.test/api/workspaces', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Made with node --test' }),
  })
  assert.equal(response.status, 200)
  assert.equal(api.db.workspaces.count(), 4)
  assert.equal(api.journal.count({ operation: 'createWorkspace', body: { name: 'Made with node --test' } }), 1)
})

test('state is back to the scenario after each test; faults are per test', async () => {
  assert.equal(api.db.workspaces.count(), 3)
  api.faults.latency('listWorkspaces', 50)
  const started = performance.now()
  const response = await fetch('https://api.example.test/api/workspaces', { headers })
  assert.equal(response.status, 200)
  assert.ok(performance.now() - started >= 49)
})
