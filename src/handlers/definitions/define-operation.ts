/**
 * `defineOperation`: an operation of your own, with the whole kit behind it (docs/extending.md). The
 * definition is checked here, at once, so that a mistake names its key and the operation where it is
 * made; definition.ts turns it into the pipeline's operation, as it does the spec's six. The types give
 * `run` its inputs as the schemas parse them and hold its answer to the response's record.
 */
import { DefinitionError, inheritedName, isZodSchema, literalPrototype, notZod } from '../../model/definition-error.ts'
import { notJsonKind } from '../../model/json-values.ts'
import { checkFields, type AnySchema, type FieldRecord, type RecordFields } from '../../model/fields.ts'
import type { Account, Application, ErrorDetail, Workspace } from '../../model/schemas.ts'
import type { z } from '../../model/zod.ts'
import type { Factories } from '../../factories/factories.ts'
import { markDefined, operationOf, optional, type Definition, type ResponseDefinition } from './definition.ts'
import type { Operation } from '../operation.ts'
import type { HttpMethod, RecordSchema } from '../operation-spec.ts'
import type { Problem } from '../reply/problem.ts'
import { badTimeout, type Paging, type RequestView } from './run-context.ts'

export type { ResponseDefinition, RecordSchema, Paging, RequestView }

type Shape = Readonly<Record<string, AnySchema>>
type Outputs<S> = { readonly [K in keyof S]: S[K] extends AnySchema ? z.core.output<S[K]> : never }

/** The values of fields of your own (`{ status: { schema, build } }`), by name, as their schemas output them. */
export type FieldValues<D> = { [K in keyof D]: D[K] extends { schema: infer S extends AnySchema } ? z.core.output<S> : never }
type Own<F, R extends FieldRecord> = R extends keyof F ? FieldValues<NonNullable<F[R]>> : {}

/** A workspace with the fields of your own `F` declares (`F`: a `fields` object, `{}` for none). */
export type WorkspaceOf<F = {}> = Workspace & Own<F, 'workspace'>
/** An application with the fields of your own `F` declares. */
export type ApplicationOf<F = {}> = Application & Own<F, 'application'>

/** The members the store sets itself on a create or an update, whatever it is given. */
type SetByTheStore = 'id' | 'organization' | 'workspace' | 'icons' | 'created' | 'created_by' | 'updated' | 'modified_by'
/** What an update may set of a workspace: its own members and the fields of your own, as their schemas output them. */
export type WorkspaceChanges<F = {}> = Partial<Omit<WorkspaceOf<F>, SetByTheStore>>
/** What an update may set of an application. */
export type ApplicationChanges<F = {}> = Partial<Omit<ApplicationOf<F>, SetByTheStore>>
/** A new workspace: `name`, and optionally `description` and `domain` (default `""`) and fields of your own (built when absent). */
export type WorkspaceValues<F = {}> = WorkspaceChanges<F> & { name: string }
/** A new application: `name`, and any other member a client may set (defaults: decisions row "Create application body"). */
export type ApplicationValues<F = {}> = ApplicationChanges<F> & { name: string }

/** The caller's workspaces, as `run` gets them (writes resolve once the store has them). */
export interface WorkspaceCollection<F = {}> {
  /** The caller's organization's workspaces, in list order (`created`, then `id`). Do not change the array. */
  list(): readonly WorkspaceOf<F>[]
  /** The workspace `id` names (as a client sends it); a 404 problem (thrown) unless the caller's organization owns it. */
  get(id: string): WorkspaceOf<F>
  /** Creates a workspace in the caller's organization; the store sets id, organization, icons, stamps and authors. */
  create(values: WorkspaceValues<F>): Promise<WorkspaceOf<F>>
  /** Sets the given members; `updated` moves on, `modified_by` is the caller; the store's members stay. */
  update(workspace: Workspace, changes: WorkspaceChanges<F>): Promise<WorkspaceOf<F>>
  /** Deletes the workspace and its applications. */
  delete(workspace: Workspace): void
}

/** The applications of the caller's workspaces (of the scope's by default), as `run` gets them. */
export interface ApplicationCollection<F = {}> {
  /** The workspace's applications in list order. Do not change the array. */
  list(workspace?: Workspace): readonly ApplicationOf<F>[]
  /** The application `id` names in the workspace; a 404 problem (thrown) when it is not there. */
  get(id: string, workspace?: Workspace): ApplicationOf<F>
  /** Creates an application in the workspace; the store sets id, workspace, icons, stamps and authors. */
  create(values: ApplicationValues<F>, workspace?: Workspace): Promise<ApplicationOf<F>>
  /** Sets the given members; `updated` moves on, `modified_by` is the caller; the store's members stay. */
  update(application: Application, changes: ApplicationChanges<F>): Promise<ApplicationOf<F>>
  delete(application: Application): void
}

