import type { Account, Application, Organization, Workspace } from './schemas.ts'

/** The plain-data state of the mock: what a scenario produces, what `snapshot()` returns and `state` loads. */
export interface ScenarioState {
  organizations: Organization[]
  accounts: Account[]
  workspaces: Workspace[]
  applications: Application[]
}
