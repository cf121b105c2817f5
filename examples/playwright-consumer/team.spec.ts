import { expect, test } from './fixtures.ts'

test('the app fixture opens the app against this test\'s own mock', async ({ app, mockApi }) => {
  await expect(app.getByRole('listitem')).toHaveCount(3)
  expect(mockApi.journal.count({ operation: 'listWorkspaces' })).toBe(1)
})

test('an override shapes what the app shows next', async ({ app, mockApi }) => {
  mockApi.override('listWorkspaces', ({ problem }) => problem(403, 'not in your plan'), { once: true })
  await app.reload()
  await expect(app.getByRole('status')).toHaveText('Could not load the workspaces: not in your plan')
  expect(mockApi.journal.last({ operation: 'listWorkspaces' })?.status).toBe(403)
})
