/**
 * The published contract of a mock with operations and fields of its own: the OpenAPI 3.1 and 3.0
 * documents (operationId, parameters, body, success and error statuses, components) valid by a validator we
 * did not write, the schema documents its `$schema` links name, and every answer of the operations held to
 * what the document declares (status, content type, body against the component, with ajv).
 */
import SwaggerParser from '@apidevtools/swagger-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, defineOperation, identifierParameter, unshownOperations, z } from '../../src/index.ts'

const ORIGIN = 'https://documents.example.test'
const report = z.strictObject({ id: z.string(), total: z.int().min(0) }).describe('A report of your own')
const getReport = defineOperation({
  name: 'getReport',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/report',
  params: { workspaceId: identifierParameter },
  query: { since: z.optional(z.coerce.number().int().describe('Only applications created since (epoch ms)')) },
  headers: { 'X-Trace': z.optional(z.string()) },
  response: { shape: 'item', record: { name: 'Report', schema: report } },
  statuses: [404],
  tag: 'Reports',
  run: ({ params, query, workspaces, applications }) => {
    const workspace = workspaces.get(params.workspaceId)
    return { id: workspace.id, total: applications.list(workspace).filter((a) => a.created >= (query.since ?? 0)).length }
  },
})
const fields = { application: { status: { schema: z.enum(['active', 'paused']), build: () => 'active', writable: true } } }
const api = createMockApi({ scenario: 'demo', baseUrl: ORIGIN, operations: [...unshownOperations, getReport], fields })
const documents: Record<string, any> = {}
const get = (path: string, init?: RequestInit) => api.handle(new Request(`${ORIGIN}${path}`, init)) as Promise<Response>

beforeAll(async () => {
  for (const path of ['/api/openapi.json', '/api/openapi-3.0.json']) documents[path] = await (await get(path)).json()
})

describe('the documents', () => {
  test('both validate, and differ in their version only', async () => {
    for (const document of Object.values(documents)) await SwaggerParser.validate(structuredClone(document))
    expect({ ...documents['/api/openapi-3.0.json'], openapi: '3.1.0' }).toEqual(documents['/api/openapi.json'])
  })

  test('an operation of your own: operationId, texts, parameters, responses with its own statuses and the derived ones', () => {
    const operation = documents['/api/openapi.json'].paths['/api/workspaces/{workspaceId}/report'].get
    expect(operation).toMatchObject({ operationId: 'getReport', summary: 'Get report', tags: ['Reports'] })
    expect(operation.parameters).toEqual([
      { name: 'workspaceId', in: 'path', description: expect.stringContaining('Identifier of the workspace'), required: true, schema: { type: 'string', minLength: 1, maxLength: 36 } },
      { name: 'X-Trace', in: 'header', required: false, schema: { type: 'string' } },
      { name: 'since', in: 'query', description: 'Only applications created since (epoch ms)', required: false, schema: expect.objectContaining({ type: 'integer', description: 'Only applications created since (epoch ms)' }) },
    ])
    expect(Object.keys(operation.responses)).toEqual(['200', '401', '404', '414', '422', '429', '500', '503'])
    expect(operation.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SuccessResponseReportBody' })
    expect(documents['/api/openapi.json'].tags.map((tag: { name: string }) => tag.name)).toEqual(['Workspaces', 'Applications', 'Reports'])
    const { schemas } = documents['/api/openapi.json'].components
    expect(schemas.Report).toMatchObject({ description: 'A report of your own', additionalProperties: false })
    expect(schemas.SuccessResponseReportBody.properties.data).toEqual({ $ref: '#/components/schemas/Report' })
  })
})

describe('every answer is what the document declares', () => {
  const DOCUMENT = 'https://documents.example.test/openapi.json'
  const ajv = new Ajv2020({ strict: false })
  beforeAll(() => ajv.addSchema({ ...documents['/api/openapi.json'], $id: DOCUMENT }))

  test.each([
    ['GET', '/api/workspaces/{w}/report', undefined],
    ['GET', '/api/workspaces/wse_00000000000000000000000000000000/report', undefined],
    ['GET', '/api/workspaces/{w}/report?since=x', undefined],
    ['DELETE', '/api/workspaces/{w}', undefined],
    ['POST', '/api/applications', { name: 'New', status: 'paused' }],
    ['POST', '/api/applications', { name: '' }],
    ['PUT', '/api/applications/{a}', { description: 'x' }],
    ['DELETE', '/api/applications/{a}', undefined],
  ] as const)('%s %s', async (method, template, body) => {
    await api.reset()
    const [workspace] = api.db.workspaces.all()
    const application = api.db.applications.all().find((a) => a.workspace === workspace!.id)!
    const path = template.replace('{w}', workspace!.id).replace('{a}', application.id)
    const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'X-Workspace-ID': workspace!.id, 'Content-Type': 'application/json' }
    const response = await get(path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) })
    const route = Object.keys(documents['/api/openapi.json'].paths).find((p) => new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`).test(new URL(path, ORIGIN).pathname))!
    const declared = documents['/api/openapi.json'].paths[route][method.toLowerCase()].responses[response.status]
    expect(declared, `${response.status} is declared`).toBeDefined()
    const [type, content] = Object.entries(declared.content ?? {})[0] ?? []
    const text = await response.text()
    if (type === undefined) return expect(text).toBe('')
    expect(response.headers.get('Content-Type')).toBe(type)
    const ref = `${DOCUMENT}${(content as { schema: { $ref: string } }).schema.$ref}`
    const valid = ajv.validate({ $ref: ref }, JSON.parse(text))
    expect(ajv.errorsText(ajv.errors), `${response.status} fits ${ref}`).toBe('No errors')
    expect(valid).toBe(true)
  })
})
