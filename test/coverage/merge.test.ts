/**
 * Merging coverage documents (src/coverage/assemble.ts): the same result whatever the order of the
 * documents, and in steps as at once; an outcome one document answered outside its own and another has
 * among its own counts where it exists; the summary says the holes in words, largest first.
 */
import { describe, expect, test } from 'vitest'
import { tapCoverage } from '../../src/api/coverage-tap.ts'
import { servedSurfaceOf } from '../../src/api/internals.ts'
import { CoverageMerger, documentOf, mergeCoverage } from '../../src/coverage/assemble.ts'
import { CoverageCollector } from '../../src/coverage/collector.ts'
import type { CoverageDocument } from '../../src/coverage/document.ts'
import { universeOf } from '../../src/coverage/outcomes.ts'
import { createMockApi, unshownOperations } from '../../src/index.ts'

/** What one test file's mock answered: the requests `paths` (method and path) sent with its credentials. */
async function documentOfRun(seed: number, requests: ReadonlyArray<[string, string, unknown?]>, options: Parameters<typeof createMockApi>[0] = {}): Promise<CoverageDocument> {
  const collector = new CoverageCollector()
  const api = createMockApi({ seed, strict: false, now: () => 0, ...options })
  tapCoverage(api, collector.attach({ surface: servedSurfaceOf(api), scenario: 'demo', seed }))
  await api.ready
  const workspace = api.snapshot().workspaces[0]!.id
  for (const [method, path, body] of requests) {
    const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'X-Workspace-ID': workspace, 'Content-Type': 'application/json' }
    await api.handle(new Request(`http://localhost${path.replace('{workspace}', workspace)}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
  }
  return collector.document()
}

const permutations = <T>(items: readonly T[]): T[][] => (items.length <= 1 ? [[...items]] : items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest])))

describe('merging', () => {
  test('any order, and in steps as at once: the same document, byte for byte', async () => {
    const documents = [
      await documentOfRun(1, [['GET', '/api/workspaces'], ['POST', '/api/workspaces', { name: 'a' }], ['GET', '/api/applications?page_size=100']]),
      await documentOfRun(2, [['GET', '/api/workspaces?x=1'], ['POST', '/api/workspaces', { name: 'b', description: 'c' }], ['POST', '/api/workspaces', {}]]),
      await documentOfRun(1, [['GET', '/api/workspaces'], ['GET', '/api/workspaces/{workspace}'], ['DELETE', '/api/workspaces/{workspace}']], { operations: unshownOperations }),
      await documentOfRun(3, [['PUT', '/api/workspaces/{workspace}', { domain: 'x' }], ['GET', '/api/applications?current_page=99']]),
    ]
    const once = JSON.stringify(mergeCoverage(documents))
    for (const order of permutations(documents)) expect(JSON.stringify(mergeCoverage(order))).toBe(once)
    expect(JSON.stringify(mergeCoverage([mergeCoverage([documents[3]!, documents[0]!]), mergeCoverage([documents[2]!, documents[1]!])]))).toBe(once)
    const merger = new CoverageMerger()
    for (const document of documents) merger.add(document)
    expect(JSON.stringify(merger.result())).toBe(once)
    const merged = JSON.parse(once) as CoverageDocument
    expect(merged.requests).toBe(11)
    expect(merged.mocks).toEqual([{ scenario: 'demo', seed: 1, requests: 6 }, { scenario: 'demo', seed: 2, requests: 3 }, { scenario: 'demo', seed: 3, requests: 2 }])
    // The presets' operations exist once a document has them; the 204 of deleteWorkspace was answered.
    expect(merged.outcomes.find((o) => o.operation === 'deleteWorkspace' && o.outcome === '204')!.count).toBe(1)
    expect(merged.outcomes.find((o) => o.operation === 'listWorkspaces' && o.outcome === '200')!.count).toBe(3)
    // Two shapes of listWorkspaces' 200 (with and without a query), one example each.
    expect(merged.examples.filter((e) => e.operation === 'listWorkspaces').map((e) => e.shape)).toEqual(['?x X-Workspace-ID', 'X-Workspace-ID'])
  })

  test('what one document answered outside its outcomes counts where another has that outcome', () => {
    const empty = documentOf({ requests: 0, mocks: [], operations: [], outcomes: [], others: [], examples: [] })
    const outside: CoverageDocument = { ...empty, requests: 2, others: [{ operation: 'deleteWorkspace', outcome: '204', count: 2 }] }
    const within: CoverageDocument = { ...empty, outcomes: [{ operation: 'deleteWorkspace', outcome: '204', topic: 'Delete workspace (preset)', count: 0 }] }
    for (const order of [[outside, within], [within, outside]]) {
      const merged = mergeCoverage(order)
      expect(merged.outcomes).toEqual([{ operation: 'deleteWorkspace', outcome: '204', topic: 'Delete workspace (preset)', count: 2 }])
      expect(merged.others).toEqual([])
      expect(merged.summary.outcomes).toEqual({ reached: 1, total: 1 })
    }
  })
})

describe('the summary', () => {
  test('the holes in words, largest first: an outcome missing on every operation is said once', () => {
    const universe = universeOf(servedSurfaceOf(createMockApi()))
    const missing = (operation: string | null, outcome: string) =>
      (outcome === '422:body.name' && operation === 'createWorkspace') || outcome === '404:workspaces:other-organization' || outcome === 'fault:429'
    const outcomes = universe.outcomes.map((outcome) => ({ ...outcome, count: missing(outcome.operation, outcome.outcome) ? 0 : 1 }))
    const document = documentOf({ requests: 89, mocks: [], operations: universe.operations.map((o) => ({ ...o, requests: 1 })), outcomes, others: [], examples: [] })
    expect(document.summary.holes).toEqual(['429', "a 404 of another organization's workspace on any operation", '422 on createWorkspace (body.name)'])
    expect(document.summary).toMatchObject({ operations: { reached: 6, total: 6 }, outcomes: { reached: 84, total: 95 }, topics: { reached: 11, total: 13 }, topicsNotReached: ['Rate limits, versioning, events', 'Tenant scoping'] })
    const tenancy = outcomes.map((outcome) => (outcome.outcome === '404:workspaces:other-organization' && outcome.operation === 'getWorkspace' ? { ...outcome, count: 1 } : outcome))
    expect(documentOf({ requests: 1, mocks: [], operations: [], outcomes: tenancy, others: [], examples: [] }).summary.holes[1]).toBe(
      "a 404 of another organization's workspace on updateWorkspace, listApplications and getApplication",
    )
  })
})
