/**
 * Collecting coverage (src/coverage/collector.ts) through real requests: `fetch` against MSW's
 * `setupServer` over the mocks' handlers. What the collector counts is what the requests reached, outcome
 * by outcome; it does not depend on the journal's limit or on `reset()`; a mock answers the same with
 * coverage on or off, and off it pays nothing; the examples are one per outcome and request shape, with
 * their secrets redacted and their bodies bounded.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { tapCoverage } from '../../src/api/coverage-tap.ts'
import { servedSurfaceOf, recordingJournalOf } from '../../src/api/internals.ts'
import { CoverageCollector, startProcessCoverage } from '../../src/coverage/collector.ts'
import type { CoverageDocument } from '../../src/coverage/document.ts'
import { MAX_SHAPES } from '../../src/coverage/example.ts'
import { parseCoverage } from '../../src/coverage/read.ts'
import { coverageJson } from '../../src/coverage/report-text.ts'
import { processCoverage, setProcessCoverage } from '../../src/coverage/switch.ts'
import { createMockApi, type MockApi } from '../../src/index.ts'

const NOW = () => Date.UTC(2026, 0, 1)

/** A mock answering on its own origin, collected by `collector`. */
function covered(collector: CoverageCollector, origin: string, options: Parameters<typeof createMockApi>[0] = {}): MockApi {
  const api = createMockApi({ baseUrl: origin, now: NOW, ...options })
  tapCoverage(api, collector.attach({ surface: servedSurfaceOf(api), scenario: String(options.scenario ?? 'demo'), seed: api.seed }))
  return api
}

const auth = (api: MockApi, extra: Record<string, string> = {}) => ({ 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, ...extra })
const reached = (document: CoverageDocument) => Object.fromEntries(document.outcomes.filter((o) => o.count > 0).map((o) => [`${o.operation ?? '(routing)'} ${o.outcome}`, o.count]))

/**
 * The requests of a suite that reaches every kind of outcome: the tenants' mock (multi-tenant, faults, an
 * override, a reset half-way) and the pages' (paging, a journal that keeps nothing).
 */
async function theSuite(tenants: MockApi, pages: MockApi): Promise<void> {
  const t = 'http://tenants.test/api'
  const other = tenants.principals.find((principal) => principal.organization !== tenants.principals[0]!.organization)!
  const theirs = tenants.db.workspaces.findMany((q) => q.where({ organization: other.organization }))[0]!.id
  const json = auth(tenants, { 'Content-Type': 'application/json' })
  await fetch(`${t}/workspaces`, { headers: auth(tenants) })
  await fetch(`${t}/workspaces`)
  await fetch(`${t}/workspaces`, { headers: { 'X-API-Key': 'nobody', 'X-API-Secret': 'x' } })
  await fetch(`${t}/workspaces`, { headers: { 'X-API-Key': tenants.credentials.apiKey, 'X-API-Secret': 'wrong' } })
  await fetch(`${t}/workspaces/${theirs}`, { headers: auth(tenants) })
  await fetch(`${t}/workspaces/wse_${'0'.repeat(32)}`, { headers: auth(tenants) })
  await fetch(`${t}/workspaces`, { method: 'POST', headers: json, body: JSON.stringify({ extra: 1 }) })
  await fetch(`${t}/workspaces`, { method: 'POST', headers: json, body: '{not json' })
  await fetch(`${t}/workspaces`, { method: 'POST', headers: json, body: 'x'.repeat(1024 * 1024 + 1) })
  await fetch(`${t}/workspaces`, { method: 'POST', headers: auth(tenants, { 'Content-Type': 'text/plain' }), body: 'name' })
  await tenants.reset()
  await fetch(`${t}/workspaces`, { method: 'DELETE', headers: auth(tenants) })
  await fetch(`${t}/nothing`, { headers: auth(tenants) })
  await fetch(`${t}/workspaces?q=${'a'.repeat(9000)}`, { headers: auth(tenants) })
  tenants.faults.fail('getWorkspace', { status: 503, times: 1 })
  tenants.faults.rateLimit('listWorkspaces', { requests: 0 })
  tenants.faults.latency('getApplication', 1)
  tenants.faults.disconnect('updateWorkspace')
  tenants.override('createWorkspace', () => new Response(null, { status: 418 }))
  await fetch(`${t}/workspaces/${theirs}`, { headers: auth(tenants) })
  await fetch(`${t}/workspaces`, { headers: auth(tenants) })
  await fetch(`${t}/applications/app_${'0'.repeat(32)}`, { headers: auth(tenants, { 'X-Workspace-ID': tenants.snapshot().workspaces[0]!.id }) })
  await expect(fetch(`${t}/workspaces/${theirs}`, { method: 'PUT', headers: json, body: '{}' })).rejects.toThrow()
  await fetch(`${t}/workspaces`, { method: 'POST', headers: json, body: '{"name":"x"}' })
  const p = 'http://pages.test/api/applications'
  const scope = auth(pages, { 'X-Workspace-ID': pages.snapshot().workspaces[0]!.id })
  for (const query of ['', '?current_page=5', '?current_page=124', '?current_page=999&page_size=100', '?page_size=100']) await fetch(`${p}${query}`, { headers: scope })
}

