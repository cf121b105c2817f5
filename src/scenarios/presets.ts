import type { Scenario } from './kit.ts'

/** One organization and one principal, nothing else. */
export const empty: Scenario = (kit) => {
  kit.principal(kit.organization())
}

/** One organization, 3 to 6 workspaces with 5 to 40 applications each. */
export const demo: Scenario = (kit) => {
  const organization = kit.organization({ name: 'Acme Corp', domain: 'acme-corp.example.com' })
  kit.principal(organization)
  kit.principal(organization)
  const workspaces = kit.faker.number.int({ min: 3, max: 6 })
  for (let w = 0; w < workspaces; w++) {
    const workspace = kit.workspace(organization)
    kit.applications(workspace, kit.faker.number.int({ min: 5, max: 40 }))
  }
}

/** One workspace with 1,234 applications: 124 pages of 10, 13 pages of 100. */
export const paging: Scenario = (kit) => {
  const organization = kit.organization()
  kit.principal(organization)
  kit.applications(kit.workspace(organization), 1234)
}

/** Two organizations, each with its own principal, workspaces and applications. */
export const multiTenant: Scenario = (kit) => {
  for (const name of ['Acme Corp', 'Globex']) {
    const organization = kit.organization({ name })
    kit.principal(organization)
    const workspaces = kit.faker.number.int({ min: 2, max: 3 })
    for (let w = 0; w < workspaces; w++) {
      kit.applications(kit.workspace(organization), kit.faker.number.int({ min: 3, max: 12 }))
    }
  }
}

export interface ScaleOptions {
  workspaces: number
  applicationsPerWorkspace: number
}

/** A large single-tenant scenario for paging and performance work. */
export function scale({ workspaces, applicationsPerWorkspace }: ScaleOptions): Scenario {
  if (!(Number.isInteger(workspaces) && workspaces >= 0)) {
    throw new TypeError(`scale: workspaces must be a non-negative integer, got ${workspaces}`)
  }
  if (!(Number.isInteger(applicationsPerWorkspace) && applicationsPerWorkspace >= 0)) {
    throw new TypeError(
      `scale: applicationsPerWorkspace must be a non-negative integer, got ${applicationsPerWorkspace}`,
    )
  }
  return (kit) => {
    const organization = kit.organization()
    kit.principal(organization)
    for (let w = 0; w < workspaces; w++) {
      kit.applications(kit.workspace(organization), applicationsPerWorkspace)
    }
  }
}

/** The named presets. */
export const scenarios = {
  empty,
  demo,
  paging,
  'multi-tenant': multiTenant,
} as const satisfies Record<string, Scenario>

export type ScenarioName = keyof typeof scenarios

/** The seed of fixtures/demo.json (the default seed of `createMockApi`). */
export const DEMO_FIXTURE_SEED = 1
