/**
 * The coverage document's JSON Schema (fixtures/coverage.schema.json, shipped as
 * `workspace-api-mock/coverage.schema.json`): what the schema of src/coverage/document.ts generates, and
 * it accepts a document the collector writes and refuses one of another version.
 */
import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { expect, test } from 'vitest'
import { tapCoverage } from '../../src/api/coverage-tap.ts'
import { servedSurfaceOf } from '../../src/api/internals.ts'
import { CoverageCollector } from '../../src/coverage/collector.ts'
import { coverageJsonSchema } from '../../src/coverage/document-json-schema.ts'
import { createMockApi } from '../../src/index.ts'
import { fixtureText } from '../../src/model/fixture-text.ts'

const FILE = new URL('../../fixtures/coverage.schema.json', import.meta.url)

test('fixtures/coverage.schema.json is what the document\'s schema generates', () => {
  expect(readFileSync(FILE, 'utf8'), 'run `npm run fixtures` to regenerate').toBe(fixtureText(coverageJsonSchema()))
})

test('the JSON Schema accepts what the collector writes, and refuses another version or a member it does not name', async () => {
  const collector = new CoverageCollector()
  const api = createMockApi({ seed: 2 })
  tapCoverage(api, collector.attach({ surface: servedSurfaceOf(api), scenario: 'demo', seed: 2 }))
  await api.ready
  const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'Content-Type': 'application/json' }
  await api.handle(new Request('http://localhost/api/workspaces', { method: 'POST', headers, body: '{"name":""}' }))
  await api.handle(new Request('http://localhost/api/workspaces', { headers }))
  const document = JSON.parse(JSON.stringify(collector.document()))
  const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(FILE, 'utf8')))
  expect(validate(document), JSON.stringify(validate.errors)).toBe(true)
  expect(validate({ ...document, version: 2 })).toBe(false)
  expect(validate({ ...document, extra: true })).toBe(false)
})
