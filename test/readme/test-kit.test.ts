// docs/api.md's test-kit example, verbatim inside a test (readme-sync.test.ts checks it stays so).
import { setupServer } from 'msw/node'
import { expect, test } from 'vitest'
import { buildWorkspace, createMockApi } from 'workspace-api-mock'

test('the test-kit example of docs/api.md does what it says', async () => {
  const api = createMockApi({ scenario: 'demo', seed: 42, baseUrl: 'https://api.example.test' })
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledFrame: 'error' })
  const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
  const ws = (await (await fetch('https://api.example.test/api/workspaces', { headers })).json()).data[0].id
  await fetch(`https://api.example.test/api/workspaces/${ws}`, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'X' }),
  })

  // Faults: undone by api.reset() (useMockApi does it after each test).
  api.faults.fail('getWorkspace', { status: 503, times: 2 }) // fail twice, then recover
  api.faults.fail('GET /api/applications/{applicationId}', { status: 500, rate: 0.1 }) // seeded 10%
  api.faults.latency('*', [200, 800]) // seeded delay in ms, then a normal answer
  api.faults.disconnect('createWorkspace', { times: 1 }) // a network error
  api.faults.rateLimit('*', { requests: 100, retryAfter: 30 }) // then 429 + Retry-After: 30

  // The journal: what did the client send?
  const updates = api.journal.filter({ method: 'PUT', path: '/api/workspaces/{workspaceId}', body: { name: 'X' } })

  // Typed overrides, for one test: the envelope is built for the operation.
  api.override('getWorkspace', ({ respond, params }) =>
    respond({ ...buildWorkspace({ name: 'Overridden' }), id: String(params.workspaceId) }),
  )
  api.override('listApplications', ({ problem }) => problem(503, 'maintenance'), { once: true })

  // Fixtures in and out, once the data is loaded (before, snapshot() throws "not ready yet").
  await api.ready
  const state = api.snapshot()
  const copy = createMockApi({ state })

  expect(updates).toHaveLength(1)
  expect(api.faults.size).toBe(5)
  expect(copy.principals).toEqual(api.principals)
  expect(state.workspaces.find((w) => w.id === ws)?.name).toBe('X')
  // Latency and the rate limit apply to every operation; the first getWorkspace fails with 503.
  api.faults.clear()
  api.faults.fail('getWorkspace', { status: 503, times: 1 })
  expect((await fetch(`https://api.example.test/api/workspaces/${ws}`, { headers })).status).toBe(503)
  const overridden = await (await fetch(`https://api.example.test/api/workspaces/${ws}`, { headers })).json()
  expect(overridden.data).toMatchObject({ id: ws, name: 'Overridden' })
  server.close()
})
