/**
 * The MCP tools: each one an admin route (admin/routes.ts), called with its path from the table
 * (src/wire/admin-routes.ts), so that an agent gets what an HTTP client gets, answers and mistakes alike. A
 * tool that takes `session` acts on that session's routes (`sessions/{id}/...`), without it on the base
 * state; an id is one path segment (encoded, never parsed as a URL), so no input names another session's
 * routes or the base state's.
 *
 * The input schemas describe the arguments to the agent (JSON Schema in `tools/list`) but let any value
 * through: the admin routes check them, so that a mistake reads as it does over HTTP.
 */
import { described, z } from '../../model/zod.ts'
import type { ErrorDetail } from '../../model/schemas.ts'
import { Problem } from '../../handlers/reply/problem.ts'
import { summaryText } from '../../coverage/report-text.ts'
import { includes, type JournalEntry } from '../../testkit/journal.ts'
import { pacticipantProblem, type OpenApiDocument } from '../../contract/input.ts'
import type { AdminRoute, AnswerOf } from '../../wire/admin.ts'
import { ADMIN_PREFIX, adminMethod, adminPath, type PathParams } from '../../wire/admin-routes.ts'
import type { AdminContext, Caller } from '../admin/context.ts'
import { adminRoute } from '../admin/routes.ts'

type JsonSchema = Record<string, unknown>
type Args = Record<string, unknown>

export interface Tool {
  readonly name: string
  readonly description: string
  /** The arguments' JSON Schemas, by name; those in `required` must be given. */
  readonly input: Readonly<Record<string, JsonSchema>>
  readonly required?: readonly string[]
  readonly readOnly: boolean
  /** Costs as much as the state is large (reads, builds or loads it whole): one a batch (mcp-http.ts). */
  readonly heavy?: true
  /** `origin`: the server's base URL, where the API is (`${origin}/api/...`). */
  run(call: AdminCall, args: Args, origin: string): Promise<unknown>
}

/** Calls `route` with the values of its path as `caller`; resolves with its JSON answer, or throws its `Problem`. */
export type AdminCall = <R extends AdminRoute>(route: R, params: PathParams<R>, body?: unknown) => Promise<AnswerOf<R>>

export function adminCall(context: AdminContext, caller: Caller): AdminCall {
  return async (route, params, body) => {
    const init: RequestInit = { method: adminMethod(route) }
    if (body !== undefined) init.body = JSON.stringify(body)
    const path = adminPath(route, params)
    // The route as built, never as a URL parses it: a session id `..` stays a segment.
    const response = await adminRoute(new Request(`http://mcp.invalid${path}`, init), context, path.slice(ADMIN_PREFIX.length), caller)
    return (await response.json()) as never
  }
}

const SESSION: JsonSchema = {
  type: 'string',
  description: 'A session id (from create_session): act on that session; without it, on the base state',
}
const sessionOnly = { session: SESSION }

/** Whose route: the base state's, or `args.session`'s. */
function on(args: Args): { session?: string } {
  const { session } = args
  if (session === undefined) return {}
  // An empty segment would make `sessions//reset` the session list's route.
  if (typeof session !== 'string' || session === '') {
    throw new Problem(422, 'validation failed', [{ message: 'expected a session id (create_session answers one)', location: 'session', value: session }])
  }
  return { session }
}

