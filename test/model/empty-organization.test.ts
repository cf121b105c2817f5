/**
 * An organization that starts with no workspace (the `empty` preset): the first workspace created through
 * the API is then its whole list.
 */
import { expect, test } from 'vitest'
import { expectSuccess } from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const at = { origin: ORIGIN }
const h = useHarness({ scenario: 'empty' })

test('the first workspace of an organization is its whole list', async () => {
  expect(expectSuccess(await h.call('/api/workspaces'), 'SuccessResponseListWorkspaceBody', at).data).toEqual([])
  const created = expectSuccess(
    await h.call('/api/workspaces', { method: 'POST', json: { name: 'First' } }),
    'SuccessResponseWorkspaceBody',
    at,
  ).data
  expect(expectSuccess(await h.call('/api/workspaces'), 'SuccessResponseListWorkspaceBody', at).data).toEqual([created])
})
