/**
 * The collections of `api.db` validate what is written to them against the model's schemas (docs/api.md:
 * "change them with `api.db.workspaces.update(...)` (which validates), or add records with `create`").
 * The mock is built inside the test, so that its collections are made there.
 */
import { expect, test, vi } from 'vitest'
import {
  buildAccount,
  buildApplication,
  buildOrganization,
  buildWorkspace,
  createMockApi,
} from '../../src/index.ts'
import { ORIGIN } from './handle.ts'

test('every collection accepts a valid record and refuses one that breaks its schema', async () => {
  const api = createMockApi({ baseUrl: ORIGIN, scenario: 'empty', seed: 13 })
  await api.ready
  const organization = await api.db.organizations.create(buildOrganization({ name: 'Added' }))
  const account = await api.db.accounts.create(buildAccount({ organization: organization.id }))
  const workspace = await api.db.workspaces.create(
    buildWorkspace({ organization: organization.id, created_by: account.id, modified_by: account.id }),
  )
  const application = await api.db.applications.create(
    buildApplication({ workspace: workspace.id, created_by: account.id, modified_by: account.id }),
  )
  expect(api.snapshot()).toMatchObject({
    organizations: [expect.anything(), organization],
    accounts: [expect.anything(), account],
    workspaces: [workspace],
    applications: [application],
  })

  // @msw/data prints the schema's issues before it throws.
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  const invalid = 'does not match the schema'
  await expect(api.db.organizations.create({ ...buildOrganization(), id: 'not-an-id' })).rejects.toThrow(invalid)
  await expect(api.db.accounts.create({ ...buildAccount(), organization: 'not-an-id' })).rejects.toThrow(invalid)
  await expect(api.db.workspaces.create({ ...buildWorkspace(), created: -1 })).rejects.toThrow(invalid)
  await expect(api.db.applications.create({ ...buildApplication(), port: 80 as never })).rejects.toThrow(invalid)
  expect(printed).toHaveBeenCalledTimes(4)
  printed.mockRestore()
  expect(api.snapshot().organizations).toHaveLength(2)
})
