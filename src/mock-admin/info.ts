/**
 * What the console and the devtools panel show of one mock at a glance: what it serves, how many records,
 * its principals with the names a person recognizes, its faults, the operations a fault may target and
 * the profile in force.
 */
import type { MockApi } from '../api/mock-api.ts'
import { profileOf, recordsOf, servedSurfaceOf } from '../api/internals.ts'
import { specPath } from '../handlers/path-syntax.ts'
import { compareByCreatedThenId } from '../model/ordering.ts'
import type { OperationSpec } from '../handlers/operation-spec.ts'
import { publishedOperations } from '../handlers/definitions/operations/published.ts'
import { unshownOperations } from '../handlers/definitions/operations/unshown.ts'
import type { Counts, FaultListing, MockInfo, OperationListing, PrincipalDescription } from '../wire/admin.ts'
import { PRESETS } from './scenario.ts'

/** How many records each collection holds now. */
export function countsOf(api: MockApi): Counts {
  return {
    organizations: recordsOf(api, 'organizations').length,
    accounts: recordsOf(api, 'accounts').length,
    workspaces: recordsOf(api, 'workspaces').length,
    applications: recordsOf(api, 'applications').length,
  }
}

/** The principals with the names a person recognizes (account, e-mail, organization). */
export function describePrincipals(api: MockApi): PrincipalDescription[] {
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

/** Every route of the mock, in routing order (the API's six, presets, your own, the kit's), each with its kind. */
export function operationsOf(api: MockApi): OperationListing[] {
  const surface = servedSurfaceOf(api)
  const published = new Set<OperationSpec>(publishedOperations)
  const presets = new Set<OperationSpec>(unshownOperations)
  const routes = new Set<OperationSpec>(surface.published)
  return surface.operations.map((operation) => {
    const kind = published.has(operation) ? 'api' : presets.has(operation) ? 'preset' : routes.has(operation) ? 'own' : 'kit'
    return { name: operation.name, method: operation.method, path: specPath(operation.path), kind }
  })
}

/** The view of one mock; `faults` with their startup marks and whether it collects coverage, as the caller keeps them. */
export function mockInfo(api: MockApi, about: { scenario: string; seed: number; faults: FaultListing[]; coverage: boolean }): MockInfo {
  return {
    scenario: about.scenario,
    seed: about.seed,
    counts: countsOf(api),
    principals: describePrincipals(api),
    workspaceIds: workspaceIdsOf(api),
    faults: about.faults,
    operations: operationsOf(api),
    journalLimit: api.journal.limit,
    profile: profileOf(api),
    scenarios: PRESETS,
    coverage: about.coverage,
  }
}
