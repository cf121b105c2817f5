/**
 * What `--operations-out` keeps of a run's answers (src/verify/found.ts): the records of success answers to
 * the operations that answer records, once each, within 16 MiB of answer text; the routes the service has
 * where the mock answers 405; and the target's OpenAPI document.
 */
import { expect, test } from 'vitest'
import { servedSurfaceOf } from '../../src/api/internals.ts'
import { createMockApi } from '../../src/index.ts'
import type { Answer } from '../../src/verify/client.ts'
import { foundOfRun } from '../../src/verify/found.ts'
import type { Probe } from '../../src/verify/probes.ts'

const surface = servedSurfaceOf(createMockApi({ scenario: 'empty' }))
const probe = (id: string, operation?: string): Probe => ({ id, ...(operation && { operation }), request: () => undefined, checks: {} })
const answer = (status: number, json: unknown, text = JSON.stringify(json)): Answer => ({ status, headers: new Headers(), text, json })
const get = (path: string) => ({ method: 'GET', path, auth: 'valid' as const })

test('records once each, of success answers to operations that answer records, within 16 MiB of answer text', () => {
  const found = foundOfRun('https://service.test')
  const page = (ids: string[], text?: string) => answer(200, { data: ids.map((id) => ({ id, tier: 'gold' })) }, text)
  found.onTargetAnswer(probe('paging.defaults', 'listApplications'), get('/api/applications'), page(['app_1', 'app_2']))
  found.onTargetAnswer(probe('paging.at-min', 'listApplications'), get('/api/applications?page_size=10'), page(['app_2', 'app_3']))
  found.onTargetAnswer(probe('workspaces.get', 'getWorkspace'), get('/api/workspaces/wse_1'), answer(200, { data: { id: 'wse_1' } }))
  found.onTargetAnswer(probe('workspaces.get-unknown', 'getWorkspace'), get('/api/workspaces/wse_0'), answer(404, { data: { id: 'wse_0' } }))
  found.onTargetAnswer(probe('paths.unknown'), get('/api/nothing-here'), answer(200, { data: { id: 'x' } }))
  // Answers as long as the bound: the first is kept whole, the next no more.
  const long = 'x'.repeat(16 * 1024 * 1024 - 1000)
  found.onTargetAnswer(probe('sample', 'listApplications'), get('/api/applications?page_size=100'), page(['app_4'], long))
  found.onTargetAnswer(probe('sample', 'listApplications'), get('/api/applications?page_size=100'), page(['app_5'], long))
  const { records } = found.findings(surface, [])
  expect(records.map((row) => [row.record, row.values.id, row.seen])).toEqual([
    ['application', 'app_1', 'GET /api/applications'],
    ['application', 'app_2', 'GET /api/applications'],
    ['application', 'app_3', 'GET /api/applications?page_size=10'],
    ['workspace', 'wse_1', 'GET /api/workspaces/wse_1'],
    ['application', 'app_4', 'GET /api/applications?page_size=100'],
  ])
})

test('a route the service answers and the mock does not; its OpenAPI document', () => {
  const found = foundOfRun('https://service.test')
  found.onTargetAnswer(probe('methods.delete'), { ...get(`/api/workspaces/wse_${'0'.repeat(32)}`), method: 'DELETE' }, answer(404, {}))
  // A 405 is no route, nor is a 404 where the path names no record, nor a failure.
  found.onTargetAnswer(probe('methods.patch'), { ...get('/api/applications'), method: 'PATCH' }, answer(404, {}))
  found.onTargetAnswer(probe('methods.patch'), { ...get('/api/applications'), method: 'PATCH' }, answer(405, {}))
  found.onTargetAnswer(probe('methods.patch'), { ...get('/api/applications'), method: 'PATCH' }, answer(503, {}))
  found.onTargetAnswer(probe('openapi.json'), get('/api/openapi.json'), answer(200, { openapi: '3.1.0', paths: {} }))
  const findings = found.findings(surface, [])
  expect(findings.operations).toEqual([{ method: 'DELETE', path: `/api/workspaces/wse_${'0'.repeat(32)}`, status: 404, seen: `DELETE /api/workspaces/wse_${'0'.repeat(32)}` }])
  expect(findings.openapi).toEqual({ document: { openapi: '3.1.0', paths: {} }, seen: 'https://service.test/api/openapi.json' })
})
