// docs/extending.md's presets example, verbatim inside a test (readme-sync.test.ts checks it stays so): the
// presets are named exports of the package, one at a time or all four, beside operations of your own.
import { expect, test } from 'vitest'
import { deleteWorkspace, fields } from './api-changes.ts'
import type { MockApi } from 'workspace-api-mock'
import { createMockApi, deleteApplication, unshownOperations } from 'workspace-api-mock'

const everyPreset = createMockApi({ scenario: 'demo', operations: unshownOperations })
const onePreset = createMockApi({ scenario: 'demo', operations: [deleteApplication] })
// Beside the operation and the field of the module above:
const withYours = createMockApi({ scenario: 'demo', operations: [deleteApplication, deleteWorkspace], fields })

const ORIGIN = 'http://localhost'

/** Sends a request as the first principal, to the first workspace that has applications. */
async function send(api: MockApi, method: string, path: (ids: { workspace: string; application: string }) => string): Promise<number> {
  await api.ready
  const application = api.db.applications.all()[0]!
  const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'X-Workspace-ID': application.workspace, 'Content-Type': 'application/json' }
  const body = method === 'POST' ? JSON.stringify({ name: 'From a preset' }) : undefined
  const answer = await api.handle(new Request(`${ORIGIN}${path({ workspace: application.workspace, application: application.id })}`, { method, headers, body }))
  return answer!.status
}

test('every preset, one preset, and a preset beside operations and fields of your own', async () => {
  expect(await send(everyPreset, 'POST', () => '/api/applications')).toBe(200)
  expect(await send(everyPreset, 'DELETE', ({ application }) => `/api/applications/${application}`)).toBe(204)
  expect(await send(onePreset, 'DELETE', ({ application }) => `/api/applications/${application}`)).toBe(204)
  expect(await send(onePreset, 'POST', () => '/api/applications')).toBe(405)
  expect(await send(onePreset, 'DELETE', ({ workspace }) => `/api/workspaces/${workspace}`)).toBe(405)
  expect(await send(withYours, 'DELETE', ({ application }) => `/api/applications/${application}`)).toBe(204)
  expect(await send(withYours, 'DELETE', ({ workspace }) => `/api/workspaces/${workspace}`)).toBe(204)
  expect(withYours.snapshot().applications.every((application) => 'status' in application)).toBe(true)
})
