/**
 * The operations a module defines: those of the service's OpenAPI document that the mock lacks (their
 * parameters, body, success answer and error statuses as the document states them), and routes the
 * service answered that the mock lacks and the document does not describe, when the request says enough
 * (a DELETE of a workspace or an application by id). What cannot become a definition the kit serves is a
 * note, never code.
 */
import { inheritedName } from '../model/definition-error.ts'
import { OPERATION_NAME, OPERATION_PATH } from '../handlers/definitions/define-operation.ts'
import { mswPath } from '../handlers/path-syntax.ts'
import { KIT_COMPONENTS, overlap, RESERVED } from '../handlers/routing/operation-table.ts'
import type { HttpMethod } from '../handlers/operation-spec.ts'
import { commentText, requestText } from './code-text.ts'
import type { Findings } from './findings.ts'
import { refName, resolved, shapeOf } from './openapi-shape.ts'
import type { Shape } from './shape.ts'

export interface Parameter {
  name: string
  shape: Shape
  required: boolean
}

export type RecordPlan = 'workspace' | 'application' | { name: string; shape: Shape }

export type ResponsePlan = { shape: 'none' } | { shape: 'item' | 'list' | 'page'; record: RecordPlan; status: 200 | 201 }

export interface OperationPlan {
  name: string
  method: HttpMethod
  path: string
  params: Parameter[]
  query: Parameter[]
  headers: Parameter[]
  scope: boolean
  body?: Shape
  response: ResponsePlan
  statuses: number[]
  texts: { summary?: string; description?: string; tag?: string }
  /** Where it was seen, for the comment (made safe already). */
  seen: string
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
/** Operations read from one document at most. */
const MAX_OPERATIONS = 200
/** Headers the kit reads itself (X-Workspace-ID is `scope`). */
const KIT_HEADERS = new Set(['x-api-key', 'x-api-secret', 'content-type', 'content-length'])
/** Error statuses the kit answers for every operation, or for one with parameters or a body: never listed in `statuses`. */
const DERIVED = new Set([400, 401, 413, 414, 415, 422, 429, 500, 503])
const PAGING = new Set(['current_page', 'page_size'])

/** A path with its parameters unnamed (`/api/workspaces/{}`), in either syntax, to tell routes apart. */
export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}/]*\}|:[A-Za-z_]\w*/g, '{}')}`

/** The operations of the findings the mock lacks, and notes on those that cannot be written. */
export function operationPlans(findings: Findings): { plans: OperationPlan[]; notes: string[] } {
  const notes: string[] = []
  const known = new Set(findings.known.operations.map((operation) => routeKey(operation.method, operation.path)))
  const names = new Set(findings.known.operations.flatMap((operation) => (operation.name === undefined ? [] : [operation.name])))
  const routes: Array<{ method: string; path: string }> = [...findings.known.operations, ...RESERVED].map(({ method, path }) => ({ method, path: mswPath(path) }))
  const plans: OperationPlan[] = []
  const add = (plan: OperationPlan | string) => {
    if (typeof plan === 'string') return void notes.push(plan)
    const route = routeKey(plan.method, plan.path)
    if (known.has(route)) return
    known.add(route)
    const taken = routes.find((other) => other.method === plan.method && overlap(other.path, mswPath(plan.path)))
    if (taken) return void notes.push(`${plan.method} ${commentText(plan.path, 120)}: the mock's route ${taken.method} ${taken.path.replace(/:(\w+)/g, '{$1}')} answers its requests; the kit serves no two routes one request could take`)
    routes.push({ method: plan.method, path: mswPath(plan.path) })
    plan.name = unique(plan.name, names)
    plans.push(plan)
  }
  if (findings.openapi !== undefined) documentPlans(findings.openapi.document, commentText(findings.openapi.seen, 200), notes).forEach(add)
  for (const found of findings.operations) add(answeredPlan(found))
  return { plans, notes }
}

/** The name, or the name with a number that no other operation has. */
function unique(name: string, names: Set<string>): string {
  let candidate = name
  for (let n = 2; names.has(candidate); n++) candidate = `${name}${n}`
  names.add(candidate)
  return candidate
}

