import type { OperationSpec } from '../../operation-spec.ts'
import { statusTitle } from '../../reply/problem.ts'
import { MAX_BODY_BYTES, MAX_URL_LENGTH } from '../../limits.ts'

/**
 * When the mock answers each error status, as the document describes it. Every error is
 * `application/problem+json` in the ErrorModel shape.
 */
const WHEN: Record<number, string> = {
  400: 'the body is empty, not UTF-8 or not JSON',
  401: '`X-API-Key` and `X-API-Secret` are missing, empty, or do not match one principal',
  404: "no such record in the caller's organization (another organization's records are 404 too)",
  413: `the body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`,
  414: `the request URL is longer than ${MAX_URL_LENGTH} characters`,
  415: 'the body is not `application/json` (or `application/*+json`)',
  422: 'a path, header, query or body value is invalid; `errors` lists every one of them',
  429: 'an injected rate limit (`faults.rateLimit`), whose `Retry-After` says when to try again; or, on the demo server, a write past its write budget (no `Retry-After`: deleting records or a reset frees it)',
  500: 'the mock failed, a contract-strict check failed, or an injected fault (`faults.fail`, whose default status this is)',
  503: 'an injected fault (`faults.fail` with status 503), e.g. to test retries',
}

/** The response description of an error status: Go's status text (Huma's `title`), then when it happens. */
export function statusDescription(status: number): string {
  const when = WHEN[status] ?? 'an injected fault'
  return `${statusTitle(status)}: ${when}.`
}

/**
 * Every error status the mock can answer for an operation of the API, derived from what the operation
 * declares and what the pipeline does for all of them (src/handlers/definitions/run-operation.ts):
 * - any operation: 414 (over-long URL, checked first), 429 and 503 (injected faults; 429 also the demo
 *   server's write budget), 500 (kit failures, contract-strict violations, `faults.fail`'s default);
 * - with credentials (every operation of the API): 401;
 * - with parameters or a body to validate: 422; with a JSON body: 400, 413, 415 (readJsonBody);
 * - the operation's own `contract.statuses` (404 for the records it looks up).
 * 404 for an unknown path and 405 for a method a path does not have are answers of no operation: the
 * document's `info.description` states them.
 */
export function errorStatuses(operation: OperationSpec): number[] {
  const contract = operation.contract
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable
  if (!contract) throw new TypeError(`${operation.name} is not an operation of the published API`)
  const statuses = new Set<number>([414, 429, 500, 503, ...contract.statuses])
  // Stryker disable next-line ConditionalExpression: same-value
  if (!operation.public) statuses.add(401)
  if (contract.parameters.length > 0) statuses.add(422)
  if (contract.body) for (const status of [400, 413, 415, 422]) statuses.add(status)
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: unseen
  return [...statuses].sort((a, b) => a - b)
}
