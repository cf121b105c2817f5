/**
 * The published contract: the OpenAPI documents the mock serves (every runtime, without credentials), the
 * copies it ships, and what they say, validated by a validator we did not write (@apidevtools/swagger-parser,
 * against the official OpenAPI 3.0 and 3.1 schemas plus its own semantic checks).
 */
import { readFileSync } from 'node:fs'
import SwaggerParser from '@apidevtools/swagger-parser'
import { setupServer } from 'msw/node'
import { parse as parseYaml } from 'yaml'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, PAGING } from '../../src/index.ts'
import { openApiText, SHIPPED_DOCUMENTS, SHIPPED_SERVER } from '../../src/handlers/kit-routes/openapi/served-documents.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { DEFAULT_SURFACE } from '../../src/handlers/routing/operation-table.ts'

const FIXTURES = new URL('../../fixtures/', import.meta.url)
const ORIGIN = 'https://contract.example.test'

/** Every document the mock serves: path, version, media type. */
const SERVED = [
  ['/api/openapi.json', '3.1.0', 'application/openapi+json'],
  ['/api/openapi.yaml', '3.1.0', 'application/openapi+yaml'],
  ['/api/openapi-3.0.json', '3.0.3', 'application/openapi+json'],
  ['/api/openapi-3.0.yaml', '3.0.3', 'application/openapi+yaml'],
] as const

const read = async (response: Response) => {
  const text = await response.text()
  return response.headers.get('Content-Type')!.endsWith('yaml') ? parseYaml(text) : JSON.parse(text)
}

const shipped = JSON.parse(readFileSync(new URL('openapi.json', FIXTURES), 'utf8'))

describe('the shipped copies (fixtures/, workspace-api-mock/openapi.json and .yaml)', () => {
  test.each(Object.entries(SHIPPED_DOCUMENTS))('%s is what the schemas and operations generate', async (file, format) => {
    const text = readFileSync(new URL(file, FIXTURES), 'utf8')
    expect(text, 'run `npm run fixtures` to regenerate').toBe(await openApiText('3.1', format, SHIPPED_SERVER, DEFAULT_SURFACE))
  })

  test('they name the demo server as their server', () => {
    expect(shipped.servers).toEqual([{ url: 'http://127.0.0.1:4010' }])
  })
})

