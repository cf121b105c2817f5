/**
 * fetch() for tests that run their own setupServer (several mock APIs, or none with a baseUrl): same
 * result shape as the harness's `call`; every body that declares a schema is validated against it, and
 * every response is held to the OpenAPI document (openapi-contract.ts).
 */
import { expect } from 'vitest'
import type { Credentials } from '../../src/index.ts'
import type { CheckedResponse } from './mock-server.ts'
import { contractProblems } from './openapi-contract.ts'
import { declaredSchema, schemaErrors } from './schemas.ts'

export interface CheckedInit extends RequestInit {
  /** Credentials to send, if any. */
  as?: Credentials
  /** Sets X-Workspace-ID. */
  workspace?: string
  /** JSON body (sets Content-Type application/json). */
  json?: unknown
  /**
   * `false` for a response a test deliberately takes off the contract (a fault with a status the API does
   * not declare, an override's own body): it is then not held to the OpenAPI document.
   */
  contract?: false
}

export async function checkedFetch(url: string, init: CheckedInit = {}): Promise<CheckedResponse> {
  const { as, workspace, json, contract, ...rest } = init
  const headers = new Headers(rest.headers)
  if (as) {
    headers.set('X-API-Key', as.apiKey)
    headers.set('X-API-Secret', as.apiSecret)
  }
  if (workspace !== undefined) headers.set('X-Workspace-ID', workspace)
  let body = rest.body
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(json)
  }
  const response = await fetch(url, { ...rest, headers, body })
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    parsed = undefined
  }
  const method = new Request(url, { method: rest.method ?? 'GET' }).method
  const schema = declaredSchema(response)
  // A HEAD answer declares its schema but has no body.
  if (schema && method !== 'HEAD') expect(schemaErrors(schema, parsed), `${schema} of ${url}`).toBeUndefined()
  if (contract !== false) {
    const problems = contractProblems({ method, url, status: response.status, contentType: response.headers.get('Content-Type'), body: parsed })
    expect(problems, 'the OpenAPI document (fixtures/openapi.json)').toEqual([])
  }
  return { response, status: response.status, body: parsed, text }
}
