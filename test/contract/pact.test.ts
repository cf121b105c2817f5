/**
 * The consumer contract (src/contract/) from a consumer's suite run in this process (consumer-run.ts):
 * its interactions, provider states, matchers and exact values, no credential in it, and the same bytes
 * whatever the order of the exchanges, however they are split across workers, and from run to run (another
 * origin, another clock). Pact's verifier and PactFlow's comparator hold it: verifier.test.ts and
 * comparator.test.ts.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import operations, { fields } from '../../examples/extending/api-changes.ts'
import { EXAMPLE_TIME } from '../../src/contract/matchers.ts'
import { pactOf, pactText, type ContractExchange, type PactV4 } from '../../src/contract/pact.ts'
import type { PactInteraction } from '../../src/contract/pact-v4.ts'
import { consumerRun, MOCK, TESTS } from './consumer-run.ts'
import { kitOpenApiDocument } from '../../src/contract/kit-document.ts'

let runs: ContractExchange[][]
let pact: PactV4
let text: string

beforeAll(async () => {
  runs = await consumerRun()
  text = pactText({ exchanges: runs.flat(), mocks: [MOCK], consumer: 'web', provider: 'workspace-api', openapi: kitOpenApiDocument() })
  pact = JSON.parse(text) as PactV4
})

const interaction = (description: string): PactInteraction => {
  const found = pact.interactions.find((one) => one.description === description)
  if (!found) throw new Error(`no interaction "${description}" in ${pact.interactions.map((one) => one.description).join(' | ')}`)
  return found
}
const rulesOf = (one: PactInteraction) => one.response.matchingRules!.body ?? {}
const matcher = (one: PactInteraction, path: string) => rulesOf(one)[path]?.matchers[0]

describe('the pact of a consumer suite', () => {
  test('one interaction per operation, outcome and request shape, described in words; left out: the disconnect and requests the API does not take', () => {
    expect(pact.interactions.map((one) => one.description)).toEqual([
      'Create workspace: 200 OK (body description, domain, name)',
      'Create workspace: 422 Unprocessable Entity, invalid body.description, body.name (body description, name)',
      'Create workspace: 422 Unprocessable Entity, invalid body.name (body name)',
      'Get application: 200 OK',
      'Get application: 404 Not Found, application in another workspace',
      'Get workspace: 200 OK',
      'Get workspace: 404 Not Found, workspace of another organization',
      'Get workspace: 404 Not Found, workspace that does not exist',
      'Get workspace: 503 Service Unavailable, the operation fails',
      'List applications: 200 OK',
      'List applications: 200 OK (query current_page, page_size)',
      'List applications: 200 OK, past the last page (query current_page, page_size)',
      'List applications: 404 Not Found, workspace of another organization',
      'List applications: 422 Unprocessable Entity, invalid query.page_size (query page_size)',
      'List workspaces: 200 OK',
      'List workspaces: 401 Unauthorized, an API key no principal has',
      "List workspaces: 401 Unauthorized, an API secret that is not the key's",
      'List workspaces: 401 Unauthorized, without X-API-Key and X-API-Secret',
      'Update workspace: 200 OK (body name)',
    ])
    expect(pact).toMatchObject({
      consumer: { name: 'web' },
      provider: { name: 'workspace-api' },
      metadata: { pactSpecification: { version: '4.0' }, 'workspace-api-mock': { mocks: [MOCK] } },
    })
    for (const one of pact.interactions) expect(one).toMatchObject({ type: 'Synchronous/HTTP', pending: false })
  })

  test('provider states from the scenario, with the ids as parameters; the request takes the ids a state supplies from it', () => {
    const caller = runs[0]!.find((entry) => entry.why.caller.kind === 'authenticated')!.why.caller as { account: string; organization: string }
    const get = interaction('Get workspace: 200 OK')
    const workspace = runs[0]![1]!.params.workspaceId!
    expect(get.providerStates).toEqual([
      { name: 'a principal of an organization with a workspace', params: { account: caller.account, organization: caller.organization, workspace } },
    ])
    expect(get.request).toMatchObject({ method: 'GET', path: `/api/workspaces/${workspace}`, generators: { path: { type: 'ProviderState', expression: '/api/workspaces/${workspaceId}' } } })
    const other = interaction('Get workspace: 404 Not Found, workspace of another organization')
    expect(other.providerStates!.map((state) => state.name)).toEqual(['a principal of an organization', 'a workspace of another organization'])
    expect(other.request.generators!.path!.expression).toBe('/api/workspaces/${workspaceId}')
    // An id nobody has stays as it is: nothing supplies it.
    const missing = interaction('Get workspace: 404 Not Found, workspace that does not exist')
    expect(missing.providerStates![1]).toEqual({ name: 'no workspace has the id', params: { workspace: 'wse_00000000000000000000000000000000' } })
    expect(missing.request.generators!.path).toBeUndefined()
    const page = interaction('List applications: 200 OK (query current_page, page_size)')
    expect(page.providerStates![0]!.params).toMatchObject({ applications: 12 })
    expect(page.request.generators!.header!['X-Workspace-ID']).toEqual({ type: 'ProviderState', expression: '${workspaceId}', dataType: 'STRING' })
    expect(interaction('Get application: 200 OK').providerStates![0]!.name).toBe('a principal of an organization with a workspace and an application')
    expect(interaction('Get workspace: 503 Service Unavailable, the operation fails').providerStates![1]).toEqual({ name: 'the operation fails', params: { operation: 'getWorkspace', status: 503 } })
    expect(interaction('List workspaces: 401 Unauthorized, without X-API-Key and X-API-Secret').providerStates).toBeUndefined()
  })

  test('matchers from the schemas: ids with their prefix, timestamps, names, the $schema link; exact only where the request decided', () => {
    const get = interaction('Get workspace: 200 OK')
    expect(matcher(get, '$.data.id')).toEqual({ match: 'regex', regex: '^(?:wse|app)_[0-9a-f]+$' })
    expect(matcher(get, '$.data.organization')).toEqual({ match: 'regex', regex: '^(?:org)_[0-9a-f]+$' })
    expect(matcher(get, '$.data.created')).toEqual({ match: 'integer' })
    expect(matcher(get, '$.data.name')).toEqual({ match: 'type' })
    expect(matcher(get, '$.data.icons.base')!).toMatchObject({ match: 'regex' })
    expect(matcher(get, "$['$schema']")).toEqual({ match: 'regex', regex: '^https?://\\S*/schemas/SuccessResponseWorkspaceBody\\.json$' })
    expect(rulesOf(get)['$.success']).toBeUndefined()
    expect(get.response.body!.content).toMatchObject({ success: true })
    const page = interaction('List applications: 200 OK (query current_page, page_size)')
    expect(rulesOf(page)['$.current_page']).toBeUndefined()
    expect(rulesOf(page)['$.page_size']).toBeUndefined()
    expect(matcher(page, '$.total')).toEqual({ match: 'integer' })
    expect(matcher(page, '$.data')).toEqual({ match: 'type', min: 1 })
    expect((page.response.body!.content as { data: unknown[] }).data).toHaveLength(1)
    // Without the query, the page's numbers are the provider's defaults: matched by type.
    expect(matcher(interaction('List applications: 200 OK'), '$.page_size')).toEqual({ match: 'integer' })
    expect(matcher(interaction('List applications: 200 OK, past the last page (query current_page, page_size)'), '$.data')).toEqual({ match: 'type', min: 0 })
    const problem = interaction('Create workspace: 422 Unprocessable Entity, invalid body.description, body.name (body description, name)')
    expect(rulesOf(problem)['$.status']).toBeUndefined()
    expect(rulesOf(problem)['$.title']).toBeUndefined()
    expect(matcher(problem, '$.detail')).toEqual({ match: 'type' })
    const errors = matcher(problem, '$.errors') as { match: string; variants: Array<{ index: number; rules: Record<string, unknown> }> }
    expect(errors.match).toBe('arrayContains')
    expect(errors.variants.map((variant) => Object.keys(variant.rules))).toEqual([['$.message', '$.value'], ['$.message', '$.value']])
    expect((problem.response.body!.content as { errors: Array<{ location: string }> }).errors.map((error) => error.location).sort()).toEqual(['body.description', 'body.name'])
    expect(problem.response).toMatchObject({ status: 422, headers: { 'Content-Type': ['application/problem+json'] } })
  })

  test('no credential: the keys and secrets the suite sent are nowhere; the requests take them from the provider state', async () => {
    const api = createMockApi(MOCK)
    await api.ready
    for (const principal of api.principals) {
      expect(text).not.toContain(principal.apiKey)
      expect(text).not.toContain(principal.apiSecret)
    }
    expect(text).not.toContain('wam_key_nobody')
    expect(text).not.toContain('not-it')
    expect(text).not.toContain('[redacted]')
    expect(interaction('List workspaces: 200 OK').request).toMatchObject({
      headers: { 'X-API-Key': ['example-api-key'], 'X-API-Secret': ['example-api-secret'] },
      generators: { header: { 'X-API-Key': { expression: '${apiKey}' }, 'X-API-Secret': { expression: '${apiSecret}' } } },
    })
    expect(interaction('List workspaces: 401 Unauthorized, an API key no principal has').request.headers).toEqual({ 'X-API-Key': ['unknown-api-key'], 'X-API-Secret': ['wrong-api-secret'] })
    expect(interaction('List workspaces: 401 Unauthorized, without X-API-Key and X-API-Secret').request.headers).toBeUndefined()
  })
})