describe('what the document says', () => {
  const operations = Object.entries(shipped.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, ...operation })),
  )
  const byId = Object.fromEntries(operations.map((operation) => [operation.operationId, operation]))

  test('OpenAPI 3.1.0 with the six operations of the spec, Huma-style ids, summaries and tags', () => {
    expect(shipped.openapi).toBe('3.1.0')
    expect(operations.map(({ method, path, operationId, tags }) => [method.toUpperCase(), path, operationId, tags])).toEqual([
      ['GET', '/api/workspaces', 'listWorkspaces', ['Workspaces']],
      ['POST', '/api/workspaces', 'createWorkspace', ['Workspaces']],
      ['GET', '/api/workspaces/{workspaceId}', 'getWorkspace', ['Workspaces']],
      ['PUT', '/api/workspaces/{workspaceId}', 'updateWorkspace', ['Workspaces']],
      ['GET', '/api/applications', 'listApplications', ['Applications']],
      ['GET', '/api/applications/{applicationId}', 'getApplication', ['Applications']],
    ])
    for (const operation of operations) expect(operation.summary, operation.operationId).toMatch(/^[A-Z][a-z]+ [a-z]+$/)
  })

  test('components named as the spec names them, $schema a read-only uri string', () => {
    const schemas = shipped.components.schemas
    expect(Object.keys(schemas).sort()).toEqual(
      [
        'SuccessResponseWorkspaceBody',
        'SuccessResponseApplicationBody',
        'SuccessResponseListWorkspaceBody',
        'PagingResponseListApplicationBody',
        'ErrorModel',
        'ErrorDetail',
        'Workspace',
        'Application',
        'Icons',
        'GatewayEntry',
        'GroupOrUserEntry',
        'PolicyEntry',
        'CreateWorkspaceInputBody',
        'UpdateWorkspaceInputBody',
      ].sort(),
    )
    for (const name of ['SuccessResponseWorkspaceBody', 'SuccessResponseApplicationBody', 'SuccessResponseListWorkspaceBody', 'PagingResponseListApplicationBody', 'ErrorModel']) {
      expect(schemas[name].properties.$schema, name).toMatchObject({ type: 'string', format: 'uri', readOnly: true })
    }
    expect(schemas.SuccessResponseWorkspaceBody.properties.data).toEqual({ $ref: '#/components/schemas/Workspace' })
    expect(schemas.PagingResponseListApplicationBody.properties.data).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Application' },
    })
  })

  test('path parameters of at most 36 characters; paging bounds and defaults; X-Workspace-ID required', () => {
    const identifier = { type: 'string', minLength: 1, maxLength: 36 }
    expect(byId.getWorkspace.parameters).toEqual([expect.objectContaining({ name: 'workspaceId', in: 'path', required: true, schema: identifier })])
    expect(byId.updateWorkspace.parameters).toEqual(byId.getWorkspace.parameters)
    const header = expect.objectContaining({ name: 'X-Workspace-ID', in: 'header', required: true, schema: identifier })
    expect(byId.getApplication.parameters).toEqual([
      expect.objectContaining({ name: 'applicationId', in: 'path', required: true, schema: identifier }),
      header,
    ])
    const page = (key: keyof typeof PAGING) =>
      expect.objectContaining({
        name: PAGING[key].name,
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: PAGING[key].min, maximum: PAGING[key].max, default: PAGING[key].default },
      })
    expect(byId.listApplications.parameters).toEqual([header, page('currentPage'), page('pageSize')])
    expect(PAGING.currentPage).toMatchObject({ name: 'current_page', min: 1, max: 1000, default: 1 })
    expect(PAGING.pageSize).toMatchObject({ name: 'page_size', min: 10, max: 100, default: 10 })
    expect(byId.listWorkspaces.parameters).toBeUndefined()
  })

  test('the two credentials: apiKey schemes in headers, required together', () => {
    expect(shipped.components.securitySchemes).toEqual({
      ApiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
      ApiSecret: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Secret' }),
    })
    // One requirement object naming both: AND (two objects would mean either one).
    expect(shipped.security).toEqual([{ ApiKey: [], ApiSecret: [] }])
  })

  test('request bodies: JSON, required, no other members (additionalProperties: false)', () => {
    const schemas = shipped.components.schemas
    for (const [id, name] of [['createWorkspace', 'CreateWorkspaceInputBody'], ['updateWorkspace', 'UpdateWorkspaceInputBody']] as const) {
      expect(byId[id].requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } })
      expect(schemas[name].additionalProperties).toBe(false)
    }
    expect(schemas.CreateWorkspaceInputBody.required).toEqual(['name'])
    expect(Object.keys(schemas.UpdateWorkspaceInputBody.properties)).toEqual(['name', 'description'])
  })

  test('the statuses each operation can answer; 200 with Link, errors as problem+json ErrorModel', () => {
    const always = [414, 429, 500, 503]
    const expected: Record<string, number[]> = {
      listWorkspaces: [200, 401, ...always],
      createWorkspace: [200, 400, 401, 413, 415, 422, ...always],
      getWorkspace: [200, 401, 404, 422, ...always],
      updateWorkspace: [200, 400, 401, 404, 413, 415, 422, ...always],
      listApplications: [200, 401, 404, 422, ...always],
      getApplication: [200, 401, 404, 422, ...always],
    }
    for (const [id, statuses] of Object.entries(expected)) {
      const responses = byId[id].responses
      expect(Object.keys(responses).map(Number).sort((a, b) => a - b), id).toEqual(statuses.sort((a, b) => a - b))
      expect(responses[200].headers.Link).toEqual({ $ref: '#/components/headers/Link' })
      expect(Object.keys(responses[200].content)).toEqual(['application/json'])
      for (const status of statuses.filter((s) => s >= 400)) {
        expect(responses[status].content, `${id} ${status}`).toEqual({
          'application/problem+json': { schema: { $ref: '#/components/schemas/ErrorModel' } },
        })
        expect(responses[status].headers.Link).toBeDefined()
      }
      expect(responses[401].headers['WWW-Authenticate']).toBeDefined()
      expect(responses[429].headers['Retry-After']).toBeDefined()
    }
  })

  test("docs/openapi.md's table of statuses is the document's", () => {
    const docs = readFileSync(new URL('../../docs/openapi.md', import.meta.url), 'utf8')
    const rows = [...docs.matchAll(/^\| `(\w+)` \| ([\d, ]+) \|$/gm)].map(([, id, statuses]) => [id, statuses!.split(', ').map(Number)])
    expect(rows).toEqual(operations.map((operation) => [operation.operationId, Object.keys(operation.responses).map(Number)]))
  })
})

