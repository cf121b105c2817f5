/**
 * One admin request of the client (connect.ts): fetch, JSON in and out, and a problem answer thrown as a
 * `MockServerError`. Platform-free: global `fetch` only, so the client runs wherever the tests do. What a
 * route takes and answers is the wire's (src/wire/admin.ts).
 */
import type { AdminRoute, AnswerOf, BodyOf } from '../wire/admin.ts'
import { adminMethod, adminPath, type PathParams } from '../wire/admin-routes.ts'

/** An admin route's RFC 9457 problem (or a non-JSON error answer), thrown by the client. */
export class MockServerError extends Error {
  readonly status: number
  readonly title: string
  readonly detail: string | undefined
  /** The problem's `errors` (what a 422 names: `location`, `message`, `value`). */
  readonly errors: readonly { message?: string; location?: string; value?: unknown }[]

  constructor(method: string, url: string, status: number, problem: Record<string, unknown>) {
    const title = typeof problem.title === 'string' ? problem.title : `HTTP ${status}`
    const detail = typeof problem.detail === 'string' ? problem.detail : undefined
    super(`${method} ${url}: ${status} ${title}${detail ? `: ${detail}` : ''}`)
    this.name = 'MockServerError'
    this.status = status
    this.title = title
    this.detail = detail
    this.errors = Array.isArray(problem.errors) ? problem.errors : []
  }
}

/** Calls one admin route of a server: its answer's JSON, or a `MockServerError`. */
export type AdminCall = <R extends AdminRoute>(route: R, params: PathParams<R>, body?: BodyOf<R> | Record<string, unknown>) => Promise<AnswerOf<R>>

/**
 * The admin routes of the server at `base` (its base URL, no trailing slash), called with `headers` (a JSON
 * body when given); an error status throws `MockServerError`.
 */
export function adminCaller(base: string, headers: Record<string, string>): AdminCall {
  return (route, params, body) => adminRequest(route, `${base}${adminPath(route, params)}`, headers, body)
}

async function adminRequest<R extends AdminRoute>(route: R, url: string, headers: Record<string, string>, body?: unknown): Promise<AnswerOf<R>> {
  const method = adminMethod(route)
  const init: RequestInit = { method, headers: { ...headers, Accept: 'application/json' } }
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' }
    init.body = JSON.stringify(body)
  }
  const response = await fetch(url, init)
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = text === '' ? undefined : JSON.parse(text)
  } catch {
    parsed = undefined
  }
  if (!response.ok) {
    const problem = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : { detail: text || undefined }
    throw new MockServerError(method, url, response.status, problem)
  }
  return parsed as AnswerOf<R>
}
