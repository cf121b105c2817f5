// docs/api.md's scenario example, verbatim (readme-sync.test.ts checks it stays so), then checks.
import { expect, test } from 'vitest'
import { buildApplication, buildWorkspace, createMockApi, type Scenario } from 'workspace-api-mock'

const workspace = buildWorkspace({ name: 'x' })
const application = buildApplication({ port: '443', workspace: workspace.id })

const twoTeams: Scenario = (kit) => {
  const organization = kit.organization({ name: 'Acme Corp' })
  kit.principal(organization, { apiKey: 'my-key', apiSecret: 'my-secret' })
  for (const name of ['Payments', 'Search']) {
    const team = kit.workspace(organization, { name })
    kit.applications(team, 12)
    kit.application(team, { name: 'Grafana', port: '3000', access_type: 'private' })
  }
}

const api = createMockApi({ scenario: twoTeams, seed: 7 })

test('the scenario example of docs/api.md builds what it says', async () => {
  await api.ready
  expect(workspace.name).toBe('x')
  expect(application).toMatchObject({ port: '443', workspace: workspace.id })
  expect(api.credentials).toEqual({ apiKey: 'my-key', apiSecret: 'my-secret' })
  expect(api.db.workspaces.all().map((w) => w.name)).toEqual(['Payments', 'Search'])
  expect(api.db.applications.count()).toBe(26)
  // Each team's 13th application is the explicit Grafana.
  const all = api.db.applications.all()
  expect([all[12], all[25]].map((a) => [a?.name, a?.port])).toEqual([['Grafana', '3000'], ['Grafana', '3000']])
})
