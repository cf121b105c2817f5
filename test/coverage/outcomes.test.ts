/**
 * The outcomes that exist (src/coverage/outcomes.ts): derived from each operation's definition, they hold
 * the statuses the mock's own OpenAPI document declares, operation by operation, for the spec's six, the
 * presets and an operation of one's own; and every topic they name is a heading of docs/spec-decisions.md.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { servedSurfaceOf } from '../../src/api/internals.ts'
import { KIT_OPERATIONS } from '../../src/coverage/order.ts'
import { PRESET_TOPIC, universeOf } from '../../src/coverage/outcomes.ts'
import { publishedOperations } from '../../src/handlers/definitions/operations/published.ts'
import { TOPIC } from '../../src/handlers/decision-topics.ts'
import { createMockApi, defineOperation, identifierParameter, unshownOperations } from '../../src/index.ts'
import { z } from '../../src/model/zod.ts'

const report = defineOperation({
  name: 'getReport',
  method: 'GET',
  path: '/api/reports/{reportId}',
  params: { reportId: identifierParameter },
  query: { format: z.optional(z.enum(['pdf', 'csv'])) },
  statuses: [404, 409],
  response: { shape: 'item', record: { name: 'Report', schema: z.object({ id: z.string() }) } },
  run: ({ params }) => ({ id: params.reportId }),
})

const outcomesOf = (api: ReturnType<typeof createMockApi>, operation: string | null) =>
  universeOf(servedSurfaceOf(api)).outcomes.filter((outcome) => outcome.operation === operation).map((outcome) => outcome.outcome)

/** The status an outcome answers with; none for latency and the page edges (they come with the answer). */
function statusOf(outcome: string): number | undefined {
  const head = outcome.split(':')[0]!
  if (head === 'fault') return /^\d+$/.test(outcome.slice(6)) ? Number(outcome.slice(6)) : undefined
  return /^\d+$/.test(head) ? Number(head) : undefined
}

describe('the outcomes that exist', () => {
  test('the spec\'s six, by name: success, 401 by reason, 404 by reason, the body\'s statuses, 422 by location, faults, paging', () => {
    const api = createMockApi()
    expect(outcomesOf(api, 'listWorkspaces')).toEqual(['200', '401:missing-header', '401:unknown-key', '401:secret-mismatch', 'fault:500', 'fault:503', 'fault:429', 'fault:disconnect', 'fault:latency'])
    expect(outcomesOf(api, 'createWorkspace')).toEqual([
      '200', '401:missing-header', '401:unknown-key', '401:secret-mismatch', '400', '413', '415',
      '422:body', '422:body.name', '422:body.description', '422:body.domain', '422:body.*',
      'fault:500', 'fault:503', 'fault:429', 'fault:disconnect', 'fault:latency',
    ])
    expect(outcomesOf(api, 'getWorkspace')).toContain('404:workspaces:other-organization')
    expect(outcomesOf(api, 'updateWorkspace')).toEqual(expect.arrayContaining(['422:path.workspaceId', '422:body.name', '422:body.description', '422:body.*']))
    expect(outcomesOf(api, 'updateWorkspace')).not.toContain('422:body.domain')
    expect(outcomesOf(api, 'listApplications')).toEqual([
      '200', '401:missing-header', '401:unknown-key', '401:secret-mismatch', '404:workspaces:not-found', '404:workspaces:other-organization',
      '422:header.X-Workspace-ID', '422:query.current_page', '422:query.page_size',
      'fault:500', 'fault:503', 'fault:429', 'fault:disconnect', 'fault:latency',
      'page:first', 'page:middle', 'page:last', 'page:past-the-end', 'page_size:min', 'page_size:max',
    ])
    expect(outcomesOf(api, 'getApplication')).toEqual(expect.arrayContaining(['404:applications:not-found', '404:applications:outside-workspace', '422:path.applicationId']))
    expect(outcomesOf(api, null)).toEqual(['404:no-operation', '405', '414'])
    expect(universeOf(servedSurfaceOf(api)).outcomes).toHaveLength(95)
  })

  test('an operation of one\'s own: its parameters\' locations, its own 404 and 409, no topic where the decisions page decides nothing', () => {
    const api = createMockApi({ operations: [report] })
    expect(outcomesOf(api, 'getReport')).toEqual(['200', '401:missing-header', '401:unknown-key', '401:secret-mismatch', '404', '409', '422:path.reportId', '422:query.format', 'fault:500', 'fault:503', 'fault:429', 'fault:disconnect', 'fault:latency'])
    const topics = Object.fromEntries(universeOf(servedSurfaceOf(api)).outcomes.filter((o) => o.operation === 'getReport').map((o) => [o.outcome, o.topic]))
    expect(topics).toMatchObject({ '200': null, '409': null, '422:path.reportId': null, '401:unknown-key': TOPIC.auth, 'fault:429': TOPIC.rateLimits })
  })

  test.each([
    ['the spec\'s six', {}],
    ['the presets and an operation of one\'s own', { operations: [...unshownOperations, report] }],
  ])('%s: per operation, the statuses of the outcomes are those the mock\'s OpenAPI document declares (414 by routing)', async (_, options) => {
    const api = createMockApi(options)
    const document = (await (await api.handle(new Request('http://localhost/api/openapi.json')))!.json()) as { paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>> }
    const declared = new Map<string, number[]>()
    for (const item of Object.values(document.paths)) for (const operation of Object.values(item)) if (operation.operationId) declared.set(operation.operationId, Object.keys(operation.responses).map(Number).sort())
    const universe = universeOf(servedSurfaceOf(api))
    expect(universe.operations.map((operation) => operation.name).sort()).toEqual([...declared.keys()].sort())
    for (const [operation, statuses] of declared) {
      const derived = new Set(outcomesOf(api, operation).map(statusOf).filter((status) => status !== undefined))
      expect([...derived, 414].sort(), operation).toEqual(statuses)
    }
  })

  test('the presets the outcomes name are the presets; the reports\' order is the spec\'s operations as published, then the presets', () => {
    expect(Object.keys(PRESET_TOPIC).sort()).toEqual(unshownOperations.map((operation) => operation.name).sort())
    expect(KIT_OPERATIONS).toEqual([...publishedOperations, ...unshownOperations].map((operation) => operation.name))
  })

  test('every topic named is a heading of docs/spec-decisions.md', () => {
    const headings = new Set([...readFileSync(new URL('../../docs/spec-decisions.md', import.meta.url), 'utf8').matchAll(/^### (.+)$/gm)].map((match) => match[1]))
    const api = createMockApi({ operations: [...unshownOperations, report] })
    const named = new Set([...Object.values(TOPIC), ...universeOf(servedSurfaceOf(api)).outcomes.flatMap((outcome) => (outcome.topic ? [outcome.topic] : []))])
    expect([...named].filter((topic) => !headings.has(topic))).toEqual([])
  })
})
