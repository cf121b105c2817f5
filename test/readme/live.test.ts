// docs/live.md's example, verbatim inside a test (readme-sync.test.ts checks it stays so), against the
// service of test/live/service.ts with a field the mock does not know.
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createMockApi } from 'workspace-api-mock'
import { jsonPlant, SERVICE, startService, type Service } from '../live/service.ts'

let service: Service
beforeAll(async () => {
  service = await startService()
  service.plant = jsonPlant(/^\/api\/applications/, (body) => {
    for (const record of body.data ?? []) record.status = 'active'
  })
  Object.assign(process.env, { STAGING_URL: service.url, STAGING_KEY: SERVICE.apiKey, STAGING_SECRET: SERVICE.apiSecret })
})
afterAll(() => service.close())

test('the live example of docs/live.md does what it says', async () => {
  const api = createMockApi({
    scenario: 'demo',
    baseUrl: 'https://app.example.test',
    live: {
      target: process.env.STAGING_URL!,
      // The service's credentials for every caller of the mock (or a function of the caller).
      credentials: { apiKey: process.env.STAGING_KEY!, apiSecret: process.env.STAGING_SECRET! },
      operations: { listApplications: 'live', getWorkspace: 'fallback', '*': 'mock' },
    },
  })
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledFrame: 'bypass' })
  await api.ready

  const [workspace] = api.db.workspaces.all()
  const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'X-Workspace-ID': workspace!.id }
  const page = await (await fetch('https://app.example.test/api/applications', { headers })).json()

  // The service answered (its records, its origin in `$schema`), and the journal says so.
  const { why } = api.journal.last({ operation: 'listApplications' })!
  why.live // { mode: 'live', url: '<STAGING_URL>/api/applications', served: 'service', status: 200, ms: 12.3, drift: [...] }
  // Where its answer differs from the mock's, in verify's words: each difference once.
  api.drift // [{ id: 'listApplications.fields', topic: 'Record fields', expected: '…', observed: '…,status,…', ... }, ...]

  expect(page.$schema).toBe(`${service.url}/api/schemas/PagingResponseListApplicationBody.json`)
  expect(why.live).toMatchObject({ mode: 'live', url: `${service.url}/api/applications`, served: 'service', status: 200 })
  expect(api.drift.map((entry) => entry.id)).toEqual(['listApplications.schema', 'listApplications.fields', 'listApplications.field-types'])
  expect(api.drift[1]!.observed).toContain(',status,')
  server.close()
})
