/**
 * The provider states of an exchange: what the provider must hold for the request to be answered as the
 * mock answered it, from the scenario as the exchange saw it (who called, the records the request named
 * and those it read), never the mock's whole state. The ids are the states' parameters, so that a provider
 * can create those very records; a provider that creates records of its own answers their ids from the
 * state's setup, and the request takes them from there (`roles`: an id in the request, the value that
 * replaces it). The names and what each state supplies are docs/contract.md's.
 */
import type { ContractExchange } from './input.ts'
import type { DocumentOperation } from './document.ts'
import type { ProviderState } from './pact-v4.ts'

export const PRINCIPAL = 'a principal of an organization'
export const WITH_WORKSPACE = 'a principal of an organization with a workspace'
export const WITH_APPLICATION = 'a principal of an organization with a workspace and an application'
export const OPERATION_FAILS = 'the operation fails'

/** The states of a lookup that found nothing the caller may see (`why.decision.reason`), by collection. */
const LOOKUP_STATES: Record<string, Record<string, string>> = {
  workspace: { 'other-organization': 'a workspace of another organization', 'not-found': 'no workspace has the id' },
  application: {
    'other-organization': 'an application of another organization',
    'outside-workspace': 'an application in another workspace of the organization',
    'not-found': 'no application has the id',
  },
}

type Kind = 'workspace' | 'application'
const KINDS: Record<string, Kind> = { workspaces: 'workspace', applications: 'application' }

/** Which organization holds an id, and of what kind, as the exchanges of authenticated callers show it. */
export type Owners = ReadonlyMap<string, { organization: string; kind: Kind }>

export function ownersOf(exchanges: readonly ContractExchange[]): Owners {
  const owners = new Map<string, { organization: string; kind: Kind }>()
  for (const { why } of exchanges) {
    if (why.caller.kind !== 'authenticated') continue
    for (const group of [...why.read, ...why.written]) {
      const kind = KINDS[group.collection]
      if (kind) for (const id of group.ids) owners.set(id, { organization: why.caller.organization, kind })
    }
  }
  return owners
}

export interface StatePlan {
  states: ProviderState[]
  /** Ids in the request that a state supplies: the id, and the name of the value that replaces it (`workspaceId`). */
  roles: Map<string, string>
}

/** The values the request names: path parameters and documented header parameters (X-Workspace-ID). */
export function namedValues(exchange: ContractExchange, operation: DocumentOperation): string[] {
  const headers = operation.headers.map((name) => exchange.headers[name.toLowerCase()])
  return [...Object.values(exchange.params), ...headers].filter((value): value is string => typeof value === 'string' && value !== '')
}

/** The states of one exchange: the caller's first (when a credential or a record of theirs is needed), then the others. */
export function statesOf(exchange: ContractExchange, operation: DocumentOperation, owners: Owners, needsPrincipal: boolean): StatePlan {
  const { caller, decision } = exchange.why
  const organization = caller.kind === 'authenticated' ? caller.organization : undefined
  const principal: Record<string, string | number> = {}
  if (caller.kind === 'authenticated') Object.assign(principal, { organization: caller.organization, account: caller.account })
  if (caller.kind === 'refused' && caller.reason === 'secret-mismatch') principal.account = caller.account
  const others: ProviderState[] = []
  const roles = new Map<string, string>()
  const touched = touchedIds(exchange)
  for (const value of namedValues(exchange, operation)) {
    // What the mock decided about the id first: an id of the caller's organization may be outside the workspace named.
    if (decision.kind === 'lookup' && decision.id === value) {
      const kind = KINDS[decision.collection]!
      // Looked up in the workspace named, an application of another organization is outside it too: the owners tell.
      const owner = owners.get(value)?.organization
      const reason = decision.reason === 'outside-workspace' && owner !== undefined && owner !== organization ? 'other-organization' : decision.reason
      others.push({ name: LOOKUP_STATES[kind]![reason] ?? `a ${kind} the caller may not see`, params: { [kind]: value } })
      if (reason !== 'not-found') claim(roles, value, `${kind}Id`)
      continue
    }
    const mine = touched.get(value) ?? (organization !== undefined && owners.get(value)?.organization === organization ? owners.get(value)!.kind : undefined)
    if (mine !== undefined && principal[mine] === undefined) {
      principal[mine] = value
      claim(roles, value, `${mine}Id`)
    }
  }
  listed(exchange, principal)
  const name = principal.application !== undefined ? WITH_APPLICATION : principal.workspace !== undefined ? WITH_WORKSPACE : PRINCIPAL
  const states = needsPrincipal || principal.workspace !== undefined || principal.application !== undefined ? [{ name, params: sorted(principal) }] : []
  if (decision.kind === 'fault') others.push({ name: OPERATION_FAILS, params: { operation: operation.id, status: exchange.status } })
  return { states: [...states, ...others], roles }
}

/** Ids the request read or wrote, by kind; a record it created (written, never named) is no precondition. */
function touchedIds(exchange: ContractExchange): Map<string, Kind> {
  const ids = new Map<string, Kind>()
  for (const group of [...exchange.why.read, ...exchange.why.written]) {
    const kind = KINDS[group.collection]
    if (kind) for (const id of group.ids) ids.set(id, kind)
  }
  return ids
}

/**
 * A list the request read without naming its records: the workspace it listed (so that the list is not
 * empty), and for a page, how many applications there are (its `total`), so that the page the request
 * asked for holds what it held.
 */
function listed(exchange: ContractExchange, principal: Record<string, string | number>): void {
  const written = new Set(exchange.why.written.flatMap((group) => group.ids))
  let applications: number | undefined
  for (const group of exchange.why.read) {
    const unnamed = group.ids.filter((id) => !written.has(id) && !Object.values(principal).includes(id))
    if (KINDS[group.collection] === 'workspace' && principal.workspace === undefined && unnamed.length > 0) principal.workspace = unnamed[0]!
    if (KINDS[group.collection] === 'application' && principal.application === undefined) applications = unnamed.length
  }
  const total = (exchange.responseBody as { total?: unknown } | undefined)?.total
  if (principal.workspace !== undefined && typeof total === 'number' && Number.isSafeInteger(total)) applications = total
  if (applications !== undefined && principal.workspace !== undefined) principal.applications = applications
}

/** Gives `value` the name `key` unless another value has it: the second id of a kind stays as it is. */
function claim(roles: Map<string, string>, value: string, key: string): void {
  if (!roles.has(value) && ![...roles.values()].includes(key)) roles.set(value, key)
}

function sorted(params: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
