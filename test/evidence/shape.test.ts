/**
 * The evidence file's shape, defined once (src/evidence/shape.ts): what the writer writes for every kind of
 * `why` the journal tells passes the reader's check and the JSON Schema the package ships
 * (fixtures/evidence.schema.json, which is what the schema generates); the table says each in one line.
 */
import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { checkedEvidence } from '../../src/evidence/check.ts'
import { evidenceJsonSchema } from '../../src/evidence/json-schema.ts'
import { evidenceStart, mockEvidence, type FailureEvidence } from '../../src/evidence/mock.ts'
import { readStateText } from '../../src/evidence/read.ts'
import { fixtureText } from '../../src/model/fixture-text.ts'

const SCHEMA_FILE = new URL('../../fixtures/evidence.schema.json', import.meta.url)
const BASE = 'https://api.test'
const test_ = { runner: 'vitest' as const, fixture: 'useMockApi' as const, title: ['every why'], file: 'shape.test.ts' }

/** One request of each kind a `why` tells, in order; the mock's answer to each. */
async function everyWhy(api: MockApi): Promise<number[]> {
  const { apiKey, apiSecret } = api.credentials
  const auth = { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret }
  const json = { ...auth, 'Content-Type': 'application/json' }
  const [workspace] = api.snapshot().workspaces
  const requests: Array<[string, RequestInit?]> = [
    ['/api/workspaces', { headers: auth }],
    ['/api/nothing-here', { headers: auth }],
    ['/api/workspaces', { method: 'PUT', headers: auth }],
    ['/api/workspaces', { method: 'OPTIONS' }],
    [`/api/workspaces?${'q'.repeat(9000)}`, { headers: auth }],
    ['/api/workspaces'],
    ['/api/workspaces', { headers: { 'X-API-Key': 'nobody', 'X-API-Secret': 'x' } }],
    ['/api/workspaces', { headers: { 'X-API-Key': apiKey, 'X-API-Secret': 'wrong' } }],
    ['/api/workspaces', { method: 'POST', headers: json, body: '{"name":' }],
    ['/api/workspaces', { method: 'POST', headers: json, body: JSON.stringify({ name: '', __proto__: { polluted: true } }).replace('{"name"', '{"__proto__":{"polluted":true},"name"') }],
    [`/api/applications/app_${'0'.repeat(32)}`, { headers: { ...auth, 'X-Workspace-ID': workspace!.id } }],
    ['/api/applications', { headers: { ...auth, 'X-Workspace-ID': workspace!.id } }],
    [`/api/workspaces/${workspace!.id}`, { headers: auth }],
    ['/api/schemas/ErrorModel.json'],
  ]
  api.faults.fail('listApplications', { status: 503, times: 1 })
  api.faults.latency('getWorkspace', 5)
  api.override('getWorkspace', ({ respond }) => respond({ ...workspace!, name: 'Overridden' }), { once: true })
  const statuses: number[] = []
  for (const [path, init] of requests) statuses.push((await api.handle(new Request(`${BASE}${path}`, init)))?.status ?? 0)
  return statuses
}

describe("the evidence file's shape", () => {
  let api: MockApi
  let evidence: FailureEvidence
  let statuses: number[]

  beforeAll(async () => {
    api = createMockApi({ scenario: 'demo', seed: 3, strict: false })
    await api.ready
    const start = evidenceStart(api)
    statuses = await everyWhy(api)
    evidence = mockEvidence(api, start, { test: test_, scenario: 'demo' })
  })

  test("every kind of why the journal tells is written, read back and valid against the shipped JSON Schema", () => {
    expect(statuses).toEqual([200, 404, 405, 204, 414, 401, 401, 401, 400, 422, 404, 503, 200, 200])
    const value = JSON.parse(evidence.text)
    const read = checkedEvidence(value)
    expect(read.journal.entries.map((entry) => entry.why.decision.kind)).toEqual([
      'operation', 'route', 'route', 'route', 'route', 'authentication', 'authentication', 'authentication', 'body', 'validation', 'lookup', 'fault', 'override', 'operation',
    ])
    expect(read.journal.entries[12]!.why.delays).toEqual([{ fault: expect.objectContaining({ type: 'latency', target: 'getWorkspace' }), ms: 5 }])
    const validate = new Ajv2020({ allErrors: true, strict: false, validateFormats: false }).compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')))
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true)
    expect(readStateText(evidence.text).state).toEqual(read.state)
  })

  test('a request body\'s "__proto__" member is written as "[__proto__]": the file reads back', () => {
    const body = JSON.parse(evidence.text).journal.entries[9].body
    expect(Object.keys(body)).toEqual(['[__proto__]', 'name'])
    expect(evidence.text).not.toContain('"__proto__"')
  })

  test('the table says each why in one line', () => {
    const rows = evidence.table.split('\n').slice(1).map((row) => / {2}\d{3} {2}(.*)$/.exec(row)![1])
    expect(rows).toEqual([
      'listWorkspaces',
      'no operation at this path',
      'no such method here (Allow: GET, POST, OPTIONS)',
      'OPTIONS',
      'URL too long',
      'refused: no credentials',
      'refused: no account has this X-API-Key',
      'refused: the X-API-Secret does not match',
      expect.stringMatching(/^body: /),
      'invalid body.name: Too small: expected string to have >=1 characters (+1 more)',
      `application app_${'0'.repeat(32)}: no such record`,
      'fault 1: fail with 503 on listApplications',
      'an override answered (+5 ms by fault)',
      'getSchema',
    ])
  })

  test('fixtures/evidence.schema.json is what the evidence schema generates', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'run `npm run fixtures` to regenerate').toBe(fixtureText(evidenceJsonSchema()))
  })
})
