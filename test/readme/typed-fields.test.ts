// docs/extending.md's typed `run` example, verbatim (readme-sync.test.ts checks it stays so), then checks.
import { setupServer } from 'msw/node'
import { expect, expectTypeOf, test } from 'vitest'
import { createMockApi, defineOperation, identifierParameter, z, type ApplicationOf, type RecordFields } from 'workspace-api-mock'

test('the typed run of docs/extending.md does what it says', async () => {
  const fields = {
    application: { status: { schema: z.enum(['active', 'paused']), build: () => 'active' as const, writable: true } },
  } satisfies RecordFields

  const pauseApplication = defineOperation({
    name: 'pauseApplication',
    method: 'POST',
    path: '/api/applications/{applicationId}/pause',
    params: { applicationId: identifierParameter },
    scope: 'workspace',
    fields, // the mock's: application.status is 'active' | 'paused' in run
    timeout: 500, // milliseconds; the mock's operationTimeout (2000) otherwise
    response: { shape: 'item', record: 'application' },
    statuses: [409],
    run: async ({ params, applications, problem }) => {
      const application = applications.get(params.applicationId)
      if (application.status === 'paused') return problem(409, `${application.name} is paused already`)
      // { status: 'archived' } or { name: 5 } would not compile; neither would { id } (the store sets it).
      return applications.update(application, { status: 'paused' })
    },
  })

  const api = createMockApi({ scenario: 'demo', operations: [pauseApplication], fields })

  expectTypeOf<Parameters<typeof pauseApplication.run>>().not.toBeNever()
  expectTypeOf<ApplicationOf<typeof fields>['status']>().toEqualTypeOf<'active' | 'paused'>()
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledFrame: 'error' })
  try {
    await api.ready
    const [workspace] = api.db.workspaces.all()
    const application = api.db.applications.all().find((a) => a.workspace === workspace!.id)!
    const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'X-Workspace-ID': workspace!.id }
    const pause = () => fetch(`http://localhost/api/applications/${application.id}/pause`, { method: 'POST', headers })
    const paused = await pause()
    expect([paused.status, (await paused.json()).data.status]).toEqual([200, 'paused'])
    const again = await pause()
    expect([again.status, (await again.json()).detail]).toEqual([409, `${application.name} is paused already`])
  } finally {
    server.close()
  }
})
