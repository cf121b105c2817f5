import type { AdminRoute, AnswerOf } from '../../wire/admin.ts'
import { adminStatus } from '../../wire/admin-routes.ts'

/** An admin route's JSON answer, typed by the wire (src/wire/admin.ts) it belongs to, with its status (the table's). */
export function wireAnswer<R extends AdminRoute>(route: R, body: AnswerOf<R>): Response {
  return new Response(JSON.stringify(body), { status: adminStatus(route), headers: { 'Content-Type': 'application/json' } })
}
