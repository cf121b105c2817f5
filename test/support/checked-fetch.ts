/**
 * fetch() for tests that run their own setupServer (several mock APIs, or none with a baseUrl): same
 * result shape as the harness's `call`, and every body that declares a schema is validated against it.
 */
import { expect } from 'vitest'
import type { Credentials } from '../../src/index.ts'
import type { CheckedResponse } from './mock-server.ts'
import { declaredSchema, schemaErrors } from './schemas.ts'

export interface CheckedInit extends RequestInit {
  /** Credentials to send, if any. */
  as?: Credentials
  /** Sets X-Workspace-ID. */
  workspace?: string
  /** JSON body (sets Content-Type application/json). */
  json?: unknown
}

export async function checkedFetch(url: string, init: CheckedInit = {}): Promise<CheckedResponse> {
  const { as, workspace, json, ...rest } = init
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
  const schema = declaredSchema(response)
  if (schema) expect(schemaErrors(schema, parsed), `${schema} of ${url}`).toBeUndefined()
  return { response, status: response.status, body: parsed, text }
}
