/**
 * A consumer's suite as it would run against the mock: a small API client (the app's own, taking `fetch`)
 * driven through its successes and failures. Each scenario below is one test of such a suite, with a mock
 * of its own (`multi-tenant`, seed 7); the exchanges are what the mocks' journals kept, and the mocks'
 * scenarios and seeds.
 */
import { createMockApi, type MockApi, type Principal } from '../../src/index.ts'
import type { ContractExchange, ContractMock } from '../../src/contract/pact.ts'


/** The app's client: what a front end's API module does. */
function client(api: MockApi, base: string, who: Principal | null, workspace?: string) {
  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    ...(who ? { 'X-API-Key': who.apiKey, 'X-API-Secret': who.apiSecret } : {}),
    ...(workspace ? { 'X-Workspace-ID': workspace } : {}),
    ...extra,
  })
  const send = async (path: string, init: RequestInit = {}) => {
    const response = (await api.handle(new Request(`${base}${path}`, init)))!
    return { status: response.status, body: await response.json().catch(() => undefined) }
  }
  const json = (method: string, body: unknown) => ({ method, headers: headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(body) })
  return {
    listWorkspaces: () => send('/api/workspaces', { headers: headers() }),
    getWorkspace: (id: string) => send(`/api/workspaces/${id}`, { headers: headers() }),
    createWorkspace: (body: unknown) => send('/api/workspaces', json('POST', body)),
    updateWorkspace: (id: string, body: unknown) => send(`/api/workspaces/${id}`, json('PUT', body)),
    listApplications: (query = '') => send(`/api/applications${query}`, { headers: headers() }),
    getApplication: (id: string) => send(`/api/applications/${id}`, { headers: headers() }),
    sendRaw: (text: string, type: string) => send('/api/workspaces', { method: 'POST', headers: headers({ 'Content-Type': type }), body: text }),
  }
}

/** The app's client as the signed-in `who`, in `workspace` (X-Workspace-ID). */
type App = (who: Principal | null, workspace?: string) => ReturnType<typeof client>
type Test = (api: MockApi, as: App) => Promise<void>

/** The suite's tests: each one a consumer's case, on a mock of its own. */
export const TESTS: Record<string, Test> = {
  'lists and opens workspaces': async (api, as) => {
    const app = as(api.principals[0]!)
    const { body } = await app.listWorkspaces()
    await app.getWorkspace(body.data[0].id)
    await app.getWorkspace(body.data[1].id)
  },
  "another organization's workspace is not found": async (api, as) => {
    const other = await as(api.principals[1]!).listWorkspaces()
    api.journal.clear()
    await as(api.principals[0]!).getWorkspace(other.body.data[0].id)
  },
  'a workspace that does not exist': async (api, as) => {
    await as(api.principals[0]!).getWorkspace('wse_00000000000000000000000000000000')
  },
  'signed out, or with a key nobody has': async (api, as) => {
    await as(null).listWorkspaces()
    await as({ ...api.principals[0]!, apiKey: 'wam_key_nobody' }).listWorkspaces()
    await as({ ...api.principals[0]!, apiSecret: 'not-it' }).listWorkspaces()
  },
  'creates and renames a workspace': async (api, as) => {
    const app = as(api.principals[0]!)
    const { body } = await app.createWorkspace({ name: 'Data Platform', description: 'Pipelines', domain: 'data' })
    await app.updateWorkspace(body.data.id, { name: 'Data Platform EU' })
  },
  'a form with mistakes': async (api, as) => {
    const app = as(api.principals[0]!)
    await app.createWorkspace({ name: '' })
    await app.createWorkspace({ name: 42, description: false })
    await app.sendRaw('{"name": ', 'application/json')
    await app.sendRaw('name=x', 'text/plain')
  },
  'pages through applications': async (api, as) => {
    const workspaces = await as(api.principals[0]!).listWorkspaces()
    api.journal.clear()
    const app = as(api.principals[0]!, workspaces.body.data[0].id)
    await app.listApplications()
    const second = await app.listApplications('?current_page=2&page_size=10')
    await app.listApplications('?current_page=40&page_size=10')
    await app.listApplications('?page_size=5')
    await app.getApplication(second.body.data[0].id)
  },
  "an application outside the workspace, and another organization's": async (api, as) => {
    const [first, second] = (await as(api.principals[0]!).listWorkspaces()).body.data
    const page = await as(api.principals[0]!, first.id).listApplications()
    const otherWorkspace = (await as(api.principals[1]!).listWorkspaces()).body.data[0].id
    const foreign = await as(api.principals[1]!, otherWorkspace).listApplications()
    api.journal.clear()
    await as(api.principals[0]!, second.id).getApplication(page.body.data[0].id)
    await as(api.principals[0]!, first.id).getApplication(foreign.body.data[0].id)
    await as(api.principals[0]!, otherWorkspace).listApplications()
  },
  'the service is down': async (api, as) => {
    const { body } = await as(api.principals[0]!).listWorkspaces()
    api.journal.clear()
    api.faults.fail('getWorkspace', { status: 503, times: 1 })
    await as(api.principals[0]!).getWorkspace(body.data[0].id)
    api.faults.disconnect('listWorkspaces', { times: 1 })
    await as(api.principals[0]!).listWorkspaces().catch(() => undefined)
  },
}

export const MOCK = { scenario: 'multi-tenant', seed: 7 } as const satisfies ContractMock

/**
 * Runs the named tests (default: all), each on a new mock at `baseUrl` with the clock `now`; the exchanges
 * of each, in the order they ran.
 */
export async function consumerRun(names: readonly string[] = Object.keys(TESTS), { baseUrl = 'https://api.example.test', now }: { baseUrl?: string; now?: () => number } = {}): Promise<ContractExchange[][]> {
  const runs: ContractExchange[][] = []
  for (const name of names) {
    const api = createMockApi({ ...MOCK, baseUrl, ...(now ? { now } : {}) })
    await api.ready
    await TESTS[name]!(api, (who, workspace) => client(api, baseUrl, who, workspace))
    runs.push([...api.journal.entries])
  }
  return runs
}