/** An operation's name: its `operationId` when the kit takes it, else made of the method and the path's words. */
function nameOf(operationId: unknown, method: string, path: string): string {
  if (typeof operationId === 'string' && operationId.length <= 64 && OPERATION_NAME.test(operationId) && inheritedName(operationId) === undefined) return operationId
  const words = path.replace(/^\/api\//, '').split(/[^A-Za-z0-9]+/).filter(Boolean).slice(0, 8)
  const name = [method.toLowerCase(), ...words.map((word) => `${word[0]!.toUpperCase()}${word.slice(1)}`)].join('')
  return /^[A-Za-z]/.test(name) ? name : `operation${name}`
}

/** The document's paths under /api (a path without it gets the `/api` of the document's server URL). */
function documentPlans(document: unknown, seen: string, notes: string[]): Array<OperationPlan | string> {
  if (!isObject(document) || typeof document.openapi !== 'string' || !/^3\.[01]\./.test(document.openapi) || !isObject(document.paths)) {
    notes.push(`the OpenAPI document (${seen}): not an OpenAPI 3.0 or 3.1 document with paths; no operation read from it`)
    return []
  }
  const server = Array.isArray(document.servers) && isObject(document.servers[0]) && typeof document.servers[0].url === 'string' ? document.servers[0].url : ''
  const prefix = /\/api\/?$/.test(server) ? '/api' : ''
  const out: Array<OperationPlan | string> = []
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue
    for (const method of METHODS) {
      const operation = item[method.toLowerCase()]
      if (!isObject(operation) || out.length >= MAX_OPERATIONS) continue
      out.push(documentPlan(document, `${prefix}${path}`, method, operation, item, seen))
    }
  }
  return out
}

function documentPlan(document: Json, path: string, method: HttpMethod, operation: Json, item: Json, seen: string): OperationPlan | string {
  const route = `${method} ${commentText(path, 120)}`
  if (!OPERATION_PATH.test(path) || /\/\.\.?(?=\/|$)/.test(path)) return `${route}: the kit serves no operation at this path (a path under /api of letters, digits, ._~- and {name} parameters)`
  const name = nameOf(operation.operationId, method, path)
  const response = responseOf(document, operation, name)
  if (typeof response === 'string') return `${route}: ${response}`
  const parameters = parametersOf(document, [item.parameters, operation.parameters])
  const refused = parameters.find((parameter) => inheritedName(parameter.name) !== undefined || parameter.in === 'cookie')
  if (refused) return `${route}: the kit takes no ${refused.in} parameter named ${JSON.stringify(refused.name)}`
  const of = (where: string) => parameters.filter((parameter) => parameter.in === where)
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
  const params = inPath.map((name) => of('path').find((parameter) => parameter.name === name) ?? { name, shape: { kind: 'string' } as Shape, required: true })
  const scope = of('header').some((parameter) => parameter.name.toLowerCase() === 'x-workspace-id')
  const headers = of('header').filter((parameter) => !KIT_HEADERS.has(parameter.name.toLowerCase()) && parameter.name.toLowerCase() !== 'x-workspace-id' && /^[A-Za-z0-9-]+$/.test(parameter.name))
  const query = of('query').filter((parameter) => !(response.shape === 'page' && PAGING.has(parameter.name)))
  const body = bodyOf(document, operation, method)
  const statuses = errorStatuses(operation).filter((status) => !DERIVED.has(status) && !(status === 404 && (scope || response.shape === 'page')))
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.slice(0, 500) : undefined)
  const tag = Array.isArray(operation.tags) ? text(operation.tags[0]) : undefined
  return {
    name,
    method,
    path,
    params: params.map((parameter) => ({ ...parameter, required: true })),
    query,
    headers,
    scope,
    ...(body !== undefined && { body }),
    response,
    statuses,
    texts: { summary: text(operation.summary), description: text(operation.description), tag },
    seen: `in the service's OpenAPI document (${seen})`,
  }
}

type DocumentParameter = Parameter & { in: string }

