// docs/api.md's `why` example, verbatim inside a test (readme-sync.test.ts checks it stays so).
import { setupServer } from 'msw/node'
import { expect, test } from 'vitest'
import { createMockApi } from 'workspace-api-mock'

test('the why example of docs/api.md does what it says', async () => {
  const api = createMockApi({ scenario: 'multi-tenant', seed: 4, baseUrl: 'https://api.example.test' })
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledFrame: 'error' })
  await api.ready
  const [me, other] = api.principals
  const theirs = api.db.workspaces.findFirst((q) => q.where({ organization: other!.organization }))!
  const headers = { 'X-API-Key': me!.apiKey, 'X-API-Secret': me!.apiSecret }
  await fetch(`https://api.example.test/api/workspaces/${theirs.id}`, { headers })
  await fetch('https://api.example.test/api/applications?page_size=5', { headers: { ...headers, 'X-Workspace-ID': 'wse_1' } })

  // Why did getWorkspace answer 404? A missing workspace and another organization's read alike to the
  // client; the journal says which (and who asked, and which profile knobs applied).
  const { why } = api.journal.last({ operation: 'getWorkspace', status: 404 })!
  why.decision // { kind: 'lookup', collection: 'workspaces', id: 'wse_…', reason: 'other-organization' }
  why.caller // { kind: 'authenticated', apiKey, account, organization }
  // Filters take a part of `why`: every request that validation refused.
  const refused = api.journal.filter({ why: { decision: { kind: 'validation' } } })

  expect(why.decision).toEqual({ kind: 'lookup', collection: 'workspaces', id: theirs.id, reason: 'other-organization' })
  expect(why.caller).toEqual({ kind: 'authenticated', apiKey: me!.apiKey, account: me!.account, organization: me!.organization })
  expect(refused.map((entry) => entry.why.decision)).toEqual([
    { kind: 'validation', problems: [{ message: 'expected number >= 10', location: 'query.page_size', value: '5' }], count: 1 },
  ])
  server.close()
})