/** The record type of a response's record: a built-in one (with the fields of your own `F` declares), or the output of your schema. */
export type RecordOf<R, F = {}> = R extends 'workspace'
  ? WorkspaceOf<F>
  : R extends 'application'
    ? ApplicationOf<F>
    : R extends RecordSchema<infer S>
      ? z.core.output<S>
      : never

/** What `run` answers with (besides a problem): a record, an array of records (a list or every row of a page), or nothing. */
export type DataOf<R, F = {}> = R extends { shape: 'item'; record: infer Rec }
  ? RecordOf<Rec, F>
  : R extends { shape: 'list' | 'page'; record: infer Rec }
    ? readonly RecordOf<Rec, F>[]
    : void

/** What an override's `respond()` takes for an operation: its record, its list, a page's `data` and numbers, or nothing. */
export type RespondData<R, F = {}> = R extends { shape: 'page'; record: infer Rec }
  ? { data: RecordOf<Rec, F>[]; current_page?: number; page_size?: number; total?: number }
  : R extends { shape: 'item' | 'list' }
    ? DataOf<R, F>
    : void

/** What `run` gets: validated inputs, the caller, the store with the kit's tenant rules, factories, the clock, `problem()`. */
export interface RunContext<P = Shape, Q = Shape, H = Shape, B = undefined, Scoped = undefined, R = ResponseDefinition, F = {}> {
  readonly params: Outputs<P>
  readonly query: Outputs<Q>
  readonly headers: Outputs<H>
  /** The JSON body as the body schema parses it (with the writable fields it takes); undefined without one. */
  readonly body: B extends AnySchema ? z.core.output<B> : undefined
  /** The caller's account record. */
  readonly principal: Account
  /** The caller's account id (what `created_by` and `modified_by` hold). */
  readonly account: string
  /** The caller's organization id. */
  readonly organization: string
  /** The workspace `X-Workspace-ID` names (`scope: 'workspace'`); the kit has answered 422 or 404 otherwise. */
  readonly workspace: Scoped extends 'workspace' ? WorkspaceOf<F> : undefined
  /** The page asked for (`response.shape: 'page'`): answer every row, the kit cuts the page. */
  readonly page: R extends { shape: 'page' } ? Paging : undefined
  /** The caller's workspaces: `list()`, `get(id)` (or 404), `create`, `update`, `delete`. */
  readonly workspaces: WorkspaceCollection<F>
  /** Applications of the caller's workspaces (of the scope's by default): `list`, `get(id)` (or 404), `create`, `update`, `delete`. */
  readonly applications: ApplicationCollection<F>
  /** The mock's seeded factories. */
  readonly factories: Factories
  readonly request: RequestView
  /** The mock's clock. */
  now(): number
  /** An RFC 9457 problem in the kit's shape: return it or throw it. */
  problem(status: number, detail: string, errors?: ErrorDetail[]): Problem
}

type Answer<D> = D | Problem | Promise<D | Problem>

/** An operation of your own, as `defineOperation` takes it. */
export interface OperationDefinition<
  Name extends string,
  P extends Shape,
  Q extends Shape,
  H extends Shape,
  B extends AnySchema | undefined,
  Scoped extends 'workspace' | undefined,
  R extends ResponseDefinition,
  F extends RecordFields = {},
> {
  /** Its name in overrides, faults, the journal and the OpenAPI document (`operationId`). */
  name: Name
  method: HttpMethod
  /** Under `/api`, with `{name}` path parameters: `/api/workspaces/{workspaceId}`. */
  path: string
  /** A schema for every path parameter (values arrive as strings). */
  params?: P
  /** Query parameters (strings; an empty one is absent; use `z.coerce` for numbers). Required unless the schema is optional. */
  query?: Q
  /** Request headers by name (strings). Required unless the schema is optional. */
  headers?: H
  /** The JSON body's schema: 415, 413, 400 and 422 (at `body.`) follow from it. */
  body?: B
  /** The body also takes the writable fields of your own of this record. */
  bodyFields?: FieldRecord
  /**
   * The mock's fields of your own (its `fields` option, declared with `satisfies RecordFields`): `run`'s
   * records, writes and answer are typed with them. A mock serving the operation must declare them.
   */
  fields?: F
  /** `'workspace'`: `X-Workspace-ID` names the workspace the request is about (422 when missing or too long, 404 when not the caller's). */
  scope?: Scoped
  /** The success answer: `{ shape: 'item' | 'list' | 'page', record, status? }` or `{ shape: 'none' }` (204, the default). */
  response?: R
  /** Error statuses of its own decisions, for the OpenAPI document (401, 422, ... are derived). */
  statuses?: readonly number[]
  summary?: string
  description?: string
  tag?: string
  /** Milliseconds `run` may take to settle before the kit answers 500 (and journals why); default the mock's `operationTimeout` (2000). */
  timeout?: number
  run(context: RunContext<P, Q, H, B, Scoped, R, F>): Answer<DataOf<R, F>>
}

