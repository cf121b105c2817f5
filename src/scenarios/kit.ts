import {
  createFactories,
  type Factories,
  type FactoryOptions,
  type ResourcePools,
} from '../factories/factories.ts'
import type { Random } from '../model/random.ts'
import type { Account, Application, Organization, Workspace } from '../model/schemas.ts'
import type { ScenarioState } from '../model/state.ts'

export type { ScenarioState }

/**
 * What a scenario function receives: the seeded factories plus helpers that wire records together
 * (authors from the organization's accounts, entries from its gateways, groups and policies).
 */
export class ScenarioKit {
  readonly factories: Factories
  readonly state: ScenarioState = { organizations: [], accounts: [], workspaces: [], applications: [] }
  #pools = new Map<string, ResourcePools>()
  #organizations = new Map<string, Organization>()
  #accounts = new Map<string, string[]>()
  #workspaceCount = new Map<string, number>()
  #applicationCount = new Map<string, number>()

  /** `factories`: already made (a mock builds its scenarios with its own resolved options). */
  constructor(options: FactoryOptions = {}, factories: Factories = createFactories(options)) {
    this.factories = factories
  }

  /** The seeded random source (a faker `SimpleFaker`) shared by every factory of this build. */
  get faker(): Random {
    return this.factories.faker
  }

  organization(overrides: Partial<Organization> = {}): Organization {
    const organization = this.factories.buildOrganization(overrides)
    this.#pools.set(organization.id, this.factories.buildPools())
    this.#organizations.set(organization.id, organization)
    this.state.organizations.push(organization)
    return organization
  }

  /** An account of the organization, with API credentials. */
  principal(organization: Organization, overrides: Partial<Account> = {}): Account {
    const account = this.factories.buildAccount({ organization: organization.id, ...overrides })
    this.state.accounts.push(account)
    const ids = this.#accounts.get(account.organization) ?? []
    this.#accounts.set(account.organization, [...ids, account.id])
    return account
  }

  workspace(organization: Organization, overrides: Partial<Workspace> = {}): Workspace {
    const index = this.#next(this.#workspaceCount, organization.id)
    const workspace = this.factories.buildWorkspace(overrides, {
      organization,
      accounts: this.#accountsOf(organization.id),
      index,
    })
    this.state.workspaces.push(workspace)
    return workspace
  }

  application(workspace: Workspace, overrides: Partial<Application> = {}): Application {
    const organization = this.#organizations.get(workspace.organization)
    const application = this.factories.buildApplication(overrides, {
      workspace,
      organizationDomain: organization?.domain,
      accounts: this.#accountsOf(workspace.organization),
      pools: this.#pools.get(workspace.organization),
      index: this.#next(this.#applicationCount, workspace.id),
    })
    this.state.applications.push(application)
    return application
  }

  /** `count` applications in the workspace. */
  applications(workspace: Workspace, count: number): Application[] {
    return Array.from({ length: count }, () => this.application(workspace))
  }

  #accountsOf(organization: string): string[] | undefined {
    return this.#accounts.get(organization)
  }

  #next(counter: Map<string, number>, key: string): number {
    const value = counter.get(key) ?? 0
    counter.set(key, value + 1)
    return value
  }
}

/** A scenario: a function that fills the kit's state using its factories. */
export type Scenario = (kit: ScenarioKit) => void
