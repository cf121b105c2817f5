/**
 * One admin request of the client (connect.ts): fetch, JSON in and out, and a problem answer thrown as a
 * `MockServerError`. Platform-free: global `fetch` only, so the client runs wherever the tests do. What a
 * route takes and answers is the wire's (src/wire/admin.ts).
 */
import type { AdminRoute, AnswerOf, BodyOf } from '../wire/admin.ts'


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

/**
 * Sends `route`'s request to `url` with `headers` (a JSON body when given) and answers its JSON; throws
 * `MockServerError` on an error status.
 */
export async function adminRequest<R extends AdminRoute>(
  route: R,
  url: string,
  headers: Record<string, string>,
  body?: BodyOf<R> | Record<string, unknown>,
): Promise<AnswerOf<R>> {
  const method = route.slice(0, route.indexOf(' '))
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
