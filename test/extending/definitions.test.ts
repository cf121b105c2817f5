/**
 * A definition the kit cannot serve fails at once, where it is made (`defineOperation`, `createMockApi`,
 * `createFactories`), with a `DefinitionError` whose message names the key at fault and the operation.
 */
import { describe, expect, test } from 'vitest'
import { createFactories, createMockApi, defineOperation, DefinitionError, identifierParameter, z } from '../../src/index.ts'

type Definition = Parameters<typeof defineOperation>[0]
const base = { name: 'getReport', method: 'GET', path: '/api/reports/{reportId}', params: { reportId: z.string() }, run: () => undefined } as const

/** What defining `changes` over a good definition throws. */
function definitionError(changes: Record<string, unknown>): DefinitionError {
  try {
    defineOperation({ ...base, ...changes } as unknown as Definition)
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError)
    return error as DefinitionError
  }
  throw new Error('defined without an error')
}

describe('one definition, checked by defineOperation', () => {
  test.each([
    ['a path outside /api', { path: '/reports/{reportId}' }, 'path', /under \/api/],
    ['a path in MSW syntax', { path: '/api/reports/:reportId' }, 'path', /\{name\} parameters/],
    ['a path parameter without a schema', { params: {} }, 'params.reportId', /needs a schema/],
    ['a schema for no path parameter', { params: { reportId: z.string(), other: z.string() } }, 'params.other', /has no \{other\}/],
    ['an optional path parameter', { params: { reportId: z.optional(z.string()) } }, 'params.reportId', /may not be optional/],
    ['a schema that is not zod', { params: { reportId: { parse: () => 'x' } } }, 'params.reportId', /not a zod 4 schema/],
    ['a zod 3 schema', { query: { page: { _def: { typeName: 'ZodString' }, parse: () => 'x' } } }, 'query.page', /zod 3 schema/],
    ['a body schema that is not zod', { method: 'POST', body: 'text' }, 'body', /not a zod 4 schema/],
    ['a body on a GET', { body: z.object({}) }, 'body', /GET has no body/],
    ['a method the kit does not route', { method: 'HEAD' }, 'method', /GET, POST, PUT, PATCH, DELETE/],
    ['a header the kit reads itself', { headers: { 'X-API-Key': z.string() } }, 'headers.X-API-Key', /reads this header itself/],
    ['X-Workspace-ID as a header', { headers: { 'x-workspace-id': z.string() } }, 'headers.x-workspace-id', /scope: 'workspace'/],
    ['a response shape it does not know', { response: { shape: 'stream', record: 'workspace' } }, 'response.shape', /item, list, page or none/],
    ['a 204 with a record', { response: { shape: 'item', record: 'workspace', status: 204 } }, 'response.status', /200 or 201/],
    ['a record of its own without a schema', { response: { shape: 'item', record: { name: 'Report' } } }, 'response.record.schema', /not a zod 4 schema/],
    ['a record name that is no component name', { response: { shape: 'item', record: { name: 'my report', schema: z.object({}) } } }, 'response.record', /PascalCase/],
    ['a success status among the errors', { statuses: [200] }, 'statuses', /400\.\.599/],
    ['no run', { run: undefined }, 'run', /a function/],
    ['a .. segment, which no URL reaches', { path: '/api/..', params: {} }, 'path', /no URL reaches \/api\/\.\.: a client resolves its \. and \.\. segments away/],
    ['a . segment', { path: '/api/x/./y', params: {} }, 'path', /no URL reaches/],
    ['a path parameter every object has', { path: '/api/reports/{__proto__}', params: {} }, 'params.__proto__', /a member every JavaScript object has/],
    ['a query parameter named constructor', { query: { constructor: z.string() } }, 'query.constructor', /a member every JavaScript object has/],
    // `{ __proto__: schema }` in a literal sets the object's prototype: it would define nothing.
    ['a __proto__ key in a literal', { query: { __proto__: z.string() } }, 'query.__proto__', /sets its prototype/],
    ['an input the documents cannot describe', { query: { list: z.string().transform((s) => s.split(',')) } }, 'query.list', /cannot describe a transform schema/],
    ['a body of dates', { method: 'POST', body: z.object({ at: z.date() }) }, 'body', /cannot describe a date schema/],
    ['a record of its own that JSON cannot carry', { response: { shape: 'item', record: { name: 'Big', schema: z.object({ n: z.bigint() }) } } }, 'response.record.schema', /cannot be JSON \(a bigint schema\)/],
  ])('%s', (_, changes, key, reason) => {
    const error = definitionError(changes)
    expect(error.key).toBe(key)
    expect(error.operation).toBe('getReport')
    expect(error.message).toMatch(new RegExp(`^operation getReport: ${key.replace(/[.$]/g, '\\$&')}: `))
    expect(error.message).toMatch(reason)
  })

  test('a name that is no identifier is named itself', () => {
    expect(definitionError({ name: 'get report' }).message).toBe('name: expected letters, digits and _, starting with a letter, got "get report"')
  })
})

