// The Vitest helper example of docs/runners.md, verbatim (readme-sync.test.ts checks it stays so).
import { expect, test } from 'vitest'
import { useMockApi } from 'workspace-api-mock/vitest'

const api = useMockApi({ scenario: 'demo', seed: 42 })

test('creates a workspace', async () => {
  const response = await fetch('http://localhost/api/workspaces', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-API-Key': api.credentials.apiKey,
      'X-API-Secret': api.credentials.apiSecret,
    },
    body: JSON.stringify({ name: 'Payments', domain: 'payments' }),
  })
  const { data } = await response.json()
  expect(data).toMatchObject({ name: 'Payments', domain: 'payments' })
  expect(api.journal.count({ operation: 'createWorkspace', body: { name: 'Payments' } })).toBe(1)
})
