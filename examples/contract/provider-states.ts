/**
 * Provider states for a pact written by `workspace-api-mock contract`, with the demo server as the
 * provider: each state sets up what its name says through the server's admin routes, with records of the
 * provider's own making (their ids are not the pact's), and answers the values the pact's requests take
 * from it (`${apiKey}`, `${apiSecret}`, `${workspaceId}`, `${applicationId}`). A service of your own does
 * the same with its own test fixtures. docs/contract.md lists the states.
 */
import type { VerifierOptions } from '@pact-foundation/pact'

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>
type Params = Record<string, unknown> | undefined

/** The provider's one organization and principal: its credentials reach the requests, never the pact. */
const ORGANIZATION = { id: 'org_0a', name: 'Provider Org', domain: 'provider.example.com' }
const PRINCIPAL = { id: 'acc_0a', name: 'Provider Principal', email: 'principal@provider.example.com', organization: 'org_0a', apiKey: 'provider-key', apiSecret: 'provider-secret' }

export function demoServerStates(server: string): StateHandlers {
  const admin = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${server}/__admin/${route}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    })
    if (!response.ok) throw new Error(`${method} /__admin/${route}: ${response.status} ${await response.text()}`)
    return (await response.json()) as { id: string }
  }
  // A record built by the server's factories, under its parent: its id is the provider's.
  const add = async (collection: string, parent: Record<string, string>) => (await admin('POST', `records/${collection}`, parent)).id
  const otherOrganization = async () => {
    const organization = await add('organizations', {})
    await add('accounts', { organization })
    return organization
  }

  /** A principal, and the workspace, applications and application the parameters ask for. */
  const principal = async (params: Params) => {
    await admin('DELETE', 'faults')
    await admin('POST', 'state', { organizations: [ORGANIZATION], accounts: [PRINCIPAL], workspaces: [], applications: [] })
    const values: Record<string, string> = { apiKey: PRINCIPAL.apiKey, apiSecret: PRINCIPAL.apiSecret }
    if (params?.workspace === undefined && params?.application === undefined) return values
    values.workspaceId = await add('workspaces', { organization: ORGANIZATION.id })
    for (let i = 0; i < Number(params.applications ?? 0); i++) await add('applications', { workspace: values.workspaceId })
    if (params.application !== undefined) values.applicationId = await add('applications', { workspace: values.workspaceId })
    return values
  }

  return {
    'a principal of an organization': principal,
    'a principal of an organization with a workspace': principal,
    'a principal of an organization with a workspace and an application': principal,
    'a workspace of another organization': async () => ({ workspaceId: await add('workspaces', { organization: await otherOrganization() }) }),
    'an application of another organization': async () => {
      const workspace = await add('workspaces', { organization: await otherOrganization() })
      return { applicationId: await add('applications', { workspace }) }
    },
    'an application in another workspace of the organization': async () => {
      const workspace = await add('workspaces', { organization: ORGANIZATION.id })
      return { applicationId: await add('applications', { workspace }) }
    },
    // The request names an id nobody has: nothing to set up.
    'no workspace has the id': async () => undefined,
    'no application has the id': async () => undefined,
    'the operation fails': async (params?: Params) => {
      await admin('POST', 'faults', { type: 'fail', target: params?.operation, status: params?.status, times: 1 })
    },
  } as StateHandlers
}
