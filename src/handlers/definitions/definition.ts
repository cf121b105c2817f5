/**
 * An operation of the API as a definition (method, path, parameters and body as zod schemas, the success
 * response, `run`) turned into the pipeline's `Operation`: the six operations of the spec and those of your
 * own (`defineOperation`, define-operation.ts) are made here alike. The pipeline (run-operation.ts) does
 * authentication, faults, overrides and the journal; what this adds per request is reading and validating
 * the inputs in the order of the checks (path, header, query, then the body: 415, 413, 400, then one 422
 * with every problem), the `X-Workspace-ID` scope (404), `run`, and the envelope around its answer.
 */
import type { AnySchema, FieldRecord, RecordFields } from '../../model/fields.ts'
import type { ErrorDetail } from '../../model/schemas.ts'
import type { MockContext } from '../context.ts'
import { cachedEnvelope } from '../reply/reply-cache.ts'
import { envelope, type JsonRow } from '../reply/envelope.ts'
import { principalOf, type Operation, type OperationInput } from '../operation.ts'
import {
  envelopeName,
  recordName,
  type HttpMethod,
  type OperationTexts,
  type ParameterSpec,
  type ResponseRecord,
  type ResponseSpec,
} from '../operation-spec.ts'
import { PAGING_PARAMETERS, pagingQuery, queryValue, WORKSPACE_HEADER } from './parameters.ts'
import { mswPath } from '../path-syntax.ts'
import { Problem } from '../reply/problem.ts'
import { emptyReply, type Answer, type Reply } from '../reply/reply.ts'
import { readJsonBody } from './request-body.ts'
import { OperationRun, type Paging, type RunScope } from './run-context.ts'
import type { MaybePromise } from './run-operation.ts'
import { visibleWorkspace } from './tenant.ts'
import { assertValid, validate } from './validation.ts'

/** The success response of a definition: no body (204), or one record, a list or a page of them. */
export type ResponseDefinition =
  | { readonly shape: 'none'; readonly status?: 204 }
  | { readonly shape: 'item' | 'list' | 'page'; readonly record: ResponseRecord; readonly status?: 200 | 201 }

/** A definition as the kit reads it (define-operation.ts gives it its types). */
export interface Definition extends OperationTexts {
  readonly name: string
  readonly method: HttpMethod
  /** In the spec's syntax: `/api/workspaces/{workspaceId}`. */
  readonly path: string
  readonly params?: Readonly<Record<string, AnySchema>>
  readonly query?: Readonly<Record<string, AnySchema>>
  readonly headers?: Readonly<Record<string, AnySchema>>
  readonly body?: AnySchema
  /** The body also takes this record's writable fields of your own. */
  readonly bodyFields?: FieldRecord
  /** `workspace`: `X-Workspace-ID` names the workspace the request is about (422 or 404 by the kit's rules). */
  readonly scope?: 'workspace'
  readonly response?: ResponseDefinition
  readonly statuses?: readonly number[]
  /** The mock's fields of your own the operation is typed with: a mock serving it must declare them. */
  readonly fields?: RecordFields
  /** Milliseconds `run` may take to settle (an operation of your own; the mock's `operationTimeout` otherwise). */
  readonly timeout?: number
  run(context: OperationRun): unknown
}

/** The response spec of a definition: statuses defaulted, the envelope named. */
export function responseOf(response: ResponseDefinition | undefined): ResponseSpec {
  if (response === undefined || response.shape === 'none') return { shape: 'none', status: 204 }
  const { shape, record } = response
  return { shape, record, status: response.status ?? 200, schema: envelopeName(shape, recordName(record)) }
}

/** Whether a header or query parameter may be absent: its schema accepts undefined. */
export function optional(schema: AnySchema): boolean {
  return schema._zod.optin === 'optional'
}

const specsOf = (where: ParameterSpec['in'], shape: Definition['params']): ParameterSpec<AnySchema>[] =>
  Object.entries(shape ?? {}).map(([name, schema]) => ({ in: where, name, required: where === 'path' || !optional(schema), schema }))