describe('served without credentials by every runtime', () => {
  // MSW answers ORIGIN only, so that requests to the demo server really reach its socket.
  const mswApi = createMockApi({ scenario: 'empty', seed: 3, baseUrl: ORIGIN })
  const api = createMockApi({ scenario: 'empty', seed: 3 })
  const withBase = createMockApi({ scenario: 'empty', seed: 3, baseUrl: `${ORIGIN}/v1` })
  const msw = setupServer(...mswApi.handlers)
  let server: MockServer

  beforeAll(async () => {
    msw.listen({ onUnhandledFrame: 'bypass' })
    server = await startMockServer({ port: 0, scenario: 'empty', seed: 3 })
  })
  afterAll(async () => {
    msw.close()
    await server.close()
  })

  const runtimes = {
    'MSW handlers': (path: string) => fetch(`${ORIGIN}${path}`),
    'api.handle': async (path: string) => (await api.handle(new Request(`http://localhost:5173${path}`)))!,
    'the demo server': (path: string) => fetch(`${server.url}${path}`),
  }
  const originOf = { 'MSW handlers': () => ORIGIN, 'api.handle': () => 'http://localhost:5173', 'the demo server': () => server.url }

  test.each(Object.keys(runtimes) as Array<keyof typeof runtimes>)('%s: four documents, servers = the origin asked', async (runtime) => {
    const documents = []
    for (const [path, version, mediaType] of SERVED) {
      const response = await runtimes[runtime](path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('Content-Type')).toBe(mediaType)
      const document = await read(response)
      expect(document.openapi).toBe(version)
      expect(document.servers).toEqual([{ url: originOf[runtime]() }])
      documents.push(document)
    }
    // YAML says what JSON says; the 3.0 downgrade differs only in its version (see docs/openapi.md).
    expect(documents[1]).toEqual(documents[0])
    expect(documents[3]).toEqual(documents[2])
    expect({ ...documents[2], openapi: '3.1.0' }).toEqual(documents[0])
    expect({ ...documents[0], servers: shipped.servers }).toEqual(shipped)
    const served = { 'MSW handlers': mswApi, 'api.handle': api, 'the demo server': server.api }[runtime]
    for (const operation of ['getOpenApiJson', 'getOpenApiYaml', 'getOpenApi30Json', 'getOpenApi30Yaml'] as const) {
      expect(served.journal.count({ operation }), operation).toBeGreaterThanOrEqual(1)
    }
  })

  test('with a baseUrl, servers is the baseUrl (its path included) and the documents are under it', async () => {
    const response = (await withBase.handle(new Request(`${ORIGIN}/v1/api/openapi.json`)))!
    expect(response.status).toBe(200)
    expect((await response.json()).servers).toEqual([{ url: `${ORIGIN}/v1` }])
    expect(await withBase.handle(new Request(`${ORIGIN}/api/openapi.json`))).toBeUndefined()
  })

  test('other methods are 405 with Allow, like every path of the mock', async () => {
    const response = await fetch(`${ORIGIN}/api/openapi.json`, { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET, OPTIONS')
  })

  test('the served documents validate with an independent validator: 3.1 as 3.1, 3.0 as 3.0', async () => {
    for (const [path, version] of SERVED) {
      // swagger-parser fetches the URL itself (its SSRF guard refuses loopback unless told) and reads JSON
      // or YAML; validate() throws on any error.
      const options = { resolve: { http: { safeUrlResolver: false } } }
      const validated = (await SwaggerParser.validate(`${server.url}${path}`, options)) as { openapi: string }
      expect(validated.openapi, path).toBe(version)
    }
  })

  test('the validator is not a rubber stamp: 3.1-only schema keywords in a 3.0 document are rejected', async () => {
    const document = await (await fetch(`${server.url}/api/openapi-3.0.json`)).json()
    const planted = structuredClone(document)
    planted.components.schemas.Workspace.properties.name = { type: ['string', 'null'] }
    await expect(SwaggerParser.validate(planted)).rejects.toThrow()
    const unknownRef = structuredClone(document)
    unknownRef.paths['/api/workspaces'].get.responses[200].content['application/json'].schema.$ref = '#/components/schemas/Nope'
    await expect(SwaggerParser.validate(unknownRef)).rejects.toThrow(/Nope/)
  })
})