declare const DATA: unique symbol

/** An operation `defineOperation` made: a mock takes it in its `operations` option. */
export interface DefinedOperation<Name extends string = string, Data = unknown> extends Operation {
  readonly name: Name
  /** Type only: what an override's `respond()` of this operation takes. */
  readonly [DATA]?: Data
}

/** The names of a list of operations of your own. */
export type NameOf<Ops extends readonly DefinedOperation[]> = Ops[number]['name']

/** What an override's `respond()` takes for the operation of your own named `Name`. */
export type DefinedData<Ops extends readonly DefinedOperation[], Name extends string> =
  Extract<Ops[number], { name: Name }> extends DefinedOperation<Name, infer Data> ? Data : never

/**
 * Defines an operation of your own; a mock serves it with `createMockApi({ operations: [...] })`, with
 * authentication, validation, faults, overrides, the journal, strict mode and the OpenAPI documents as for
 * the spec's. Throws `DefinitionError` at once for a definition the kit cannot serve, naming the key.
 * @example
 * const deleteWorkspace = defineOperation({
 *   name: 'deleteWorkspace', method: 'DELETE', path: '/api/workspaces/{workspaceId}',
 *   params: { workspaceId: z.string().max(36) }, statuses: [404],
 *   run: ({ params, workspaces }) => workspaces.delete(workspaces.get(params.workspaceId)),
 * })
 */
export function defineOperation<
  const Name extends string,
  P extends Shape = {},
  Q extends Shape = {},
  H extends Shape = {},
  B extends AnySchema | undefined = undefined,
  Scoped extends 'workspace' | undefined = undefined,
  const R extends ResponseDefinition = { shape: 'none' },
  F extends RecordFields = {},
>(definition: OperationDefinition<Name, P, Q, H, B, Scoped, R, F>): DefinedOperation<Name, RespondData<R, F>> {
  checkDefinition(definition as unknown as Definition)
  return markDefined(operationOf(definition as unknown as Definition)) as DefinedOperation<Name, RespondData<R, F>>
}

const METHODS: ReadonlySet<string> = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/
const PATH = /^\/api(?:\/(?:[A-Za-z0-9._~-]+|\{[A-Za-z_][A-Za-z0-9_]*\}))+$/
/** What a definition's name and path must look like (src/codegen/ writes only definitions that do). */
export { NAME as OPERATION_NAME, PATH as OPERATION_PATH }
/** Headers the kit reads itself. */
const KIT_HEADERS = new Set(['x-api-key', 'x-api-secret', 'x-workspace-id', 'content-type', 'content-length'])

/** Why an input schema is refused: the documents describe every input, and zod's JSON Schema has no word for this kind. */
const undescribable = (kind: string) => `the OpenAPI documents cannot describe a ${kind} schema: take what JSON and URLs carry (z.coerce for numbers) and convert it in run`

