/**
 * `run`'s store helpers typed from the fields of your own: an operation given the mock's `fields` reads and
 * writes them with their schemas' types, `create` and `update` take only what a client may set, and a mock
 * that serves the operation must declare those very fields. The `@ts-expect-error` lines are checked by the
 * type check (`npm run typecheck`), which fails if any of them compiles.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, expectTypeOf, test } from 'vitest'
import {
  createMockApi,
  defineOperation,
  DefinitionError,
  identifierParameter,
  z,
  type ApplicationOf,
  type RecordFields,
  type RunContext,
  type WorkspaceOf,
} from '../../src/index.ts'

const ORIGIN = 'https://typed.example.test'
const fields = {
  workspace: { tier: { schema: z.enum(['gold', 'silver']), build: () => 'gold' as const } },
  application: { status: { schema: z.enum(['active', 'paused']), build: () => 'active' as const, writable: true } },
} satisfies RecordFields

const pauseApplication = defineOperation({
  name: 'pauseApplication',
  method: 'POST',
  path: '/api/applications/{applicationId}/pause',
  params: { applicationId: identifierParameter },
  scope: 'workspace',
  fields,
  response: { shape: 'item', record: 'application' },
  statuses: [409],
  run: async ({ params, applications, workspace, problem }) => {
    const application = applications.get(params.applicationId)
    expectTypeOf(application.status).toEqualTypeOf<'active' | 'paused'>()
    expectTypeOf(workspace.tier).toEqualTypeOf<'gold' | 'silver'>()
    if (application.status === 'paused') return problem(409, `${application.name} is paused already`)
    return applications.update(application, { status: 'paused', description: `paused in a ${workspace.tier} workspace` })
  },
})

/** What `run` may not write, each line refused by the type check; never called. */
export function refusedByTheTypes({ applications, workspaces }: RunContext<{}, {}, {}, undefined, 'workspace', { shape: 'none' }, typeof fields>): void {
  const application = applications.get('app')
  // @ts-expect-error: a field of your own takes its schema's values
  void applications.update(application, { status: 'archived' })
  // @ts-expect-error: a member takes its type
  void applications.update(application, { name: 5 })
  // @ts-expect-error: the store sets the id
  void applications.update(application, { id: 'app_1' })
  // @ts-expect-error: the store sets the workspace's organization
  void workspaces.create({ name: 'x', organization: 'org_1' })
  // @ts-expect-error: a field the mock does not declare
  void workspaces.create({ name: 'x', rank: 1 })
  // @ts-expect-error: a new workspace needs a name
  void workspaces.create({ tier: 'gold' })
  // @ts-expect-error: writes resolve later: a promise, not a record
  const written: ApplicationOf<typeof fields> = applications.update(application, { status: 'active' })
  void written
}

/** Without `fields`, the records are the spec's. */
export const untyped = defineOperation({
  name: 'untyped',
  method: 'GET',
  path: '/api/untyped',
  response: { shape: 'list', record: 'workspace' },
  run: ({ workspaces }) => {
    // @ts-expect-error: no field of yours without `fields`
    void workspaces.list()[0]?.tier
    return workspaces.list()
  },
})

test('WorkspaceOf and ApplicationOf are the records with the fields', () => {
  expectTypeOf<WorkspaceOf<typeof fields>['tier']>().toEqualTypeOf<'gold' | 'silver'>()
  expectTypeOf<ApplicationOf<typeof fields>['status']>().toEqualTypeOf<'active' | 'paused'>()
  expectTypeOf<ApplicationOf>().not.toHaveProperty('status')
})

describe('served by a mock with the same fields', () => {
  const api = createMockApi({ scenario: 'demo', seed: 4, baseUrl: ORIGIN, operations: [pauseApplication], fields, strict: true })
  const server = setupServer(...api.handlers)
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' })
    await api.ready
  })
  afterAll(() => server.close())

  test('run reads and writes the fields; the override of its name is typed with them', async () => {
    const [workspace] = api.db.workspaces.all()
    const application = api.db.applications.all().find((a) => a.workspace === workspace!.id)!
    const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'X-Workspace-ID': workspace!.id }
    const pause = () => fetch(`${ORIGIN}/api/applications/${application.id}/pause`, { method: 'POST', headers })
    const paused = await pause()
    expect(paused.status).toBe(200)
    expect((await paused.json()).data).toMatchObject({ id: application.id, status: 'paused', description: 'paused in a gold workspace' })
    expect((await pause()).status).toBe(409)
    // @ts-expect-error: respond() takes the application with its fields
    api.override('pauseApplication', ({ respond }) => respond(application), { once: true })
  })
})

describe('a mock that does not declare the fields the operation is typed with', () => {
  test.each([
    ['none of them', undefined, 'does not declare this field'],
    ['the same names, a schema of its own', { ...fields, application: { status: { ...fields.application.status, schema: z.enum(['active', 'paused']) } } }, 'declares this field with another schema'],
  ])('%s: a DefinitionError naming the operation and the field', (_, mockFields, reason) => {
    expect(() => createMockApi({ scenario: 'empty', operations: [pauseApplication], fields: mockFields })).toThrow(
      new DefinitionError(mockFields ? 'fields.application.status' : 'fields.workspace.tier', `the mock ${reason}: give it the same fields`, 'pauseApplication'),
    )
  })
})
