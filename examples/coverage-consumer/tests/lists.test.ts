import { expect, test } from 'vitest'
import { useMockApi } from 'workspace-api-mock/vitest'
import { ApiError, workspacesClient } from '../src/workspaces.ts'

const api = useMockApi({ scenario: 'demo', seed: 42 })
const client = () => workspacesClient('https://api.example.test', api.credentials)

test('lists the workspaces', async () => {
  expect((await client().list()).map((workspace) => workspace.name)).toContain('Platform Engineering')
})

test('reads every application of a workspace, page by page', async () => {
  const [workspace] = await client().list()
  const names = await client().applications(workspace!.id)
  expect(names).toHaveLength(api.db.applications.findMany((q) => q.where({ workspace: workspace!.id })).length)
})

test('says so when the key is not known', async () => {
  const stranger = workspacesClient('https://api.example.test', { apiKey: 'not-a-key', apiSecret: 'x' })
  await expect(stranger.list()).rejects.toMatchObject({ status: 401 } satisfies Partial<ApiError>)
})
