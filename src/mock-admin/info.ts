/**
 * What the console and the devtools panel show of one mock at a glance: what it serves, how many records,
 * its principals with the names a person recognizes, its faults, the operations a fault may target and
 * the profile in force.
 */
import type { MockApi } from '../api/mock-api.ts'
import { recordsOf } from '../api/mock-state.ts'
import { internalsOf } from '../api/internals.ts'
import type { ResolvedProfile } from '../handlers/profile.ts'
import { operations } from '../handlers/routes.ts'
import type { FaultDescription } from '../handlers/trace.ts'
import { compareByCreatedThenId } from '../model/ordering.ts'
import type { ScenarioState } from '../model/state.ts'
import { PRESETS } from './scenario.ts'

/** A principal as a person recognizes it. */
export interface PrincipalInfo {
  apiKey: string
  apiSecret: string
  account: string
  organization: string
  name: string | undefined
  email: string | undefined
  organizationName: string | undefined
}

/** A fault as the console lists it; `startup` ones (the demo server's flags) come back after a reset. */
export type FaultInfo = FaultDescription & { startup: boolean }

export interface OperationInfo {
  name: string
  method: string
  path: string
}

/** What `GET <admin>/info` answers, and what the panel reads in the page. */
export interface MockInfo {
  /** What it serves, for people: a preset's name, `state`, a state file's name. */
  scenario: string
  seed: number
  counts: Record<keyof ScenarioState, number>
  principals: PrincipalInfo[]
  /** The first principal's workspaces, in the API's list order: what a client puts in `X-Workspace-ID`. */
  workspaceIds: string[]
  faults: FaultInfo[]
  operations: OperationInfo[]
  journalLimit: number
  profile: ResolvedProfile
  /** The presets a switch may name. */
  scenarios: readonly string[]
}

/** How many records each collection holds now. */
export function countsOf(api: MockApi): Record<keyof ScenarioState, number> {
  return {
    organizations: recordsOf(api, 'organizations').length,
    accounts: recordsOf(api, 'accounts').length,
    workspaces: recordsOf(api, 'workspaces').length,
    applications: recordsOf(api, 'applications').length,
  }
}

/** The principals with the names a person recognizes (account, e-mail, organization). */
export function describePrincipals(api: MockApi): PrincipalInfo[] {
  const accounts = new Map(recordsOf(api, 'accounts').map((account) => [account.id, account]))
  const organizations = new Map(recordsOf(api, 'organizations').map((org) => [org.id, org]))
  return api.principals.map((principal) => ({
    ...principal,
    name: accounts.get(principal.account)?.name,
    email: accounts.get(principal.account)?.email,
    organizationName: organizations.get(principal.organization)?.name,
  }))
}

/** The first principal's workspaces, in the API's list order. */
export function workspaceIdsOf(api: MockApi): string[] {
  const organization = api.principals[0]!.organization
  return recordsOf(api, 'workspaces')
    .filter((workspace) => workspace.organization === organization)
    .sort(compareByCreatedThenId)
    .map((workspace) => workspace.id)
}

/** The view of one mock; `faults` with their startup marks, as the caller keeps them. */
export function mockInfo(api: MockApi, about: { scenario: string; seed: number; faults: FaultInfo[] }): MockInfo {
  return {
    scenario: about.scenario,
    seed: about.seed,
    counts: countsOf(api),
    principals: describePrincipals(api),
    workspaceIds: workspaceIdsOf(api),
    faults: about.faults,
    operations: operations.map(({ name, method, path }) => ({ name, method, path })),
    journalLimit: api.journal.limit,
    profile: internalsOf(api).mock.profile,
    scenarios: PRESETS,
  }
}