/** The tools that do not depend on the server's operations (query_journal does: `toolsFor`). */
const FIXED_TOOLS: readonly Tool[] = [
  {
    name: 'principals',
    description:
      'The API\'s base URL (requests go to <baseUrl>/api/...), the principals (API key and secret of each account, its organization) and the first one\'s workspace ids',
    input: sessionOnly,
    readOnly: true,
    async run(call, args, origin) {
      const info = await call('GET info', on(args))
      return { baseUrl: origin, principals: info.principals, workspaceIds: info.workspaceIds }
    },
  },
  {
    name: 'create_session',
    description: 'A new session: state and credentials of its own, over a copy of the server\'s data, a preset scenario, a seed or a state',
    input: {
      scenario: { type: 'string', description: 'A preset scenario (see list_sessions) or scale:<workspaces>x<applications>' },
      seed: { type: 'integer', description: 'Seed of the generated data' },
      state: { type: 'object', description: 'A whole state (as snapshot answers) instead of a scenario' },
    },
    readOnly: false,
    heavy: true,
    run: (call, args) => call('POST sessions', {}, args),
  },
  {
    name: 'list_sessions',
    description: 'Every live session, the bound on their number, and the preset scenarios',
    input: {},
    readOnly: true,
    run: (call) => call('GET sessions', {}),
  },
  {
    name: 'end_session',
    description: 'Deletes a session: its credentials get 401 from then on',
    input: { session: { ...SESSION, description: 'The id of the session to end' } },
    required: ['session'],
    readOnly: false,
    run: (call, args) => {
      if (args.session === undefined) throw new Problem(422, 'end_session needs session: the id create_session answered')
      return call('DELETE sessions/{id}', { id: on(args).session! })
    },
  },
  {
    name: 'reset',
    description: 'Back to the initial state; the journal is cleared and faults added since start are removed',
    input: sessionOnly,
    readOnly: false,
    heavy: true,
    run: (call, args) => call('POST reset', on(args)),
  },
  {
    name: 'add_fault',
    description: 'Makes operations slow or flaky until cleared (the body of POST /__admin/faults)',
    input: { session: SESSION, fault: FAULT_SCHEMA() },
    required: ['fault'],
    readOnly: false,
    run: (call, args) => call('POST faults', on(args), args.fault),
  },
  {
    name: 'list_faults',
    description: 'The active faults (those from command-line flags marked startup)',
    input: sessionOnly,
    readOnly: true,
    run: (call, args) => call('GET faults', on(args)),
  },
  {
    name: 'clear_faults',
    description: 'Removes one fault (id) or every fault added since start (startup faults stay)',
    input: { session: SESSION, id: { type: 'integer', description: 'The id add_fault answered: remove only that fault' } },
    readOnly: false,
    run: (call, args) =>
      args.id === undefined
        ? call('DELETE faults', on(args))
        : call('DELETE faults/{id}', { ...on(args), id: String(args.id) }),
  },
  {
    name: 'drift',
    description: "With --live: how the live service's answers differ from the mock's, each difference once, worded as verify's report lines",
    input: sessionOnly,
    readOnly: true,
    run: (call, args) => call('GET drift', on(args)),
  },
  {
    name: 'get_coverage',
    description:
      'What the mock answered of the outcomes its API has (a server started with --coverage): the summary, what was never answered in words, and the coverage document',
    input: sessionOnly,
    readOnly: true,
    async run(call, args) {
      const document = await call('GET coverage', on(args))
      return { summary: summaryText(document), holes: document.summary.holes, document }
    },
  },
  {
    name: 'drift_module',
    description:
      "With --live: the TypeScript module of operations and fields that makes the mock follow what the live service showed that the mock lacks " +
      '(serve it with --operations), what it adds, and what it could not write',
    input: sessionOnly,
    readOnly: true,
    async run(call, args) {
      const findings = await call('GET drift/findings', on(args))
      const { operationsModule } = await import('../../codegen/operations-module.ts')
      const { text, added, notes } = operationsModule(findings)
      return { module: text, added, notes }
    },
  },
  {
    name: 'snapshot',
    description: 'The whole state as JSON (what load_state and create_session take)',
    input: sessionOnly,
    readOnly: true,
    heavy: true,
    run: (call, args) => call('GET snapshot', on(args)),
  },
  {
    name: 'load_state',
    description: 'Serves a new state (validated as --state) from now on; reset returns to it',
    input: { session: SESSION, state: { type: 'object', description: 'A whole state, as snapshot answers' } },
    required: ['state'],
    readOnly: false,
    heavy: true,
    run: (call, args) => call('POST state', on(args), args.state),
  },
]

