/**
 * Requests through `api.handle` (no MSW server): for the model's tests, which each build their own mock inside
 * the test, so that the store's construction, loads and hooks run inside the test that checks them.
 */
import {
  createMockApi,
  type Credentials,
  type MockApi,
  type MockApiOptions,
  type Scenario,
  type Workspace,
} from '../../src/index.ts'

export const ORIGIN = 'https://model.test'

export interface Answer {
  status: number
  body: any
}

export interface CallInit {
  method?: string
  json?: unknown
  /** Sets X-Workspace-ID. */
  workspace?: string
  /** Whose credentials to send. Default: the mock's first principal. */
  as?: Credentials
}

/** Starts the request at once (the dispatcher answers synchronously once it is loaded) and reads the answer. */
export function call(api: MockApi, path: string, init: CallInit = {}): Promise<Answer> {
  const who = init.as ?? api.credentials
  const headers: Record<string, string> = { 'X-API-Key': who.apiKey, 'X-API-Secret': who.apiSecret }
  if (init.workspace) headers['X-Workspace-ID'] = init.workspace
  if (init.json !== undefined) headers['Content-Type'] = 'application/json'
  const request = new Request(`${ORIGIN}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
  return api.handle(request).then(async (response) => {
    if (!response) throw new Error(`no answer for ${path}`)
    return { status: response.status, body: await response.json() }
  })
}

/** A mock over `scenario` on ORIGIN, loaded, with its dispatcher made (so requests start synchronously). */
export async function mock(scenario: MockApiOptions['scenario'], options: MockApiOptions = {}): Promise<MockApi> {
  const api = createMockApi({ baseUrl: ORIGIN, scenario, seed: 7, ...options })
  await api.ready
  expect200(await call(api, '/api/workspaces'))
  return api
}

export function expect200(answer: Answer): Answer {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer
}

/** The ids the API lists for the first principal's organization. */
export async function listedIds(api: MockApi, as?: Credentials): Promise<string[]> {
  return expect200(await call(api, '/api/workspaces', { as })).body.data.map((w: Workspace) => w.id)
}

/** One organization, one principal, one workspace with two applications. */
export const oneWorkspace: Scenario = (kit) => {
  const organization = kit.organization()
  kit.principal(organization)
  kit.applications(kit.workspace(organization), 2)
}

/** One organization, one principal, one workspace without applications. */
export const bareWorkspace: Scenario = (kit) => {
  const organization = kit.organization()
  kit.principal(organization)
  kit.workspace(organization)
}