describe('what a suite did, counted by outcome', () => {
  const collector = new CoverageCollector()
  // Not contract-strict: the override's 418 has no problem body.
  const tenants = covered(collector, 'http://tenants.test', { scenario: 'multi-tenant', seed: 7, strict: false })
  const pages = covered(collector, 'http://pages.test', { scenario: 'paging', seed: 3, journalLimit: 0 })
  const server = setupServer(...tenants.handlers, ...pages.handlers)
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' })
    await Promise.all([tenants.ready, pages.ready])
  })
  afterAll(() => server.close())

  test('each request reaches the outcomes its why says; reset and a journal that keeps nothing change nothing', async () => {
    await theSuite(tenants, pages)
    const document = collector.document()
    expect(reached(document)).toEqual({
      'listWorkspaces 200': 1,
      'listWorkspaces 401:missing-header': 1,
      'listWorkspaces 401:unknown-key': 1,
      'listWorkspaces 401:secret-mismatch': 1,
      'listWorkspaces fault:429': 1,
      'createWorkspace 400': 1,
      'createWorkspace 413': 1,
      'createWorkspace 415': 1,
      'createWorkspace 422:body.name': 1,
      'createWorkspace 422:body.*': 1,
      'getWorkspace 404:workspaces:other-organization': 1,
      'getWorkspace 404:workspaces:not-found': 1,
      'getWorkspace fault:503': 1,
      'updateWorkspace fault:disconnect': 1,
      'listApplications 200': 5,
      'listApplications page:first': 2,
      'listApplications page:middle': 1,
      'listApplications page:last': 1,
      'listApplications page:past-the-end': 1,
      'listApplications page_size:min': 3,
      'listApplications page_size:max': 2,
      'getApplication 404:applications:not-found': 1,
      'getApplication fault:latency': 1,
      '(routing) 404:no-operation': 1,
      '(routing) 405': 1,
      '(routing) 414': 1,
    })
    expect(document.others).toEqual([{ operation: 'createWorkspace', outcome: 'override:418', count: 1 }])
    // The paging edge is the journal's `why.page`: the page past the end of 1,234 applications, 100 a page.
    expect(document.examples.find((example) => example.outcomes.includes('page:past-the-end'))!.entry.why.page).toEqual({ currentPage: 999, pageSize: 100, total: 1234 })
    expect(document.requests).toBe(23)
    expect(document.mocks).toEqual([{ scenario: 'multi-tenant', seed: 7, requests: 18 }, { scenario: 'paging', seed: 3, requests: 5 }])
    expect(document.operations.find((operation) => operation.name === 'listApplications')).toEqual({ name: 'listApplications', method: 'GET', path: '/api/applications', requests: 5 })
    expect(document.summary).toMatchObject({ requests: 23, operations: { reached: 6, total: 6 }, outcomes: { reached: 26, total: 95 } })
    // What the file says is what is read back.
    expect(parseCoverage(coverageJson(document), 'the document')).toEqual(document)
  })
})

