/**
 * A service's text never becomes code: names and values that would close a comment, a string or a line
 * (`x*\/ process.exit() /*`, quotes, backslashes, line and paragraph separators, `${...}`, `__proto__`) go
 * into the generated module as literals and comments that hold them, or are refused with a note. The
 * module type-checks with skipLibCheck off, loads without running any of it, gives back every value as the
 * service sent it, and serves.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, expect, test } from 'vitest'
import { operationsModule } from '../../src/codegen/operations-module.ts'
import type { Findings } from '../../src/codegen/findings.ts'
import { createMockApi } from '../../src/index.ts'
import { typeCheck } from '../support/type-check.ts'

const folder = mkdtempSync(join(tmpdir(), 'codegen-hostile-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** Each would run if it became code: it sets a global the test then looks for. */
const RUNS = [
  "'); globalThis.pwned = 1; ('",
  '*/ globalThis.pwned = 2; /*',
  '\u2028globalThis.pwned = 3 //',
  '${globalThis.pwned = 4}',
  '\\\'); globalThis.pwned = 5; //',
  '"); globalThis.pwned = 6; ("',
  '`; globalThis.pwned = 7; `',
]
const HOSTILE_FIELD = 'x*/ process.exit() /*'

const records: Findings['records'] = Array.from({ length: 30 }, (_, index) => ({
  record: 'application',
  seen: `GET /api/applications?q=*/globalThis.pwned=8;/*\n${index}`,
  values: {
    id: `app_${index.toString(16)}`,
    mood: RUNS[index % RUNS.length]!,
    note: `${RUNS[index % RUNS.length]} ${index}`,
    shape: { "a'b": index, ['__proto__']: RUNS[0], 'x*/y': [RUNS[1]] },
    [HOSTILE_FIELD]: 1,
    __proto__: 2,
    constructor: 3,
  },
}))
// `values` above cannot hold `__proto__` as a member (a literal sets the prototype): the service's JSON does.
// The findings' schema drops it (zod reads no `__proto__` key into a record); a nested one stays, quoted.
for (const row of records) Object.defineProperty(row.values, '__proto__', { value: 2, enumerable: true, configurable: true, writable: true })

const document = {
  openapi: '3.1.0',
  paths: {
    "/api/x'y": { get: { operationId: 'quoted', responses: { 204: { description: 'no' } } } },
    '/api/workspaces/{workspaceId}/reports': {
      get: {
        operationId: "x'); process.exit(); ('",
        summary: RUNS[1],
        description: RUNS[2],
        tags: [RUNS[0]],
        parameters: [
          { name: 'workspaceId', in: 'path', required: true, schema: { type: 'string', pattern: "'); globalThis.pwned = 9; //" } },
          { name: "q'*/", in: 'query', schema: { type: 'string', enum: RUNS } },
          { name: 'X-Bad"Header', in: 'header', schema: { type: 'string' } },
        ],
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Envelope: { type: 'object', properties: { data: { $ref: '#/components/schemas/Report*/ x' } } },
      'Report*/ x': { type: 'object', properties: { [RUNS[0]!]: { type: 'string', enum: RUNS }, kind: { const: RUNS[3] } }, required: [RUNS[0]] },
    },
  },
}

const findings: Findings = {
  source: `http://service.test/*/ globalThis.pwned = 10; /*`,
  records,
  writable: [],
  operations: [{ method: 'DELETE', path: "/api/workspaces/wse_0'); globalThis.pwned = 11; ('", status: 404, seen: "DELETE /api/workspaces/wse_0'*/" }],
  openapi: { document, seen: `http://service.test/api/openapi.json*/ globalThis.pwned = 12; /*` },
  known: { fields: { workspace: [], application: [] }, operations: [] },
}

test('hostile names and values stay text: refused or escaped, the module type-checks, loads without running them and serves them back', { timeout: 60_000 }, async () => {
  const module = operationsModule(findings)
  expect(module.notes).toEqual([
    `the application field ${JSON.stringify(HOSTILE_FIELD)}: the kit takes no field of this name (not letters, digits and _)`,
    'the application field "constructor": the kit takes no field of this name (a member every JavaScript object has (Object.prototype); choose another name)',
    "GET /api/x'y: the kit serves no operation at this path (a path under /api of letters, digits, ._~- and {name} parameters)",
    expect.stringMatching(/^DELETE \/api\/workspaces\/wse_0'\); globalThis\.pwned = 11; \(': answered 404 where the mock has no such route; /),
  ])
  expect(module.added).toEqual(['fields.application.mood', 'fields.application.note', 'fields.application.shape', 'operation getWorkspacesWorkspaceIdReports (GET /api/workspaces/{workspaceId}/reports)'])
  const file = join(folder, 'hostile.ts')
  writeFileSync(file, module.text)

  const tsc = await typeCheck(folder, ['hostile.ts'])
  expect(tsc).toBe('')

  const loaded = await import(pathToFileURL(file).href)
  expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined()
  const { mood, note, shape } = loaded.fields.application
  // Every value comes back as it was sent: the enum of the seven, a string, an object with the hostile keys.
  expect(mood.schema.options).toEqual([...RUNS].sort())
  for (const value of RUNS) expect(mood.schema.parse(value)).toBe(value)
  expect(note.schema.parse(`${RUNS[6]} 6`)).toBe(`${RUNS[6]} 6`)
  const object = shape.schema.parse({ "a'b": 1, ['__proto__']: RUNS[0], 'x*/y': [RUNS[1]] })
  expect(Object.keys(object)).toEqual(["a'b", 'x*/y'])
  const [reports] = loaded.default
  expect(reports.contract.texts).toEqual({ summary: RUNS[1], description: RUNS[2], tag: RUNS[0] })
  expect(reports.contract.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['workspaceId', "q'*/"])

  // The kit takes the module as it is, and serves the placeholder answer (the pattern's 422 aside).
  const api = createMockApi({ scenario: 'demo', operations: loaded.default, fields: loaded.fields })
  await api.ready
  expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined()
})
