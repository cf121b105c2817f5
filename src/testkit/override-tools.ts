/**
 * The builders an override's resolver gets (`respond()`, `problem()`): the operation's own envelope, or a
 * problem in the kit's shape. Loaded with the first override that runs (overrides.ts): a page that sets
 * none carries none of this.
 */
import type { Operation } from '../handlers/operation.ts'
import { envelope, jsonRow, type ResponseTarget } from '../handlers/reply/envelope.ts'
import { Problem, problemReply } from '../handlers/reply/problem.ts'
import { emptyReply, toResponse, type Reply } from '../handlers/reply/reply.ts'
import type { ErrorDetail } from '../model/schemas.ts'

/** Where a built response is told, with the reply it was made from and a problem's `detail` (the journal reads them there). */
export type KeepBuilt = (response: Response, reply: Reply, detail?: string) => void

/** `respond()` and `problem()` for one request of `operation`. */
export function replyTools(operation: Operation, target: ResponseTarget, keep: KeepBuilt) {
  const built = (reply: Reply, detail?: string): Response => {
    const response = toResponse(reply)
    keep(response, reply, detail)
    return response
  }
  return {
    respond: (data: unknown) => built(respondWith(operation, target, data)),
    problem: (status: number, detail: string, errors?: ErrorDetail[]) => built(problemReply(new Problem(status, detail, errors), target), detail),
  }
}

function respondWith(operation: Operation, target: ResponseTarget, data: any): Reply {
  const { response } = operation
  if (!response) throw new TypeError(`${operation.name} has no envelope to respond with`)
  if (response.shape === 'none') return emptyReply(response.status, {})
  const { schema, shape, status } = response
  if (shape === 'item') return withStatus(envelope.item(schema, target, jsonRow(data)), status)
  if (shape === 'list') return withStatus(envelope.list(schema, target, data.map(jsonRow)), status)
  return withStatus(envelope.page(schema, target, data.data.map(jsonRow), {
    currentPage: data.current_page ?? 1,
    pageSize: data.page_size ?? 10,
    total: data.total ?? data.data.length,
  }), status)
}

function withStatus(reply: Reply, status: number): Reply {
  return { ...reply, status }
}
