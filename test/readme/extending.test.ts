// docs/extending.md's test example, verbatim (readme-sync.test.ts checks it stays so), then checks.
import { setupServer } from 'msw/node'
import { expect, test } from 'vitest'
import { createMockApi } from 'workspace-api-mock'
import operations, { fields } from './api-changes.ts'

test('the test example of docs/extending.md does what it says', async () => {
  const api = createMockApi({ scenario: 'demo', seed: 42, baseUrl: 'https://api.example.test', operations, fields })
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledFrame: 'error' })
  await api.ready
  const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
  const [first, second] = api.db.workspaces.all()

  // The operation of your own, with the kit's faults, journal and typed overrides by its name.
  api.faults.fail('deleteWorkspace', { status: 503, times: 1 })
  const unavailable = await fetch(`https://api.example.test/api/workspaces/${first!.id}`, { method: 'DELETE', headers })
  const deleted = await fetch(`https://api.example.test/api/workspaces/${first!.id}`, { method: 'DELETE', headers })
  api.override('deleteWorkspace', ({ problem }) => problem(409, 'the workspace has running applications'))

  // The field of your own: in every application, from the seed; a client may set it (writable).
  const page = await fetch('https://api.example.test/api/applications', { headers: { ...headers, 'X-Workspace-ID': second!.id } })
  const { data } = await page.json()

  expect(unavailable.status).toBe(503)
  expect(deleted.status).toBe(204)
  expect(api.journal.count({ operation: 'deleteWorkspace' })).toBe(2)
  expect((await fetch(`https://api.example.test/api/workspaces/${second!.id}`, { method: 'DELETE', headers })).status).toBe(409)
  expect(data.every((application: { status: string }) => ['active', 'paused'].includes(application.status))).toBe(true)
  expect(api.db.workspaces.all().map((w) => w.id)).not.toContain(first!.id)
  server.close()
})
