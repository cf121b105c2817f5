import { prepareRecords } from './bulk-load.ts'
import { compareByCreatedThenId } from './ordering.ts'
import type { Account, Application, Workspace } from './schemas.ts'
import type { ScenarioState } from './state.ts'

/** Lookups over a baseline's workspaces and applications: built once, on first use, and never changed. */
export interface BaselineIndex {
  readonly workspacesById: ReadonlyMap<string, Workspace>
  /** Each organization's workspaces in list order (`created`, then `id`). */
  readonly workspacesByOrganization: ReadonlyMap<string, readonly Workspace[]>
  readonly applicationsById: ReadonlyMap<string, Application>
  /** Each workspace's applications in list order. */
  readonly applicationsByWorkspace: ReadonlyMap<string, readonly Application[]>
}

/**
 * An initial state made ready to load: every record prepared (frozen, with @msw/data's internals), the
 * latest timestamp in it, and an index over its workspaces and applications, built the first time a store
 * asks for it.
 *
 * Why: a store loads its baseline on construction and on every reset, and stores of other mocks can load
 * the same one (the demo server's sessions). Nothing in a baseline ever changes (records are frozen, the
 * arrays and the index are only read), so sharing it costs nothing: a reset or a new session is a pointer
 * copy, not a new copy of 100,000 records or a rebuilt index.
 */
export class Baseline {
  /** The prepared records. Never to be changed (they are shared). */
  readonly state: Readonly<ScenarioState>
  /** The latest `created` / `updated` of the workspaces and applications: writes are never earlier. */
  readonly latest: number
  /** Shared with baselines made by `withAccounts`, which keep the same workspaces and applications. */
  readonly #index: { built?: BaselineIndex }

  private constructor(state: ScenarioState, latest: number, index: { built?: BaselineIndex }) {
    this.state = state
    this.latest = latest
    this.#index = index
  }

  /**
   * Prepares a state's records, in place (frozen from then on). The arrays are copied, so the caller's
   * arrays stay its own; records prepared by an earlier baseline are taken as they are.
   */
  static async of(state: ScenarioState): Promise<Baseline> {
    const prepared: ScenarioState = {
      organizations: [...(await prepareRecords(state.organizations))],
      accounts: [...(await prepareRecords(state.accounts))],
      workspaces: [...(await prepareRecords(state.workspaces))],
      applications: [...(await prepareRecords(state.applications))],
    }
    return new Baseline(prepared, latestTimestamp(prepared), {})
  }

  /**
   * The same organizations, workspaces and applications (and the same index) with other accounts: how a
   * session gets its own credentials over shared data. The accounts must belong to the same organizations.
   */
  async withAccounts(accounts: Account[]): Promise<Baseline> {
    const state = { ...this.state, accounts: [...(await prepareRecords(accounts))] }
    return new Baseline(state, this.latest, this.#index)
  }

  /** The index over workspaces and applications (built on the first call, then shared). */
  get index(): BaselineIndex {
    this.#index.built ??= buildIndex(this.state)
    return this.#index.built
  }
}

function buildIndex(state: Readonly<ScenarioState>): BaselineIndex {
  const workspacesById = new Map<string, Workspace>()
  const workspacesByOrganization = new Map<string, Workspace[]>()
  const applicationsById = new Map<string, Application>()
  const applicationsByWorkspace = new Map<string, Application[]>()
  for (const workspace of state.workspaces) {
    workspacesById.set(workspace.id, workspace)
    pushTo(workspacesByOrganization, workspace.organization, workspace)
  }
  for (const application of state.applications) {
    applicationsById.set(application.id, application)
    pushTo(applicationsByWorkspace, application.workspace, application)
  }
  for (const list of workspacesByOrganization.values()) list.sort(compareByCreatedThenId)
  for (const list of applicationsByWorkspace.values()) list.sort(compareByCreatedThenId)
  return { workspacesById, workspacesByOrganization, applicationsById, applicationsByWorkspace }
}

export function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function latestTimestamp(state: ScenarioState): number {
  let latest = 0
  for (const record of state.workspaces) latest = Math.max(latest, record.created, record.updated)
  for (const record of state.applications) latest = Math.max(latest, record.created, record.updated)
  return latest
}