describe('operations together, checked by createMockApi', () => {
  const report = defineOperation(base)
  const attempt = (...operations: unknown[]) => () => createMockApi({ scenario: 'empty', operations: operations as never })

  test('a duplicate name, or the name of a built-in operation', () => {
    const again = defineOperation({ ...base, path: '/api/other-reports/{reportId}' })
    expect(attempt(report, again)).toThrow('operation getReport: name: another operation has this name')
    expect(attempt(defineOperation({ ...base, name: 'getWorkspace' }))).toThrow("operation getWorkspace: name: is the name of one of the kit's operations")
  })

  test('a duplicate route, whatever its parameters are called', () => {
    const same = defineOperation({ ...base, name: 'readReport', path: '/api/reports/{id}', params: { id: z.string() } })
    expect(attempt(report, same)).toThrow('operation readReport: path: GET /api/reports/{id} is the route of getReport already (GET /api/reports/{reportId})')
  })

  test('a clash with a built-in route, a kit route or the reference page; another method on a built-in path is fine', () => {
    const clash = (path: string, method: 'GET' | 'DELETE' = 'GET') =>
      attempt(defineOperation({ name: 'mine', method, path, params: Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, z.string()])), run: () => undefined }))
    expect(clash('/api/workspaces/{id}')).toThrow("operation mine: path: GET /api/workspaces/{id} is the route of the kit's getWorkspace already")
    expect(clash('/api/workspaces/special')).toThrow("the kit's getWorkspace already")
    expect(clash('/api/schemas/{name}')).toThrow("the kit's getSchema already")
    expect(clash('/api/docs')).toThrow("operation mine: path: GET /api/docs is the route of the kit's reference page already (GET /api/docs)")
    expect(clash('/api/workspaces/{id}', 'DELETE')).not.toThrow()
  })

  test('something that defineOperation did not make', () => {
    expect(attempt({ ...report })).toThrow('operations[0]: not an operation made by defineOperation')
  })

  test('records of its own: a kit component name, or one name for two schemas', () => {
    const returning = (name: string, record: { name: string; schema: z.ZodType }) =>
      defineOperation({ name, method: 'GET', path: `/api/${name}`, response: { shape: 'item', record }, run: () => ({}) as never })
    expect(attempt(returning('a', { name: 'Icons', schema: z.object({}) }))).toThrow("operation a: response.record.name: Icons is the name of one of the kit's schemas")
    expect(attempt(returning('a', { name: 'Report', schema: z.object({}) }), returning('b', { name: 'Report', schema: z.object({}) }))).toThrow(
      'operation b: response.record.name: Report names another schema in another operation already',
    )
  })
})