describe('deterministic', () => {
  /** A seeded shuffle (the same order every run). */
  function shuffled<T>(items: readonly T[], seed: number): T[] {
    const out = [...items]
    let state = seed
    for (let i = out.length - 1; i > 0; i--) {
      state = (state * 1103515245 + 12345) % 2 ** 31
      const j = state % (i + 1)
      ;[out[i], out[j]] = [out[j]!, out[i]!]
    }
    return out
  }

  test('the same exchanges in another order, or split across four workers and merged in any order, give the same bytes', () => {
    const all = runs.flat()
    expect(pactText({ exchanges: shuffled(all, 7), mocks: [MOCK, MOCK], consumer: 'web', provider: 'workspace-api', openapi: kitOpenApiDocument() })).toBe(text)
    const names = Object.keys(TESTS)
    const workers = [0, 1, 2, 3].map((worker) => runs.filter((_, index) => index % 4 === worker).flat())
    for (const order of [[3, 1, 0, 2], [2, 0, 3, 1]]) {
      const merged = order.flatMap((worker) => workers[worker]!)
      expect(pactText({ exchanges: merged, mocks: order.map(() => MOCK), consumer: 'web', provider: 'workspace-api', openapi: kitOpenApiDocument() })).toBe(text)
    }
    expect(names.length).toBeGreaterThan(4)
  })

  test('run after run: another origin and another clock give the same bytes (the document\'s origin, EXAMPLE_TIME for written timestamps)', async () => {
    const again = await consumerRun(Object.keys(TESTS), { baseUrl: 'http://127.0.0.1:39617', now: () => Date.now() + 86_400_000 })
    expect(pactText({ exchanges: again.flat(), mocks: [MOCK], consumer: 'web', provider: 'workspace-api', openapi: kitOpenApiDocument() })).toBe(text)
    const created = interaction('Create workspace: 200 OK (body description, domain, name)').response.body!.content as { data: { created: number; updated: number } }
    expect(created.data).toMatchObject({ created: EXAMPLE_TIME, updated: EXAMPLE_TIME })
    expect(text).not.toContain('39617')
    expect(text).toContain('http://127.0.0.1:4010/api/schemas/')
  })

  test('faults: false leaves out what an injected fault answered, and the state with it', () => {
    const without = pactText({ exchanges: runs.flat(), mocks: [MOCK], consumer: 'web', provider: 'workspace-api', faults: false, openapi: kitOpenApiDocument() })
    const descriptions = (JSON.parse(without) as PactV4).interactions.map((one) => one.description)
    expect(descriptions).toEqual(pact.interactions.map((one) => one.description).filter((words) => !words.includes('the operation fails')))
    expect(without).not.toContain('the operation fails')
  })

  test('given one example per outcome instead of every entry, it writes the same interactions', () => {
    const chosen = new Map<string, ContractExchange>()
    const withoutIds = (value: unknown) => JSON.stringify(value ?? null).replace(/[a-z]{3}_[0-9a-f]+/g, '')
    for (const exchange of runs.flat().reverse()) {
      const { why, body } = exchange
      chosen.set(withoutIds([exchange.operation, exchange.status, why.decision, why.caller, exchange.url, body && Object.keys(body), why.profile?.pastTheEnd]), exchange)
    }
    const fewer = pactOf({ exchanges: [...chosen.values()], mocks: [MOCK], openapi: kitOpenApiDocument() })
    expect(chosen.size).toBeLessThan(runs.flat().length)
    expect(fewer.interactions.map((one) => one.description)).toEqual(pact.interactions.map((one) => one.description))
  })
})

