/**
 * The routing table (src/handlers/routing/operation-table.ts) that the MSW handlers and the dispatcher share: the
 * API's operations first, in the order the OpenAPI document publishes them, then the kit's own routes.
 */
import { expect, test } from 'vitest'
import { DEFAULT_SURFACE } from '../../src/handlers/routing/operation-table.ts'
import { publishedOperations } from '../../src/handlers/definitions/operations/published.ts'
import { createRouter } from '../../src/handlers/routing/matcher.ts'
import { routerKit } from '../../src/handlers/routing/router-kit.ts'
import { operationRoutes } from '../../src/handlers/routing/route-patterns.ts'

const { operations } = DEFAULT_SURFACE

test('the table is the published operations, then the kit routes; only the published ones have a contract', () => {
  expect(operations.slice(0, publishedOperations.length)).toEqual(publishedOperations)
  expect(operations.filter((operation) => operation.contract !== undefined)).toEqual(publishedOperations)
  expect(new Set(operations.map((operation) => operation.name)).size).toBe(operations.length)
})

test('routes carry MSW path patterns under the baseUrl, or at the root of any origin', () => {
  expect(operationRoutes(operations, 'https://api.example.test/v1')[2]).toMatchObject({
    method: 'GET',
    path: 'https://api.example.test/v1/api/workspaces/:workspaceId',
  })
  expect(operationRoutes(operations, undefined)[2]!.path).toBe('*/api/workspaces/:workspaceId')
})

test('the router: an operation with its parameters, the /api catch-all, over-long API URLs, or nothing', () => {
  const route = createRouter(routerKit, operations, 'https://api.example.test')
  const at = (path: string) => new URL(path, 'https://api.example.test')
  expect(route('PUT', at('/api/workspaces/wse_1'))).toEqual({ operation: operations[3], params: { workspaceId: 'wse_1' } })
  expect(route('DELETE', at('/api/workspaces/wse_1'))).toBe('fallback')
  expect(route('GET', at(`/api/workspaces/${'a'.repeat(8192)}`))).toBe('overlong')
  expect(route('GET', at(`/assets/${'a'.repeat(8192)}`))).toBeUndefined()
  expect(route('GET', new URL('https://elsewhere.example.test/api/workspaces'))).toBeUndefined()
})
