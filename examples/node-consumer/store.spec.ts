/**
 * `api.db` is @msw/data's collection API in the installed package too (the bundled build keeps it): a test
 * queries and writes the store with it, and the API serves what the test wrote.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApplication, createMockApi } from 'workspace-api-mock'

const api = createMockApi({ scenario: 'demo', seed: 42, baseUrl: 'https://api.example.test' })
const server = setupServer(...api.handlers)
const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  await api.ready
})
afterAll(() => server.close())

test('findFirst, update (validated) and create through api.db, seen by the API', async () => {
  const first = api.db.workspaces.all()[0]!
  const found = api.db.workspaces.findFirst((q) => q.where({ name: first.name }))
  expect(found?.id).toBe(first.id)

  await api.db.workspaces.update(found!, { data: (draft) => void (draft.name = 'Renamed in the test') })
  await expect(
    api.db.workspaces.update(api.db.workspaces.all()[0]!, { data: (draft) => void ((draft as { name: unknown }).name = 42) }),
  ).rejects.toThrow()

  const created = await api.db.applications.create(buildApplication({ name: 'Seeded by the test', workspace: first.id }))
  expect(api.db.applications.findMany((q) => q.where({ workspace: first.id })).map((a) => a.id)).toContain(created.id)

  const workspace = await (await fetch(`https://api.example.test/api/workspaces/${first.id}`, { headers })).json()
  expect(workspace.data.name).toBe('Renamed in the test')
  const application = await fetch(`https://api.example.test/api/applications/${created.id}`, {
    headers: { ...headers, 'X-Workspace-ID': first.id },
  })
  expect(application.status).toBe(200)
  expect((await application.json()).data.name).toBe('Seeded by the test')
})
