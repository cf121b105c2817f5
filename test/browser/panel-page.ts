/**
 * A page with a mock of its own and the devtools on it, no service worker (the panel calls into the mock,
 * not over the network): test/browser/console.test.ts drives the console UI here and in the demo server's
 * console alike, test/browser/panel.test.ts the panel's log and traps. The mock serves a preset
 * (deleteWorkspace), an operation of the page's own (archiveWorkspace) and a true/false field of its own
 * on workspaces (`archived`). The mock is `globalThis.pageMock`, for the test's own reads.
 */
import { z } from 'zod'
import { createBrowserMock, defineOperation, unshownOperations, type RecordFields } from 'workspace-api-mock/browser'
import { mountDevtools } from 'workspace-api-mock/devtools'

const fields = { workspace: { archived: { schema: z.boolean(), build: () => false, writable: true } } } satisfies RecordFields

const archiveWorkspace = defineOperation({
  name: 'archiveWorkspace',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/archive',
  params: { workspaceId: z.string().min(1).max(36) },
  statuses: [404],
  response: { record: 'workspace', shape: 'item' },
  fields,
  run: ({ params, workspaces }) => workspaces.update(workspaces.get(params.workspaceId), { archived: true }),
})
const operations = [unshownOperations[0], archiveWorkspace] as const

const mock = createBrowserMock({ scenario: 'demo', seed: 7, operations, fields })
const devtools = mountDevtools(mock) // createBrowserMock's result (saved after each change), or any MockApi
await mock.api.ready
await devtools.open()
Object.assign(globalThis, { pageMock: mock.api })
