/**
 * Where a validation error points (src/handlers/definitions/validation.ts): a member below the top level is named by its
 * whole path, joined with dots. The API's own bodies are flat; the demo server's admin routes validate
 * nested ones with the same helper (docs/demo-server.md, `POST /__admin/faults`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'empty', strict: false })
})
afterAll(() => server.close())

describe('a nested member that does not fit', () => {
  test('the second bound of a latency range: 422 at body.latency.1, repeating the value', async () => {
    const response = await fetch(`${server.url}/__admin/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'latency', target: 'listWorkspaces', latency: [10, -1] }),
    })
    expect(response.status).toBe(422)
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
    const body = await response.json()
    expect(body).toMatchObject({ status: 422, detail: 'validation failed' })
    expect(body.errors).toEqual([{ message: expect.stringMatching(/>=\s*0/), location: 'body.latency.1', value: -1 }])
    expect(server.api.faults.size).toBe(0)
  })
})