/** Every check one definition allows on its own (names and routes against others: operation-table.ts). */
function checkDefinition(definition: Definition): void {
  if (definition === null || typeof definition !== 'object') throw new DefinitionError('(definition)', 'expected an object')
  const { name } = definition
  if (typeof name !== 'string' || !NAME.test(name)) throw new DefinitionError('name', `expected letters, digits and _, starting with a letter, got ${JSON.stringify(name)}`)
  const fail = (key: string, reason: string): never => {
    throw new DefinitionError(key, reason, name)
  }
  if (!METHODS.has(definition.method)) fail('method', `expected one of ${[...METHODS].join(', ')}, got ${JSON.stringify(definition.method)}`)
  if (typeof definition.path !== 'string' || !PATH.test(definition.path)) {
    fail('path', `expected a path under /api with {name} parameters, such as /api/workspaces/{workspaceId}, got ${JSON.stringify(definition.path)}`)
  }
  if (/\/\.\.?(?=\/|$)/.test(definition.path)) fail('path', `no URL reaches ${definition.path}: a client resolves its . and .. segments away`)
  if (typeof definition.run !== 'function') fail('run', 'expected a function')
  checkParameters(definition, fail)
  if (definition.body !== undefined) {
    if (definition.method === 'GET') fail('body', 'a GET has no body')
    if (!isZodSchema(definition.body)) fail('body', notZod(definition.body))
    const kind = notJsonKind(definition.body!)
    if (kind !== undefined) fail('body', undescribable(kind))
  }
  if (definition.bodyFields !== undefined && definition.bodyFields !== 'workspace' && definition.bodyFields !== 'application') fail('bodyFields', "expected 'workspace' or 'application'")
  if (definition.bodyFields !== undefined && definition.body === undefined) fail('bodyFields', 'the operation has no body')
  if (definition.scope !== undefined && definition.scope !== 'workspace') fail('scope', `expected 'workspace', got ${JSON.stringify(definition.scope)}`)
  checkFields(definition.fields)
  checkResponse(definition.response, fail)
  for (const status of definition.statuses ?? []) if (!Number.isInteger(status) || status < 400 || status > 599) fail('statuses', `expected error statuses 400..599, got ${status}`)
  const timeout = definition.timeout === undefined ? undefined : badTimeout(definition.timeout)
  if (timeout !== undefined) fail('timeout', timeout)
}

function checkParameters(definition: Definition, fail: (key: string, reason: string) => never): void {
  const inPath = [...definition.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
  if (new Set(inPath).size < inPath.length) fail('path', 'a path parameter appears twice')
  for (const name of inPath) {
    const inherited = inheritedName(name)
    if (inherited !== undefined) fail(`params.${name}`, inherited)
  }
  for (const [key, shape] of [['params', definition.params], ['query', definition.query], ['headers', definition.headers]] as const) {
    if (shape === undefined) continue
    if (shape === null || typeof shape !== 'object') fail(key, 'expected an object of zod schemas by name')
    const literal = literalPrototype(shape)
    if (literal !== undefined) fail(`${key}.__proto__`, literal)
    for (const [name, schema] of Object.entries(shape)) {
      const inherited = inheritedName(name)
      if (inherited !== undefined) fail(`${key}.${name}`, inherited)
      if (!isZodSchema(schema)) fail(`${key}.${name}`, notZod(schema))
      const kind = notJsonKind(schema)
      if (kind !== undefined) fail(`${key}.${name}`, undescribable(kind))
      if (key === 'params' && !inPath.includes(name)) fail(`params.${name}`, `the path ${definition.path} has no {${name}}`)
      if (key === 'headers' && KIT_HEADERS.has(name.toLowerCase())) fail(`headers.${name}`, name.toLowerCase() === 'x-workspace-id' ? "use scope: 'workspace'" : 'the kit reads this header itself')
    }
  }
  for (const name of inPath) {
    if (definition.params?.[name] === undefined) fail(`params.${name}`, `the path parameter {${name}} needs a schema`)
    if (optional(definition.params[name]!)) fail(`params.${name}`, 'a path parameter is always there: its schema may not be optional')
  }
}

function checkResponse(response: ResponseDefinition | undefined, fail: (key: string, reason: string) => never): void {
  if (response === undefined) return
  if (response === null || typeof response !== 'object') fail('response', 'expected { shape, record, status } or { shape: "none" }')
  if (response.shape === 'none') {
    if (response.status !== undefined && response.status !== 204) fail('response.status', `an answer without a body is 204, got ${response.status}`)
    return
  }
  if (!['item', 'list', 'page'].includes(response.shape)) fail('response.shape', `expected item, list, page or none, got ${JSON.stringify(response.shape)}`)
  if (response.status !== undefined && response.status !== 200 && response.status !== 201) fail('response.status', `expected 200 or 201, got ${response.status}`)
  const { record } = response
  if (record === 'workspace' || record === 'application') return
  if (record === null || typeof record !== 'object' || typeof record.name !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(record.name)) {
    fail('response.record', "expected 'workspace', 'application' or { name: 'MyRecord', schema } (a component name in PascalCase)")
  }
  if (!isZodSchema(record.schema)) fail('response.record.schema', notZod(record.schema))
  const kind = notJsonKind(record.schema)
  if (kind !== undefined) fail('response.record.schema', `its values cannot be JSON (a ${kind} schema), and the kit answers JSON`)
}
