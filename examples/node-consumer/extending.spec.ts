// An operation and a field of the consumer's own, from the public entry: served, and typed (skipLibCheck off).
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createMockApi, defineOperation, z, type RecordFields } from 'workspace-api-mock'

// `satisfies`, not `: RecordFields`: run's records then know `archived` and its type.
const fields = {
  workspace: { archived: { schema: z.string(), build: () => '' } },
} satisfies RecordFields

const archiveWorkspace = defineOperation({
  name: 'archiveWorkspace',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/archive',
  params: { workspaceId: z.string().max(36) },
  body: z.strictObject({ reason: z.string().min(1) }),
  response: { shape: 'item', record: 'workspace' },
  statuses: [404],
  fields,
  run: ({ params, body, workspaces }) => workspaces.update(workspaces.get(params.workspaceId), { archived: body.reason }),
})


const api = createMockApi({ scenario: 'demo', seed: 42, baseUrl: 'https://api.example.test', operations: [archiveWorkspace], fields })
const server = setupServer(...api.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

test('an operation and a field of your own: served with validation, the journal and typed overrides', async () => {
  await api.ready
  const [workspace] = api.db.workspaces.all()
  const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'Content-Type': 'application/json' }
  const archive = (body: unknown) =>
    fetch(`https://api.example.test/api/workspaces/${workspace!.id}/archive`, { method: 'POST', headers, body: JSON.stringify(body) })

  const refused = await archive({ reason: '' })
  expect(refused.status).toBe(422)
  expect((await refused.json()).errors[0].location).toBe('body.reason')
  const archived = await archive({ reason: 'merged' })
  expect((await archived.json()).data).toMatchObject({ id: workspace!.id, archived: 'merged' })
  expect(api.journal.count({ operation: 'archiveWorkspace' })).toBe(2)

  api.override('archiveWorkspace', ({ respond }) => respond({ ...workspace!, archived: 'merged', name: 'Overridden' }))
  // @ts-expect-error an item operation responds with one workspace, not a list
  api.override('archiveWorkspace', ({ respond }) => respond([workspace!]))
  // @ts-expect-error no operation of this mock has this name
  expect(() => api.faults.fail('archiveWorkspaces')).toThrow('Unknown operation target "archiveWorkspaces"')
})
