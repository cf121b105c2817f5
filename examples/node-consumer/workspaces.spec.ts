import axios from 'axios'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { createMockApi } from 'workspace-api-mock'

const api = createMockApi({ scenario: 'demo', seed: 42, baseUrl: 'https://api.example.test' })
const server = setupServer(...api.handlers)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => api.reset())
afterAll(() => server.close())

const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }

test('fetch: lists the workspaces of the scenario', async () => {
  const response = await fetch('https://api.example.test/api/workspaces', { headers })
  const body = await response.json()

  expect(response.status).toBe(200)
  expect(body.success).toBe(true)
  expect(body.data).toHaveLength(api.db.workspaces.count())
})

test('axios: creates a workspace, pages applications, gets a problem for an unknown id', async () => {
  const client = axios.create({ baseURL: 'https://api.example.test', headers })

  const created = await client.post('/api/workspaces', { name: 'Checkout Team', domain: 'checkout' })
  expect(created.data.data).toMatchObject({ name: 'Checkout Team', domain: 'checkout' })

  const workspace = api.db.workspaces.all()[0]!
  const page = await client.get('/api/applications', {
    params: { current_page: 1, page_size: 10 },
    headers: { 'X-Workspace-ID': workspace.id },
  })
  expect(page.data).toMatchObject({ current_page: 1, page_size: 10, success: true })

  await expect(client.get('/api/workspaces/wse_0000')).rejects.toMatchObject({
    response: { status: 404, data: { title: 'Not Found' } },
  })
})
