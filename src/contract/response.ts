/**
 * The response of an interaction: the status, the media type (matched with its parameters), and the body
 * with the matching rules of its schema (matchers.ts). Exact, because the request decided them: a
 * problem's `status`, `title` and the `location` of each of its errors; an envelope's `success`; a member
 * that echoes a query parameter the request sent (`current_page`, `page_size`).
 */
import type { DocumentOperation, DocumentView } from './document.ts'
import type { ContractExchange } from './input.ts'
import { escapeRegex, matchBody, memberPath } from './matchers.ts'
import type { PactResponse } from './pact-v4.ts'

export interface ResponseContext {
  view: DocumentView
  /** The document's origin, shown in place of the mock's. */
  origin: string | undefined
}

export function pactResponse(exchange: ContractExchange, operation: DocumentOperation, context: ResponseContext): PactResponse {
  const { status } = exchange
  const body = exchange.responseBody
  // An answer without a body (204) has no media type either.
  if (body === undefined) return { status }
  const problem = status >= 400
  const documented = context.view.response(operation, status)
  const contentType = documented?.contentType ?? (problem ? 'application/problem+json' : 'application/json')
  const response: PactResponse = {
    status,
    headers: { 'Content-Type': [contentType] },
    matchingRules: { header: { 'Content-Type': { combine: 'AND', matchers: [{ match: 'regex', regex: `^${escapeRegex(contentType)}(\\s*;.*)?$` }] } } },
  }
  if (body === null || typeof body !== 'object') return response
  // An error status the operation does not document is still a problem in the ErrorModel shape.
  const fallback = problem ? { schema: context.view.resolve({ $ref: '#/components/schemas/ErrorModel' }), name: 'ErrorModel' } : undefined
  const { schema, name } = documented?.schema ? documented : (fallback ?? { schema: undefined, name: undefined })
  const matched = matchBody(body, schema, {
    view: context.view,
    exact: exactPaths(exchange, problem, body),
    name,
    written: new Set(exchange.why.written.flatMap((group) => group.ids)),
    origins: { from: URL.canParse(exchange.url) ? new URL(exchange.url).origin : exchange.url, to: context.origin },
  })
  response.body = { content: matched.example, contentType, encoded: false }
  if (Object.keys(matched.rules).length > 0) response.matchingRules!.body = matched.rules
  return response
}

function exactPaths(exchange: ContractExchange, problem: boolean, body: object): Set<string> {
  if (problem) return new Set(['$.status', '$.title', '$.errors[*].location'])
  const echoed = Object.keys(exchange.query).filter((name) => Object.hasOwn(body, name))
  return new Set(['$.success', ...echoed.map((name) => memberPath('$', name)).filter((path) => path !== undefined)])
}