/** The pipeline's operation of a definition (checked already, or the kit's own). */
export function operationOf(definition: Definition): Operation {
  const response = responseOf(definition.response)
  const page = response.shape === 'page'
  const scoped = definition.scope === 'workspace'
  // The order in which they are validated, hence listed in a 422 and published.
  const validated = [
    ...specsOf('path', definition.params),
    ...(scoped ? [WORKSPACE_HEADER] : []),
    ...specsOf('header', definition.headers),
    ...specsOf('query', definition.query),
  ]
  const statuses = [...(scoped || page ? [404] : []), ...(definition.statuses ?? [])]
  const { summary, description, tag } = definition
  const operation: Operation = {
    name: definition.name,
    method: definition.method,
    path: mswPath(definition.path),
    fields: definition.fields,
    response,
    contract: {
      parameters: page ? [...validated, ...PAGING_PARAMETERS] : validated,
      ...(definition.body !== undefined && { body: definition.body }),
      ...(definition.bodyFields !== undefined && { bodyFields: definition.bodyFields }),
      statuses: [...new Set(statuses)],
      ...((summary ?? description ?? tag) !== undefined && { texts: { summary, description, tag } }),
    },
    run: (input) => runDefinition(definition, operation, validated, input),
  }
  return operation
}

type Values = Readonly<Record<string, unknown>>

/** What a request brings besides its body, validated: parameters by where they were, the scope as sent, the page. */
export interface ReadInputs {
  readonly values: Readonly<Record<ParameterSpec['in'], Values>>
  readonly sent: unknown
  readonly page: Paging | undefined
}

// Most reads of the API have no parameter of their own to read: they share these.
const NO_VALUES: ReadInputs['values'] = Object.freeze({ path: Object.freeze({}), header: Object.freeze({}), query: Object.freeze({}) })

/** Validates the inputs (all problems at once), then runs the definition, then wraps its answer. */
function runDefinition(definition: Definition, operation: Operation, parameters: readonly ParameterSpec<AnySchema>[], input: OperationInput): MaybePromise<Answer> {
  const read = readInputs(operation, parameters, input)
  if (definition.body === undefined) return proceed(definition, operation, input, read, undefined)
  return readJsonBody(input.request, input.mock.surface.bodyOf(operation)!, input.errors).then((body) => proceed(definition, operation, input, read, body))
}

function readInputs(operation: Operation, parameters: readonly ParameterSpec<AnySchema>[], input: OperationInput): ReadInputs {
  const { errors, mock } = input
  const values: Record<ParameterSpec['in'], Record<string, unknown>> = parameters.length === 0 ? NO_VALUES : { path: {}, header: {}, query: {} }
  let sent: unknown
  for (const parameter of parameters) {
    const problems = errors.length
    const raw = rawValue(parameter, input, errors)
    // A repeated query parameter is reported as such, not also as missing.
    if (errors.length > problems) continue
    const value = validate(parameter.schema, raw, `${parameter.in}.${parameter.name}`, errors)
    // The scope is `workspace`, not a header of the definition's.
    if (parameter === WORKSPACE_HEADER) sent = value
    else values[parameter.in][parameter.name] = value
  }
  const page = operation.response!.shape === 'page' ? pagingQuery(input.url, errors, mock.profile.paging) : undefined
  return { values, sent, page }
}

/** Once every input is read: one 422 for all their problems, the scope's 404, then `run` and its answer's envelope. */
function proceed(definition: Definition, operation: Operation, input: OperationInput, read: ReadInputs, body: unknown): MaybePromise<Answer> {
  assertValid(input.errors)
  const { mock } = input
  const principal = principalOf(input)
  const sent = read.sent as string
  const scope: RunScope | undefined = definition.scope === 'workspace' ? { workspace: visibleWorkspace(mock, sent, principal), sent } : undefined
  if (scope) input.trace.read('workspaces', scope.workspace)
  const run = new OperationRun(mock, principal, input.request, read, body, scope, input.trace)
  const result = definition.run(run)
  if (!isThenable(result)) return answered(operation, input, result, read.page)
  // The kit's own operations settle by themselves; a user's may never: it gets a timeout.
  const settled = isDefined(operation) ? run.settled(result, definition.timeout ?? mock.operationTimeout, operation.name) : result
  return Promise.resolve(settled).then((answer) => answered(operation, input, answer, read.page))
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}