describe('fields, checked by createMockApi and createFactories', () => {
  const build = () => 'x'
  test.each([
    ['a record that takes none', { organization: {} }, 'fields.organization: no such record'],
    ['a field the record has', { workspace: { name: { schema: z.string(), build } } }, 'fields.workspace.name: the workspace record has this field already'],
    ['a name that is no identifier', { application: { 'tier-1': { schema: z.string(), build } } }, 'fields.application.tier-1: a field name is letters'],
    ['no zod schema', { application: { status: { schema: 'active', build } } }, 'fields.application.status.schema: not a zod 4 schema'],
    ['no builder', { application: { status: { schema: z.string() } } }, 'fields.application.status.build: must be a function'],
    ['writable not a boolean', { application: { status: { schema: z.string(), build, writable: 'yes' } } }, 'fields.application.status.writable: must be true or false'],
    ['a name every object has', { workspace: { constructor: { schema: z.string(), build } } }, 'fields.workspace.constructor: a member every JavaScript object has'],
    ['toString', { application: { toString: { schema: z.string(), build } } }, 'fields.application.toString: a member every JavaScript object has'],
    ['hasOwnProperty', { application: { hasOwnProperty: { schema: z.string(), build } } }, 'fields.application.hasOwnProperty: a member every JavaScript object has'],
    ['a __proto__ key in a literal', { application: { __proto__: { schema: z.string(), build } } }, 'fields.application.__proto__: a __proto__ key in an object literal sets its prototype'],
    ['a BigInt', { application: { size: { schema: z.bigint(), build: () => 1n } } }, 'fields.application.size.schema: its values cannot be JSON (a bigint schema)'],
    ['a date', { workspace: { since: { schema: z.date(), build: () => new Date() } } }, 'fields.workspace.since.schema: its values cannot be JSON (a date schema)'],
    ['dates deep inside', { workspace: { log: { schema: z.array(z.object({ at: z.optional(z.date()) })), build: () => [] } } }, 'fields.workspace.log.schema: its values cannot be JSON (a date schema)'],
    ['a transform', { workspace: { n: { schema: z.string().transform(Number), build } } }, 'fields.workspace.n.schema: its values cannot be JSON (a transform schema)'],
  ])('%s', (_, fields, message) => {
    expect(() => createMockApi({ scenario: 'empty', fields: fields as never })).toThrow(message)
    expect(() => createFactories({ fields: fields as never })).toThrow(message)
  })

  test.each([
    ['a function', () => () => 1, 'returned \\[object Function\\]'],
    ['a symbol', () => Symbol('s'), 'returned \\[object Symbol\\]'],
    ['a cycle', () => {
      const value: Record<string, unknown> = {}
      value.self = value
      return value
    }, 'returned \\[object Object\\]'],
    ['a Map', () => new Map(), 'returned \\[object Map\\]'],
  ])('z.any() building %s: named with the record, which JSON cannot carry', (_, build, returned) => {
    const fields = { workspace: { extra: { schema: z.any(), build } } }
    for (const make of [() => createMockApi({ scenario: 'demo', fields }), () => createFactories({ fields }).buildWorkspace()]) {
      expect(make).toThrow(new RegExp(`^fields\\.workspace\\.extra\\.build: ${returned} for workspace wse_[0-9a-f]{32}, which JSON cannot carry$`))
    }
  })

  test('a builder that throws: its error, the field and the record', () => {
    const fields = { application: { status: { schema: z.string(), build: () => { throw new Error('no status today') } } } }
    expect(() => createMockApi({ scenario: 'demo', fields })).toThrow(/^fields\.application\.status\.build: threw for application app_[0-9a-f]{32}: no status today$/)
    expect(() => createMockApi({ scenario: 'demo', fields })).toThrow(DefinitionError)
  })

  test("a builder whose value its schema refuses: the field, the record and zod's reason", () => {
    const fields = { application: { status: { schema: z.enum(['active', 'paused']), build: () => 'archived' } } }
    expect(() => createMockApi({ scenario: 'demo', fields })).toThrow(
      /^fields\.application\.status\.build: returned "archived" for application app_[0-9a-f]{32}, which the field's schema refuses: Invalid option/,
    )
  })
})

test("the kit's identifier parameter, zod/mini schemas and the classic API are all zod 4 schemas", () => {
  expect(() => defineOperation({ ...base, params: { reportId: identifierParameter } })).not.toThrow()
})
