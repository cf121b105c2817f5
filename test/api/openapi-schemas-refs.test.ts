/**
 * The OpenAPI documents the mock serves name their schemas by reference: every body and every record inside an
 * envelope points at its component (`#/components/schemas/<Name>`), in both versions of the document.
 */
import { expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'

const ORIGIN = 'https://refs.test'

/** Every `$ref` of a document, with where it stands. */
function refsOf(value: unknown, at = '', out: Array<[string, unknown]> = []): Array<[string, unknown]> {
  if (Array.isArray(value)) value.forEach((item, i) => refsOf(item, `${at}/${i}`, out))
  else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === '$ref') out.push([at, member])
      else refsOf(member, `${at}/${key}`, out)
    }
  }
  return out
}

test.each(['/api/openapi.json', '/api/openapi-3.0.json'])('%s: bodies and envelopes reference their components', async (path) => {
  const api = createMockApi({ baseUrl: ORIGIN, scenario: 'empty' })
  const response = await api.handle(new Request(`${ORIGIN}${path}`))
  expect(response!.status).toBe(200)
  const document = (await response!.json()) as any
  const schemas = document.components.schemas
  const body = (p: string, method: string) => document.paths[p][method].responses['200'].content['application/json'].schema
  expect(body('/api/workspaces/{workspaceId}', 'get')).toEqual({ $ref: '#/components/schemas/SuccessResponseWorkspaceBody' })
  expect(body('/api/applications', 'get')).toEqual({ $ref: '#/components/schemas/PagingResponseListApplicationBody' })
  expect(schemas.SuccessResponseWorkspaceBody.properties.data).toEqual({ $ref: '#/components/schemas/Workspace' })
  expect(schemas.Workspace.properties.icons).toEqual({ $ref: '#/components/schemas/Icons' })
  // Every schema reference resolves to a component.
  const schemaRefs = refsOf(document).filter(([, ref]) => !String(ref).startsWith('#/components/headers/'))
  expect(schemaRefs.length).toBeGreaterThan(20)
  for (const [at, ref] of schemaRefs) {
    expect(typeof ref, at).toBe('string')
    const name = String(ref).replace('#/components/schemas/', '')
    expect(schemas[name], `${at}: ${String(ref)}`).toBeDefined()
  }
})