/** The parameters of a path item and its operation (the operation's win), `$ref`s to components followed. */
function parametersOf(document: Json, lists: unknown[]): DocumentParameter[] {
  const byKey = new Map<string, DocumentParameter>()
  const components = isObject(document.components) && isObject(document.components.parameters) ? document.components.parameters : {}
  for (const list of lists) {
    if (!Array.isArray(list)) continue
    for (const entry of list.slice(0, 100)) {
      const ref = isObject(entry) && typeof entry.$ref === 'string' ? /^#\/components\/parameters\/([^/]+)$/.exec(entry.$ref)?.[1] : undefined
      const parameter = ref !== undefined && Object.hasOwn(components, ref) ? components[ref] : entry
      if (!isObject(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string' || parameter.name === '' || parameter.name.length > 100) continue
      const shape = shapeOf(parameter.schema, document)
      byKey.set(`${parameter.in} ${parameter.name}`, { name: parameter.name, in: parameter.in, shape, required: parameter.required === true })
    }
  }
  return [...byKey.values()]
}

/** The JSON body's shape, when the operation takes one (never on a GET). */
function bodyOf(document: Json, operation: Json, method: HttpMethod): Shape | undefined {
  const body = resolvedRequestBody(document, operation.requestBody)
  const content = isObject(body) && isObject(body.content) ? body.content : undefined
  const json = content && Object.entries(content).find(([type]) => /^application\/(?:[\w.+-]+\+)?json$/.test(type))?.[1]
  if (method === 'GET' || !isObject(json)) return undefined
  return shapeOf(json.schema, document)
}

function resolvedRequestBody(document: Json, body: unknown): unknown {
  const ref = isObject(body) && typeof body.$ref === 'string' ? /^#\/components\/requestBodies\/([^/]+)$/.exec(body.$ref)?.[1] : undefined
  const bodies = isObject(document.components) && isObject(document.components.requestBodies) ? document.components.requestBodies : {}
  return ref !== undefined && Object.hasOwn(bodies, ref) ? bodies[ref] : body
}

function errorStatuses(operation: Json): number[] {
  const responses = isObject(operation.responses) ? Object.keys(operation.responses) : []
  return responses.filter((status) => /^[45]\d\d$/.test(status)).map(Number)
}

/**
 * The success answer as the kit shapes it: none (204), or the API's envelope (`data` with one record, a
 * list, or a page with `total`) of a workspace, an application or a record of the document's.
 */
function responseOf(document: Json, operation: Json, name: string): ResponsePlan | string {
  const responses = isObject(operation.responses) ? operation.responses : {}
  const status = ['200', '201', '204'].find((code) => Object.hasOwn(responses, code))
  if (status === undefined) return 'no 200, 201 or 204 answer, which the kit answers'
  const response = responses[status]
  const content = isObject(response) && isObject(response.content) ? response.content : {}
  const json = Object.entries(content).find(([type]) => /json/.test(type))?.[1]
  if (status === '204' || !isObject(json)) return status === '204' || Object.keys(content).length === 0 ? { shape: 'none' } : 'answers no JSON'
  const envelope = resolved(json.schema, document)
  const data = isObject(envelope) && isObject(envelope.properties) ? envelope.properties.data : undefined
  if (data === undefined) return 'answers a body without the API\'s envelope ({ data }), which the kit cannot shape'
  const page = isObject(envelope) && isObject(envelope.properties) && Object.hasOwn(envelope.properties, 'total')
  const items = isObject(data) && data.type === 'array' ? data.items : undefined
  const shape = page ? 'page' : items !== undefined ? 'list' : 'item'
  const record = recordOf(document, items ?? data, name)
  return { shape, record, status: status === '201' ? 201 : 200 }
}

/**
 * A built-in record by its component's name; another one with the name Huma gave it (PascalCase), or one
 * named for the operation. A record the document does not describe as an object takes any object.
 */
function recordOf(document: Json, schema: unknown, operation: string): RecordPlan {
  const name = refName(schema)
  if (name === 'Workspace') return 'workspace'
  if (name === 'Application') return 'application'
  const own = name !== undefined && /^[A-Z][A-Za-z0-9]{0,63}$/.test(name) && !KIT_COMPONENTS.has(name) ? name : `${operation[0]!.toUpperCase()}${operation.slice(1).replace(/_/g, '')}Record`
  const shape = shapeOf(schema, document)
  return { name: own, shape: shape.kind === 'object' || shape.kind === 'record' ? shape : { kind: 'record', values: { kind: 'unknown' } } }
}

/** Path segments that are ids (`wse_<hex>`, `app_<hex>`) as parameters named for their record. */
function template(path: string): string {
  const names: Record<string, string> = { wse: 'workspaceId', app: 'applicationId' }
  return path.split('?')[0]!.replace(/\/([a-z]+)_[0-9a-f]+(?=\/|$)/g, (_, prefix: string) => `/{${names[prefix] ?? `${prefix}Id`}}`)
}

/** A route the service answered and the mock does not: a DELETE by id becomes one; others are notes. */
function answeredPlan(found: Findings['operations'][number]): OperationPlan | string {
  const path = template(found.path)
  const route = `${commentText(found.method, 10)} ${commentText(path, 120)}`
  const match = /^\/api\/(workspaces|applications)\/\{(\w+)\}$/.exec(path)
  if (found.method !== 'DELETE' || match === null) {
    return `${route}: answered ${found.status} where the mock has no such route; describe it with defineOperation (docs/extending.md), or give verify the service's OpenAPI document (--openapi)`
  }
  const record = match[1] === 'workspaces' ? 'workspace' : 'application'
  return {
    name: nameOf(undefined, 'delete', `/${record}`),
    method: 'DELETE',
    path,
    params: [{ name: match[2]!, shape: { kind: 'string', min: 1, max: 36 }, required: true }],
    query: [],
    headers: [],
    // An application is deleted in a workspace, as the API reads every application.
    scope: record === 'application',
    response: { shape: 'none' },
    statuses: found.status === 404 && record === 'workspace' ? [404] : [],
    texts: {},
    seen: `answered ${found.status} to ${requestText(`${found.method} ${found.path}`, 160)}, where the mock had no such route`,
  }
}
