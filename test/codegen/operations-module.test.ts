/**
 * The generator on its own: what it infers from values, what it reads of an OpenAPI document (3.0 and 3.1),
 * how `run` answers from the store, and how it merges. The module it writes for a document of every kind of
 * operation type-checks with skipLibCheck off and serves: its answers come from the store.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { inferShape } from '../../src/codegen/infer-shape.ts'
import { emptyModule, MergeError, operationsModule } from '../../src/codegen/operations-module.ts'
import { knownOf, type Findings } from '../../src/codegen/findings.ts'
import { zodCode } from '../../src/codegen/shape.ts'
import { servedSurfaceOf } from '../../src/api/internals.ts'
import { createMockApi } from '../../src/index.ts'
import { typeCheck } from '../support/type-check.ts'

const folder = mkdtempSync(join(tmpdir(), 'codegen-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const mock = createMockApi({ scenario: 'demo', seed: 1 })
const known = knownOf(servedSurfaceOf(mock))
const inferred = (values: unknown[]) => zodCode(inferShape(values))

describe('inferred from values', () => {
  test('an enum when a string takes few values across many records, a string otherwise', () => {
    expect(inferred(['a', 'b', 'a', 'b', 'a', 'b'])).toBe("z.enum(['a', 'b'])")
    expect(inferred(['a', 'b', 'a', 'b', 'a'])).toBe('z.string().min(1)')
    expect(inferred(['a', '', 'a', 'b', 'c'])).toBe('z.string()')
    expect(inferred(Array.from({ length: 40 }, (_, index) => `v${index % 11}`))).toBe('z.string().min(1)')
    expect(inferred(['acc_1f', 'acc_2e', 'acc_30'])).toBe("z.string().min(1).regex(new RegExp('^acc_[0-9a-f]+$'))")
  })

  test('numbers, booleans, null, arrays, objects and mixtures', () => {
    expect(inferred([1, 2, 3])).toBe('z.number().int().min(0)')
    expect(inferred([1.5, -2])).toBe('z.number()')
    expect(inferred([2 ** 60])).toBe('z.number().min(0)')
    expect(inferred([true, false, null])).toBe('z.boolean().nullable()')
    expect(inferred([null])).toBe('z.null()')
    expect(inferred([[1], [2, 3]])).toBe('z.array(z.number().int().min(0)).min(1)')
    expect(inferred([[], []])).toBe('z.array(z.unknown())')
    expect(inferred([{ a: 1 }, { a: 2, b: 'x' }])).toBe('z.object({ a: z.number().int().min(0), b: z.string().min(1).optional() })')
    expect(inferred(['x', 1])).toBe('z.union([z.string().min(1), z.number().int().min(0)])')
  })
})

/** A 3.0 document (a path under the server's /api) with every kind of operation the generator writes. */
const document = {
  openapi: '3.0.3',
  servers: [{ url: 'https://service.example/api' }],
  paths: {
    '/applications/{applicationId}/restart': {
      parameters: [{ $ref: '#/components/parameters/Workspace' }],
      post: {
        operationId: 'restartApplication',
        parameters: [{ name: 'applicationId', in: 'path', required: true, schema: { type: 'string' } }, { name: 'X-API-Key', in: 'header', schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/RestartInputBody' } } } },
        responses: { 201: { content: { 'application/json': { schema: { $ref: '#/components/schemas/SuccessResponseApplicationBody' } } } }, 409: {}, 422: {} },
      },
    },
    '/workspaces/{workspaceId}/members': {
      get: {
        operationId: 'listMembers',
        parameters: [
          { name: 'workspaceId', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'page_size', in: 'query', schema: { type: 'integer' } },
          { name: 'role', in: 'query', required: true, schema: { type: 'string', enum: ['owner', 'viewer'], nullable: true } },
          { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'integer', minimum: 1 } },
        ],
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/SuccessResponseListMemberBody' } } } }, 404: {} },
      },
    },
    '/workspaces/{workspaceId}/archive': {
      put: { operationId: 'archiveWorkspace', parameters: [{ name: 'workspaceId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { 204: {} } },
    },
    '/applications/everywhere': {
      get: { operationId: 'shadowed', responses: { 204: {} } },
    },
    '/everything': {
      get: { operationId: 'everyApplication', responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/PagingResponseListApplicationBody' } } } } } },
    },
    '/workspaces/{workspaceId}/raw': {
      get: { operationId: 'raw', responses: { 200: { content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } } } },
    },
  },
  components: {
    parameters: { Workspace: { name: 'X-Workspace-ID', in: 'header', required: true, schema: { type: 'string' } } },
    schemas: {
      RestartInputBody: { type: 'object', properties: { reason: { type: 'string', maxLength: 200 }, force: { type: 'boolean' } }, required: ['reason'] },
      SuccessResponseApplicationBody: { type: 'object', properties: { data: { $ref: '#/components/schemas/Application' } } },
      SuccessResponseListMemberBody: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Member' } } } },
      PagingResponseListApplicationBody: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Application' } }, total: { type: 'integer' } } },
      Member: {
        type: 'object',
        properties: { account: { type: 'string', pattern: '^acc_[0-9a-f]+$' }, role: { type: 'string', enum: ['owner', 'viewer'] }, since: { type: 'integer', minimum: 1 }, manager: { $ref: '#/components/schemas/Member' } },
        required: ['account', 'role'],
      },
    },
  },
}

const findings = (more: Partial<Findings> = {}): Findings => ({
  source: 'https://service.example',
  records: [],
  writable: [],
  operations: [],
  openapi: { document, seen: 'https://service.example/api/openapi.json' },
  known,
  ...more,
})

describe('read from an OpenAPI document', () => {
  const { text, added, notes } = operationsModule(findings())

  test('each operation as the document states it, answered from the store where it can be', () => {
    expect(notes).toEqual([
      "GET /api/applications/everywhere: the mock's route GET /api/applications/{applicationId} answers its requests; the kit serves no two routes one request could take",
      "GET /api/workspaces/{workspaceId}/raw: answers a body without the API's envelope ({ data }), which the kit cannot shape",
    ])
    expect(added).toEqual([
      'operation restartApplication (POST /api/applications/{applicationId}/restart)',
      'operation listMembers (GET /api/workspaces/{workspaceId}/members)',
      'operation archiveWorkspace (PUT /api/workspaces/{workspaceId}/archive)',
      'operation everyApplication (GET /api/everything)',
    ])
    expect(text).toContain(
      [
        "  params: { applicationId: z.string() },",
        "  scope: 'workspace',",
        '  body: z.object({ reason: z.string().max(200), force: z.boolean().optional() }),',
        "  response: { shape: 'item', record: 'application', status: 201 },",
        '  statuses: [409],',
        '  /**',
        '   * TODO(workspace-api-mock): the service changes the record with the request; this answers it as it is: fill in the',
        '   * change (workspaces.update, applications.update).',
        '   */',
        "  run: ({ params, applications }) => applications.get(params.applicationId),",
      ].join('\n'),
    )
    // Parameters are text: numbers coerced, booleans `true` or `false`; the kit's headers left to the kit.
    expect(text).toContain(
      "  query: {\n    page_size: z.coerce.number().int().optional(),\n    role: z.enum(['owner', 'viewer']),\n    verbose: z.enum(['true', 'false']).optional(),\n  },\n" +
        "  headers: { 'X-Trace': z.coerce.number().int().min(1).optional() },\n",
    )
    // A record of the document's, its cycle cut; an answer to fill in after the lookup of the path's workspace.
    expect(text).toContain("      schema: z.object({\n        account: z.string().regex(new RegExp('^acc_[0-9a-f]+$')),\n        role: z.enum(['owner', 'viewer']),\n")
    expect(text).toContain('        manager: z.unknown().optional(),\n')
    expect(text.replace(/\n\s*\* /g, ' ')).toContain('this placeholder does not fit its schema (a pattern): strict mode refuses it.')
    expect(text).toContain("    workspaces.get(params.workspaceId)\n    return [{ account: '', role: 'owner' as const, since: 1, manager: null }]\n")
    expect(text).toContain("  run: ({ params, workspaces }) => {\n    workspaces.get(String(params.workspaceId))\n    return undefined\n  },")
    expect(text).toContain("  response: { shape: 'page', record: 'application' },\n  run: ({ workspaces, applications }) => workspaces.list().flatMap((each) => applications.list(each)),")
  })

  test('the module type-checks with skipLibCheck off, loads, and serves from the store', { timeout: 60_000 }, async () => {
    writeFileSync(join(folder, 'document.ts'), text)
    expect(await typeCheck(folder, ['document.ts'])).toBe('')
    const loaded = await import(pathToFileURL(join(folder, 'document.ts')).href)
    const api = createMockApi({ scenario: 'demo', seed: 1, operations: loaded.default, fields: loaded.fields, baseUrl: 'https://mock.test' })
    await api.ready
    const workspace = api.db.workspaces.all()[0]!
    const application = api.db.applications.all().find((candidate) => candidate.workspace === workspace.id)!
    const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'X-Workspace-ID': workspace.id, 'Content-Type': 'application/json' }
    const restart = await api.handle(new Request(`https://mock.test/api/applications/${application.id}/restart`, { method: 'POST', headers, body: '{"reason":"stuck"}' }))
    expect(restart!.status).toBe(201)
    expect((await restart!.json()).data.id).toBe(application.id)
    const every = await api.handle(new Request('https://mock.test/api/everything?page_size=100', { headers }))
    expect((await every!.json()).total).toBe(api.db.applications.all().length)
  })
})

describe('merged into a module that has some of it', () => {
  test('an operation declared under another name, or a field at its place, is not written again; a variable taken gets another', () => {
    const records: Findings['records'] = [{ record: 'workspace', seen: 'GET /api/workspaces', values: { id: 'wse_1', tier: 'gold', zone: 'a' } }]
    const existing = emptyModule('https://service.example')
      .replace('    // workspace-api-mock: new workspace fields', "    tier: { schema: z.string(), build: () => 'gold' },\n    // workspace-api-mock: new workspace fields")
      .replace('// workspace-api-mock: new operations go', "const listMembers = 1\nexport const mine = defineOperation({\n  method: 'PUT',\n  path: '/api/workspaces/{workspaceId}/archive',\n})\n\n// workspace-api-mock: new operations go")
    const merged = operationsModule(findings({ records }), existing)
    expect(merged.present).toEqual(['fields.workspace.tier', 'operation archiveWorkspace (PUT /api/workspaces/{workspaceId}/archive)'])
    expect(merged.added).toContain('fields.workspace.zone')
    expect(merged.text).toContain('export const listMembers2 = defineOperation({\n  name: \'listMembers\',')
    expect(merged.text.startsWith(existing.slice(0, existing.indexOf('    tier:')))).toBe(true)
  })

  test('a module without the line an addition goes above is refused, naming the line', () => {
    const existing = emptyModule('https://service.example').replace('  // workspace-api-mock: new operations are listed above this line\n', '')
    expect(() => operationsModule(findings(), existing)).toThrow(MergeError)
    expect(() => operationsModule(findings(), existing)).toThrow('the line "// workspace-api-mock: new operations are listed above this line" is missing')
    expect(operationsModule(findings({ openapi: undefined }), existing).text).toBe(existing)
  })
})