/** A parameter's value as sent: path segments as MSW matched them, a header, a query value (an empty one is absent). */
function rawValue(parameter: ParameterSpec<AnySchema>, input: OperationInput, errors: ErrorDetail[]): unknown {
  if (parameter.in === 'path') return input.params[parameter.name]
  if (parameter.in === 'header') return input.request.header(parameter.name) ?? undefined
  return queryValue(input.url, parameter.name, errors)
}

/** The reply of what `run` answered: a problem is thrown; records go into the response's envelope. */
function answered(operation: Operation, input: OperationInput, answer: unknown, page: Paging | undefined): Reply {
  if (answer instanceof Problem) throw answer
  const response = operation.response!
  if (response.shape === 'none') return emptyReply(204, {})
  const { target, mock } = input
  const show = rowsOf(response.record, mock)
  const collection = collectionOf(response.record)
  const cached = typeof response.record === 'string'
  if (response.shape === 'item') {
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) throw new TypeError(`${operation.name}: run answered ${describe(answer)}, not a record`)
    if (collection) input.trace.read(collection, answer as { id: string })
    const row = show(answer)
    return withStatus(cached ? cachedEnvelope.item(response.schema, target, row) : envelope.item(response.schema, target, row), response.status)
  }
  if (!Array.isArray(answer)) throw new TypeError(`${operation.name}: run answered ${describe(answer)}, not an array of records`)
  const records = answer as readonly object[]
  if (response.shape === 'list') {
    if (collection) input.trace.read(collection, records as readonly { id: string }[])
    return withStatus(cached ? cachedEnvelope.list(response.schema, target, records, show) : envelope.list(response.schema, target, records.map(show)), response.status)
  }
  const { currentPage, pageSize } = page!
  const start = (currentPage - 1) * pageSize
  input.trace.paged({ currentPage, pageSize, total: records.length })
  if (start >= records.length && currentPage > 1) {
    input.trace.knob('pastTheEnd')
    if (mock.profile.pastTheEnd === 'not-found') {
      throw new Problem(404, `page ${currentPage} is past the last page (${records.length} ${recordName(response.record).toLowerCase()}s)`)
    }
  }
  const rows = records.slice(start, start + pageSize)
  if (collection) input.trace.read(collection, rows as readonly { id: string }[])
  const paging = { currentPage, pageSize, total: records.length }
  return withStatus(cached ? cachedEnvelope.page(response.schema, target, rows, show, paging) : envelope.page(response.schema, target, rows.map(show), paging), response.status)
}

/** The store's collection a response's records come from, for the journal's `why` (none for a record schema of your own). */
function collectionOf(record: ResponseRecord): 'workspaces' | 'applications' | undefined {
  return record === 'workspace' ? 'workspaces' : record === 'application' ? 'applications' : undefined
}

/** How a response's records become JSON rows: the mock's serializer (strict checks, the id prefix, cached per record). */
function rowsOf(record: ResponseRecord, mock: MockContext): (record: object) => JsonRow {
  if (record === 'workspace') return mock.serialize.workspace as (record: object) => JsonRow
  if (record === 'application') return mock.serialize.application as (record: object) => JsonRow
  return (value) => mock.serialize.other(record.schema, value)
}

function withStatus(reply: Reply, status: number): Reply {
  return status === reply.status ? reply : { status, headers: reply.headers, chunks: reply.chunks }
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `${typeof value} ${String(value).slice(0, 40)}`
}

// Operations `defineOperation` made: what a mock's `operations` option takes (the kit's own are not in it).
const defined = new WeakSet<object>()

/** Marks an operation as made by `defineOperation`. */
export function markDefined(operation: Operation): Operation {
  defined.add(operation)
  return operation
}

/** Whether a value is an operation `defineOperation` made (in this copy of the kit). */
export function isDefined(value: unknown): value is Operation {
  return typeof value === 'object' && value !== null && defined.has(value)
}
