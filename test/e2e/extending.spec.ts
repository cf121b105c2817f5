/**
 * Operations and fields of your own through the Playwright fixture's `mockOptions`: the demo page's
 * requests reach the test's mock, which serves the unshown-operations presets and a field of the test's,
 * and the journal, faults and overrides know them by name.
 */
import { deleteWorkspace, z, type RecordFields } from 'workspace-api-mock'
import { expect, test } from 'workspace-api-mock/playwright'
import { DEMO_CREDENTIALS, DEMO_OPTIONS, names, openDemo, SEEDED } from './support.ts'

const fields: RecordFields = { workspace: { tier: { schema: z.enum(['free', 'team']), build: () => 'team' } } }
test.use({ mockOptions: { ...DEMO_OPTIONS, operations: [deleteWorkspace], fields } })

/** A request from the page (so through the fixture's route), with the demo's credentials. */
const send = (page: import('@playwright/test').Page, method: string, path: string) =>
  page.evaluate(
    async ({ method, path, credentials }) => {
      const response = await fetch(path, { method, headers: { 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret } })
      return { status: response.status, text: await response.text() }
    },
    { method, path, credentials: DEMO_CREDENTIALS },
  )

test('the page deletes a workspace through the mock of the test; the list carries the field', async ({ page, mockApi }) => {
  await openDemo(page)
  const [first] = SEEDED
  const list = JSON.parse((await send(page, 'GET', '/api/workspaces')).text)
  expect(list.data.map((w: { tier: string }) => w.tier)).toEqual(SEEDED.map(() => 'team'))
  expect((await send(page, 'DELETE', `/api/workspaces/${first!.id}`)).status).toBe(204)
  expect(mockApi.journal.count({ operation: 'deleteWorkspace', status: 204 })).toBe(1)
  await page.reload()
  await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' })
  expect(await names(page)).toEqual(SEEDED.slice(1).map((w) => w.name))
})

test('faults and overrides by the operation name', async ({ page, mockApi }) => {
  await openDemo(page)
  mockApi.faults.fail('deleteWorkspace', { status: 503, times: 1 })
  mockApi.override('deleteWorkspace', ({ problem }) => problem(409, 'workspace is in use'))
  expect((await send(page, 'DELETE', `/api/workspaces/${SEEDED[0]!.id}`)).status).toBe(503)
  expect(JSON.parse((await send(page, 'DELETE', `/api/workspaces/${SEEDED[0]!.id}`)).text)).toMatchObject({ status: 409, detail: 'workspace is in use' })
})
