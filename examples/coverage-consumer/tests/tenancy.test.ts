import { expect, test } from 'vitest'
import { useMockApi } from 'workspace-api-mock/vitest'
import { workspacesClient } from '../src/workspaces.ts'

const api = useMockApi({ scenario: 'multi-tenant', seed: 7 })
const client = () => workspacesClient('https://api.example.test', api.credentials)

test("another organization's workspace is not found", async () => {
  const [, other] = api.principals
  const theirs = api.db.workspaces.findFirst((q) => q.where({ organization: other!.organization }))!
  expect(await client().get(theirs.id)).toBeUndefined()
})

test('tries once more after a 503', async () => {
  const [workspace] = await client().list()
  api.faults.fail('getWorkspace', { status: 503, times: 1 })
  expect(await client().get(workspace!.id)).toMatchObject({ id: workspace!.id })
})