function FAULT_SCHEMA(): JsonSchema {
  return {
    type: 'object',
    description:
      'type fail {status 400-599, detail}, latency {latency: ms or [min, max]}, disconnect, or rateLimit {requests, retryAfter}; ' +
      'target: an operation name or "*" (default); times (at most that many requests) and rate (0 to 1) except for rateLimit',
    properties: {
      type: { enum: ['fail', 'latency', 'disconnect', 'rateLimit'] },
      target: { type: 'string' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string' },
      latency: { oneOf: [{ type: 'number', minimum: 0 }, { type: 'array', items: { type: 'number', minimum: 0 }, minItems: 2, maxItems: 2 }] },
      times: { type: 'integer', minimum: 0 },
      rate: { type: 'number', minimum: 0, maximum: 1 },
      requests: { type: 'integer', minimum: 0 },
      retryAfter: { type: 'integer', minimum: 0 },
    },
    required: ['type'],
  }
}

/** The tools whose cost grows with the state (one a batch, mcp-http.ts): the same whatever the operations. */
export const HEAVY_TOOLS: ReadonlySet<string> = new Set(toolsFor(() => []).filter((tool) => tool.heavy).map((tool) => tool.name))

/**
 * The tools of a server whose mocks serve `operations()` (the spec's, yours, the kit's routes):
 * query_journal lists them by name (as at the start) and checks a name against those served now;
 * consumer_contract takes its matchers from `document` (the OpenAPI document the server serves at `origin`;
 * without it, the kit's own).
 */
export function toolsFor(operations: () => readonly string[], document?: (origin: string) => Promise<OpenApiDocument>): Tool[] {
  const queryJournal: Tool = {
    name: 'query_journal',
    description: 'The requests the mock answered, oldest first, each with why it was answered so; filtered by operation, status, time and why',
    input: {
      session: SESSION,
      operation: { type: 'string', enum: [...operations()], description: 'Only requests this operation served' },
      status: { type: 'integer', minimum: 100, maximum: 599, description: 'Only requests answered with this status' },
      since: { type: 'integer', minimum: 0, description: 'Only requests that arrived at or after this time (epoch milliseconds)' },
      why: {
        type: 'object',
        description:
          'Only requests whose why holds these members (partial match), e.g. {"decision":{"kind":"lookup","reason":"other-organization"}}; ' +
          'why has route, caller, decision (kind fault, override, authentication, validation, body, lookup, route, operation or error), profile, delays, read and written',
      },
    },
    readOnly: true,
    heavy: true,
    async run(call, args) {
      const filter = journalFilter(args, new Set(operations()))
      const { entries } = await call('GET journal', on(args))
      return { entries: entries.filter(filter) }
    },
  }
  const at = FIXED_TOOLS.findIndex((tool) => tool.name === 'snapshot')
  return [...FIXED_TOOLS.slice(0, at), queryJournal, contractTool(document), ...FIXED_TOOLS.slice(at)]
}

/** consumer_contract: the pact `workspace-api-mock contract` would write from the journal (docs/contract.md). */
function contractTool(document: ((origin: string) => Promise<OpenApiDocument>) | undefined): Tool {
  const name = (description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: 200, description })
  return {
    name: 'consumer_contract',
    description:
      'A Pact V4 consumer contract from the requests in the journal, for the provider to verify: one interaction per operation, ' +
      'outcome and request shape, provider states from the scenario, matchers from the schemas, no credential',
    input: { session: SESSION, consumer: name("The consumer's name in the pact"), provider: name("The provider's name in the pact") },
    readOnly: true,
    heavy: true,
    async run(call, args, origin) {
      const errors: ErrorDetail[] = []
      for (const key of ['consumer', 'provider'] as const) {
        const problem = args[key] === undefined ? undefined : pacticipantProblem(args[key])
        if (problem !== undefined) errors.push({ message: problem, location: key, value: args[key] })
      }
      if (errors.length > 0) throw new Problem(422, 'validation failed', errors)
      const { entries } = await call('GET journal', on(args))
      const { scenario, seed } = await call('GET info', on(args))
      const { consumer, provider } = args as { consumer?: string; provider?: string }
      // Loaded when asked for: the contract builds the OpenAPI document, which the server's start does not need.
      const { pactOf } = await import('../../contract/pact.ts')
      const openapi = document ? await document(origin) : (await import('../../contract/kit-document.ts')).kitOpenApiDocument()
      return pactOf({ exchanges: entries, mocks: [{ scenario, seed }], consumer, provider, openapi })
    },
  }
}

/** The journal query's filter; a 422 problem naming each argument that does not fit. */
function journalFilter(args: Args, names: ReadonlySet<string>): (entry: JournalEntry<string>) => boolean {
  const { operation, status, since, why } = args
  const errors: ErrorDetail[] = []
  if (operation !== undefined && !names.has(operation as string)) {
    errors.push({ message: `no operation ${JSON.stringify(operation)}: one of ${[...names].join(', ')}`, location: 'operation', value: operation })
  }
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599)) {
    errors.push({ message: 'expected an integer from 100 to 599', location: 'status', value: status })
  }
  if (since !== undefined && !(Number.isInteger(since) && (since as number) >= 0)) {
    errors.push({ message: 'expected epoch milliseconds (an integer, 0 or more)', location: 'since', value: since })
  }
  if (why !== undefined && (typeof why !== 'object' || why === null || Array.isArray(why))) {
    errors.push({ message: 'expected an object (a part of an entry\'s why)', location: 'why', value: why })
  }
  if (errors.length > 0) throw new Problem(422, 'validation failed', errors)
  return (entry) =>
    (operation === undefined || entry.operation === operation) &&
    (status === undefined || entry.status === status) &&
    (since === undefined || entry.time >= (since as number)) &&
    (why === undefined || includes(entry.why, why))
}

/** A tool's input as the SDK takes it: every argument passes (the admin routes check), described as given. */
export function inputShape(tool: Tool): Record<string, z.ZodMiniType> {
  return Object.fromEntries(
    Object.entries(tool.input).map(([name, schema]) => {
      const value = tool.required?.includes(name) ? z.unknown() : z.optional(z.unknown())
      return [name, described(value, schema as z.core.GlobalMeta)]
    }),
  )
}
