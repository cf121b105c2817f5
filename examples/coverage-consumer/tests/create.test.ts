import { expect, test } from 'vitest'
import { useMockApi } from 'workspace-api-mock/vitest'
import { workspacesClient } from '../src/workspaces.ts'

// A fixed clock: what the suite writes (and so its coverage document's examples) is the same in every run.
const api = useMockApi({ scenario: 'demo', seed: 42, now: () => Date.UTC(2026, 0, 1) })
const client = () => workspacesClient('https://api.example.test', api.credentials)

test('creates a workspace', async () => {
  expect(await client().create('Checkout')).toMatchObject({ name: 'Checkout' })
})

test('shows the message of the name field when the name is empty', async () => {
  await expect(client().create('')).rejects.toMatchObject({ status: 422, fields: { name: expect.stringMatching(/>=1 characters/) } })
})