describe('examples', () => {
  const collector = new CoverageCollector()
  const api = covered(collector, 'http://examples.test', { seed: 11 })
  const server = setupServer(...api.handlers)
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' })
    await api.ready
  })
  afterAll(() => server.close())
  const create = (body: unknown) => fetch('http://examples.test/api/workspaces', { method: 'POST', headers: auth(api, { 'Content-Type': 'application/json' }), body: JSON.stringify(body) })

  test('one per outcome and request shape, as the journal shows it without secrets, origin or transport headers', async () => {
    await create({ name: 'a' })
    await create({ name: 'b', description: 'x' })
    await create({ name: 'c' })
    const examples = collector.document().examples.filter((example) => example.operation === 'createWorkspace')
    expect(examples.map((example) => [example.outcomes, example.shape])).toEqual([
      [['200'], 'body {description:text,name:text}'],
      [['200'], 'body {name:text}'],
    ])
    const { entry } = examples[1]!
    expect(entry).toMatchObject({ method: 'POST', url: '/api/workspaces', path: '/api/workspaces', body: { name: 'a' }, status: 200 })
    expect(entry.responseHeaders).toEqual({ 'content-type': 'application/json', link: '</api/schemas/SuccessResponseWorkspaceBody.json>; rel="describedBy"' })
    expect(entry.headers).toEqual({ accept: '*/*', 'content-type': 'application/json', 'x-api-key': api.credentials.apiKey, 'x-api-secret': '[redacted]' })
    expect(JSON.stringify(examples)).not.toContain(api.credentials.apiSecret)
    expect(entry.why).toMatchObject({ decision: { kind: 'operation' }, written: [{ collection: 'workspaces', count: 1 }] })
    expect(examples[0]!.mock).toEqual({ scenario: 'demo', seed: 11 })
  })

  test(`at most ${MAX_SHAPES} shapes an outcome; a body over the limit is a note; a body with __proto__ is counted, never kept`, async () => {
    for (const query of 'abcdefghij') await fetch(`http://examples.test/api/workspaces?${query}=1`, { headers: auth(api) })
    await create({ name: 'long', description: 'd'.repeat(40_000) })
    await fetch('http://examples.test/api/workspaces', { method: 'POST', headers: auth(api, { 'Content-Type': 'application/json' }), body: '{"__proto__":{"polluted":1},"name":"p"}' })
    const document = collector.document()
    expect(document.examples.filter((example) => example.operation === 'listWorkspaces')).toHaveLength(MAX_SHAPES)
    const long = document.examples.find((example) => example.shape === 'body {description:text,name:text}' && JSON.stringify(example).includes('characters of JSON'))
    expect(long).toBeUndefined()
    expect(document.outcomes.find((o) => o.operation === 'createWorkspace' && o.outcome === '422:body.*')!.count).toBe(1)
    expect(document.examples.some((example) => example.outcomes.includes('422:body.*'))).toBe(false)
    expect(() => parseCoverage(coverageJson(document), 'the document')).not.toThrow()
  })

  test('the shape tells the body\'s types and the headers left out; the answer tells a 422\'s locations, a fault\'s kind, a refusal\'s missing headers', async () => {
    const own = new CoverageCollector()
    const api = covered(own, 'http://shapes.test', { seed: 4 })
    server.use(...api.handlers)
    await api.ready
    const post = (body: unknown, headers = auth(api)) => fetch('http://shapes.test/api/workspaces', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    // One outcome (422 at body.name), one top member: three examples, by type and by the other locations.
    await post({ name: '' })
    await post({ name: 7 })
    await post({ name: '', description: 5 })
    await post({ name: 'x', description: 5 })
    // One outcome (401 for a missing header): which header is missing is the shape's, or the answer's.
    await fetch('http://shapes.test/api/workspaces', { headers: { 'X-API-Key': api.credentials.apiKey } })
    await fetch('http://shapes.test/api/workspaces')
    await fetch('http://shapes.test/api/workspaces', { headers: { 'X-API-Key': '', 'X-API-Secret': 'x' } })
    await fetch('http://shapes.test/api/workspaces', { headers: { 'X-API-Key': 'x', 'X-API-Secret': '' } })
    // One outcome (fault:429): a rate limit and a failure of that status.
    api.faults.rateLimit('listWorkspaces', { requests: 0 })
    await fetch('http://shapes.test/api/workspaces', { headers: auth(api) })
    api.faults.clear()
    api.faults.fail('listWorkspaces', { status: 429, times: 1 })
    await fetch('http://shapes.test/api/workspaces', { headers: auth(api) })
    const { examples } = own.document()
    const of = (outcome: string) => examples.filter((example) => example.outcomes.includes(outcome)).map((example) => [example.shape, JSON.stringify(example.entry.body ?? null)])
    expect(of('422:body.name')).toEqual([
      ['body {description:number,name:text}', '{"name":"","description":5}'],
      ['body {name:number}', '{"name":7}'],
      ['body {name:text}', '{"name":""}'],
    ])
    expect(of('422:body.description').map(([shape]) => shape)).toEqual(['body {description:number,name:text}', 'body {description:number,name:text}'])
    expect(of('401:missing-header').map(([shape]) => shape)).toEqual(['no X-API-Key no X-API-Secret', 'no X-API-Secret', 'plain', 'plain'])
    expect(examples.filter((example) => example.outcomes.includes('fault:429')).map((example) => (example.entry.why.decision as { fault: { type: string } }).fault.type).sort()).toEqual(['fail', 'rateLimit'])
  })

  test('a response body over 32 KiB of JSON is kept as a note that says so', async () => {
    const own = new CoverageCollector()
    const big = covered(own, 'http://big.test', { scenario: 'scale:60x0', seed: 2 })
    server.use(...big.handlers)
    await big.ready
    await fetch('http://big.test/api/workspaces', { headers: auth(big) })
    const [example] = own.document().examples
    expect(example!.entry.responseBody).toMatch(/^\[\d+ characters of JSON, over the example's limit\]$/)
  })
})

describe('on and off', () => {
  const sequence = async (api: MockApi, origin: string) => {
    const answers: string[] = []
    const json = auth(api, { 'Content-Type': 'application/json' })
    const requests: Array<[string, RequestInit]> = [
      ['/api/workspaces', { headers: auth(api) }],
      ['/api/workspaces', { method: 'POST', headers: json, body: '{"name":"n","description":"d"}' }],
      ['/api/workspaces', { method: 'POST', headers: json, body: '{"extra":true}' }],
      [`/api/workspaces/wse_${'f'.repeat(32)}`, { headers: auth(api) }],
      ['/api/workspaces', {}],
      ['/api/applications?page_size=100', { headers: auth(api, { 'X-Workspace-ID': api.snapshot().workspaces[0]!.id }) }],
    ]
    for (const [path, init] of requests) {
      const response = await fetch(`${origin}${path}`, init)
      answers.push(`${response.status} ${JSON.stringify([...response.headers])} ${await response.text()}`)
    }
    return answers
  }

  test('a mock answers the same, byte for byte, with coverage on or off', async () => {
    // Origins of the same length: the answers name them.
    const off = createMockApi({ seed: 5, now: NOW, baseUrl: 'http://off.test' })
    const on = covered(new CoverageCollector(), 'http://onn.test', { seed: 5 })
    const server = setupServer(...off.handlers, ...on.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      await Promise.all([off.ready, on.ready])
      const [a, b] = [await sequence(off, 'http://off.test'), await sequence(on, 'http://onn.test')]
      const differing = b.map((answer) => answer.replaceAll('onn.test', 'off.test')).filter((answer, index) => answer !== a[index])
      expect(differing.map((answer) => answer.slice(0, 300))).toEqual([])
    } finally {
      server.close()
    }
  })

  test('off, a mock records into its journal directly; the process\'s switch taps mocks made after it, not before', () => {
    expect(processCoverage()).toBeUndefined()
    const before = createMockApi()
    expect(recordingJournalOf(before)).toBe(before.journal)
    const collector = startProcessCoverage()
    try {
      expect(startProcessCoverage()).toBe(collector)
      const after = createMockApi({ scenario: 'empty', seed: 9 })
      expect(recordingJournalOf(after)).not.toBe(after.journal)
      expect(recordingJournalOf(before)).toBe(before.journal)
      expect(collector.drain()?.mocks).toEqual([{ scenario: 'empty', seed: 9, requests: 0 }])
      expect(collector.drain()).toBeUndefined()
    } finally {
      setProcessCoverage(undefined)
    }
  })
})
