import { expect, sessionTest as test } from 'workspace-api-mock/playwright'

// An app whose own server calls the API gets a demo-server session per test (here the worker's own server):
// what the session answered counts as the test's mocks' do.
test('a workspace that does not exist is not found', async ({ mockSession, request }) => {
  const headers = { 'X-API-Key': mockSession.credentials.apiKey, 'X-API-Secret': mockSession.credentials.apiSecret }
  const response = await request.get(`${mockSession.baseUrl}/api/workspaces/wse_${'0'.repeat(32)}`, { headers })
  expect(response.status()).toBe(404)
})
