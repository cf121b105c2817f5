import type { AdminRoute, AnswerOf } from '../../../wire/admin.ts'
import { authorization } from './token.ts'

/** Calls to the admin API; a problem+json answer becomes an error with its detail. */
export class AdminError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = 'AdminError'
    this.status = status
  }
}

/** Calls `route` (its method is the route's) at `path`; answers its JSON as the wire types it. */
export async function admin<R extends AdminRoute>(route: R, path: string, init: { body?: unknown } = {}): Promise<AnswerOf<R>> {
  const method = route.slice(0, route.indexOf(' '))
  const request: RequestInit = { method, headers: authorization() }
  if (init.body !== undefined) {
    request.headers = { ...authorization(), 'Content-Type': 'application/json' }
    request.body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
  }
  const response = await fetch(path, request)
  const text = await response.text()
  const body = text === '' ? undefined : (JSON.parse(text) as unknown)
  if (!response.ok) {
    const problem = body as { detail?: string; errors?: Array<{ location: string; message: string }> } | undefined
    const where = problem?.errors?.[0] ? ` (at ${problem.errors[0].location})` : ''
    throw new AdminError(response.status, `${problem?.detail ?? `${response.status} ${response.statusText}`}${where}`)
  }
  return body as AnswerOf<R>
}
