/**
 * workspace-api-mock/playwright's `sessionTest` with its default `mockServer: 'start'` (a demo server per
 * worker process): a session per test, its own data and credentials, ended after the test. No browser:
 * Playwright's `request` plays the app's server. (examples/ssr-app drives the same fixture against one
 * server for the run, with an app: `npm run test:ssr`.)
 */
import { expect, sessionTest as test } from 'workspace-api-mock/playwright'

/** The session ids the tests of this file saw, in order (they run one after the other in one worker). */
const seen: string[] = []

test.describe.configure({ mode: 'serial' })

test('a session of a demo server the worker started: its credentials list its own workspaces', async ({ mockSession, request }) => {
  seen.push(mockSession.id)
  expect(mockSession.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  const headers = { 'X-API-Key': mockSession.credentials.apiKey, 'X-API-Secret': mockSession.credentials.apiSecret }
  const created = await request.post(`${mockSession.baseUrl}/api/workspaces`, { headers, data: { name: 'Written by the first test' } })
  expect(created.status()).toBe(200)
  const list = await request.get(`${mockSession.baseUrl}/api/workspaces?page_size=100`, { headers })
  expect(list.status()).toBe(200)
  const names = ((await list.json()) as { data: { name: string }[] }).data.map((workspace) => workspace.name)
  expect(names).toContain('Written by the first test')
  expect(names).toHaveLength(mockSession.workspaceIds.length + 1)
  expect(await mockSession.journal.count({ operation: 'createWorkspace', status: 200 })).toBe(1)
})

test('the next test gets a new session: the last one ended, its write is not here', async ({ mockSession, mockServerConnection, request }) => {
  seen.push(mockSession.id)
  expect(seen[1]).not.toBe(seen[0])
  expect((await mockServerConnection.sessions.list()).map((session) => session.id)).toEqual([mockSession.id])
  const headers = { 'X-API-Key': mockSession.credentials.apiKey, 'X-API-Secret': mockSession.credentials.apiSecret }
  const names = ((await (await request.get(`${mockSession.baseUrl}/api/workspaces?page_size=100`, { headers })).json()) as { data: { name: string }[] }).data
  expect(names.map((workspace) => workspace.name)).not.toContain('Written by the first test')
})

test.describe('mockSessionOptions from test.use', () => {
  test.use({ mockSessionOptions: { scenario: 'empty' } })

  test('start the session from another scenario', async ({ mockSession, request }) => {
    const headers = { 'X-API-Key': mockSession.credentials.apiKey, 'X-API-Secret': mockSession.credentials.apiSecret }
    const list = await request.get(`${mockSession.baseUrl}/api/workspaces`, { headers })
    expect(list.status()).toBe(200)
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([])
    expect(mockSession.workspaceIds).toEqual([])
  })
})