test('operations and fields of your own: with the document the mock serves, their interactions and matchers; without it, left out', async () => {
  const origin = 'https://own.example.test'
  const api = createMockApi({ ...MOCK, baseUrl: origin, operations, fields })
  await api.ready
  const send = async (path: string, init: RequestInit = {}) => (await api.handle(new Request(`${origin}${path}`, init)))!
  const auth = { 'X-API-Key': api.principals[0]!.apiKey, 'X-API-Secret': api.principals[0]!.apiSecret }
  const workspace = (await (await send('/api/workspaces', { headers: auth })).json()).data[0].id
  await send('/api/applications', { headers: { ...auth, 'X-Workspace-ID': workspace } })
  expect((await send(`/api/workspaces/${workspace}`, { method: 'DELETE', headers: auth })).status).toBe(204)
  const openapi = await (await send('/api/openapi.json')).json()
  const own = pactOf({ exchanges: api.journal.entries.filter((entry) => entry.operation !== 'getOpenApiJson'), openapi })
  expect(own.interactions.map((one) => one.description)).toEqual(['Delete workspace: 204 No Content', 'List applications: 200 OK', 'List workspaces: 200 OK'])
  const deleted = own.interactions[0]!
  expect(deleted.providerStates![0]).toMatchObject({ name: 'a principal of an organization with a workspace', params: { workspace } })
  expect(deleted.request.generators!.path!.expression).toBe('/api/workspaces/${workspaceId}')
  expect(deleted.response).toEqual({ status: 204 })
  expect(own.interactions[1]!.response.matchingRules!.body!['$.data[*].status']).toEqual({ combine: 'AND', matchers: [{ match: 'type' }] })
  const kits = pactOf({ exchanges: api.journal.entries, openapi: kitOpenApiDocument() })
  expect(kits.interactions.map((one) => one.description)).toEqual(['List applications: 200 OK', 'List workspaces: 200 OK'])
})
