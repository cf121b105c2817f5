import type { AdminRoute, AnswerOf } from '../../wire/admin.ts'

/** An admin route's JSON answer, typed by the wire (src/wire/admin.ts) it belongs to. */
export function wireAnswer<R extends AdminRoute>(_route: R, body: AnswerOf<R>, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}
