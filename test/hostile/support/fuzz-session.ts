/**
 * Sends generated requests to one mock and checks every property of issue 6 on each answer:
 * no 5xx / network error / unhandled request, an allowed status, problem+json errors that validate against
 * ErrorModel with the right `status`, 200 bodies that validate against their schema and match the state, no
 * record of another organization, a state byte-identical after anything but a successful write, and no
 * prototype pollution.
 */
import { isDeepStrictEqual } from 'node:util'
import type { Application, ScenarioState, SchemaName, Workspace } from '../../../src/index.ts'
import { declaredSchema, schemaErrors } from '../../support/schemas.ts'
import { HostileServer, type Exchange } from './hostile-server.ts'
import {
  expectationFor,
  successProblem,
  SUCCESS_SCHEMA,
  SUCCESS_STATUS,
  tenancyBreach,
  type Expectation,
  type SuccessPlan,
} from './oracle.ts'
import { coverageTags } from './coverage.ts'
import { pollution } from './pollution.ts'
import { materialize, type Materialized, type RequestSpec } from './requests.ts'
import { ORIGIN } from './settings.ts'

/**
 * A state comparison (a structured clone and a serialization of the whole state) cost about a sixth of
 * the fuzzing's CPU when made after every request; reads are compared one in this many.
 */
const READ_CHECK_EVERY = 8

export class FuzzFailure extends Error {
  constructor(problems: string[], sent: Materialized, exchange: Exchange, expected: Expectation) {
    const contentType = exchange.headers.get('Content-Type')
    super(
      [
        ...problems.map((p) => `✗ ${p}`),
        `request: ${sent.summary}`,
        exchange.networkError
          ? `response: none (${exchange.networkError})`
          : `response: ${exchange.status} ${contentType ?? ''} ${exchange.text.slice(0, 600)}`,
        `allowed: ${[...expected.statuses].join(', ')}${expected.reasons.length ? ` (${expected.reasons.join('; ')})` : ''}`,
      ].join('\n'),
    )
    this.name = 'FuzzFailure'
  }
}

export interface Checked {
  exchange: Exchange
  expected: Expectation
  sent: Materialized
}

export class FuzzSession {
  readonly server: HostileServer
  /** Requests sent, by label (a property name). */
  readonly counts = new Map<string, number>()
  /** Statuses answered, by label: how much of each property's input was accepted or rejected, and how. */
  readonly statuses = new Map<string, Map<number, number>>()
  /** Kinds of input sent (see coverage.ts), counted over every generated request. */
  readonly coverage = new Map<string, number>()
  #initial!: ScenarioState
  #initialText = ''
  #dirty = false
  /** Safe-method requests since the state was last compared (see #stateChange). */
  #uncheckedReads = 0
  /** Successful writes seen (each verified, then undone by reset()). */
  writes = 0
  resets = 0

  constructor(server: HostileServer) {
    this.server = server
  }

  get api() {
    return this.server.api
  }

  get state(): ScenarioState {
    return this.#initial
  }

  get initialText(): string {
    return this.#initialText
  }

  get total(): number {
    let total = 0
    for (const count of this.counts.values()) total += count
    return total
  }

  async begin(): Promise<void> {
    await this.server.start()
    this.#initial = this.api.snapshot()
    this.#initialText = JSON.stringify(this.#initial)
    this.server.takeIncidents()
  }

  /** Brings the mock back to its initial state if a request changed it, and checks that reset() did. */
  async restore(): Promise<void> {
    if (!this.#dirty) return
    await this.api.reset()
    this.resets++
    const now = JSON.stringify(this.api.snapshot())
    if (now !== this.#initialText) throw new Error('reset() did not restore the initial snapshot')
    this.#dirty = false
  }

  /** Materializes a generated request, sends it and checks everything; throws a FuzzFailure otherwise. */
  async check(spec: RequestSpec, label: string): Promise<Checked> {
    await this.restore()
    const sent = materialize(spec, { state: this.#initial, principals: this.api.principals })
    const checked = await this.send(sent, label)
    for (const tag of coverageTags(spec, sent, checked.expected)) this.coverage.set(tag, (this.coverage.get(tag) ?? 0) + 1)
    return checked
  }

  async send(sent: Materialized, label: string): Promise<Checked> {
    await this.restore()
    const expected = expectationFor(
      {
        method: sent.request.method,
        url: new URL(sent.request.url),
        headers: sent.request.headers,
        bytes: sent.bytes,
        notes: sent.notes,
      },
      this.#initial,
    )
    if (expected.route.kind === 'outside') throw new Error(`generator bug: the request left /api\n${sent.summary}`)
    const exchange = await this.server.send(sent.request)
    this.counts.set(label, (this.counts.get(label) ?? 0) + 1)
    const byStatus = this.statuses.get(label) ?? new Map<number, number>()
    byStatus.set(exchange.status, (byStatus.get(exchange.status) ?? 0) + 1)
    this.statuses.set(label, byStatus)
    const problems = this.#inspect(exchange, expected, sent)
    if (problems.length > 0) throw new FuzzFailure(problems, sent, exchange, expected)
    return { exchange, expected, sent }
  }

  #inspect(exchange: Exchange, expected: Expectation, sent: Materialized): string[] {
    const problems: string[] = []
    const fail = (problem: string | undefined) => {
      if (problem) problems.push(problem)
    }
    fail(exchange.networkError && `fetch rejected: ${exchange.networkError}`)
    for (const incident of this.server.takeIncidents()) fail(incident)
    const { status, headers, json } = exchange
    if (!exchange.networkError) {
      if (status >= 500) fail(`server error ${status}`)
      if (!expected.statuses.has(status)) fail(`status ${status} is not one of ${[...expected.statuses].join(', ')}`)
      if (status >= 400) fail(this.#problemDetails(exchange))
      if (status === 405 || status === 204) {
        const allow = (headers.get('Allow') ?? '').split(',').map((m) => m.trim())
        if (expected.route.kind === 'fallback') {
          for (const method of expected.route.allow) {
            if (!allow.includes(method)) fail(`Allow header "${headers.get('Allow')}" lacks ${method}`)
          }
        }
      }
      if (status === 200) fail(this.#success(exchange, expected, json))
      if (status === 204 && expected.route.kind === 'operation') fail(exchange.text === '' ? undefined : 'a 204 with a body')
    }
    fail(this.#stateChange(exchange, expected, sent.request.method))
    fail(pollution())
    return problems
  }

  /** Errors: application/problem+json, valid against ErrorModel, `status` equal to the HTTP status. */
  #problemDetails(exchange: Exchange): string | undefined {
    const type = exchange.headers.get('Content-Type') ?? ''
    if (!type.startsWith('application/problem+json')) return `error content type is "${type}"`
    if (exchange.parseError) return `error body is not JSON: ${exchange.parseError}`
    const body = exchange.json as Record<string, unknown>
    const invalid = schemaErrors('ErrorModel', body)
    if (invalid) return `error body breaks ErrorModel.json: ${invalid}`
    if (body.status !== exchange.status) return `error body status ${String(body.status)} ≠ HTTP ${exchange.status}`
    const declared = declaredSchema(new Response(null, { headers: exchange.headers }))
    if (declared !== 'ErrorModel') return `error Link header declares ${declared ?? 'nothing'}`
    if (body.$schema !== `${ORIGIN}/api/schemas/ErrorModel.json`) return `error $schema is ${String(body.$schema)}`
    return undefined
  }

  /** 200: the operation's envelope, valid against its schema, exactly the state's records, none foreign. */
  #success(exchange: Exchange, expected: Expectation, json: unknown): string | undefined {
    if (expected.route.kind !== 'operation') return 'a 200 from the catch-all'
    const { op } = expected.route
    const type = exchange.headers.get('Content-Type') ?? ''
    if (!type.startsWith('application/json')) return `200 content type is "${type}"`
    if (exchange.parseError) return `200 body is not JSON: ${exchange.parseError}`
    const body = json as Record<string, unknown>
    if (op === 'deleteWorkspace' || op === 'deleteApplication') return `a 200 from ${op}, which answers 204`
    if (op !== 'getSchema') {
      const schema = SUCCESS_SCHEMA[op] as SchemaName
      const declared = declaredSchema(new Response(null, { headers: exchange.headers }))
      if (declared !== schema) return `200 Link header declares ${declared ?? 'nothing'}, not ${schema}`
      const invalid = schemaErrors(schema, body)
      if (invalid) return `200 body breaks ${schema}.json: ${invalid}`
      if (body.success !== true) return '200 body without success: true'
      if (body.$schema !== `${ORIGIN}/api/schemas/${schema}.json`) return `$schema is ${String(body.$schema)}`
      const breach = expected.principal && tenancyBreach(body.data, expected.principal, this.#initial)
      if (breach) return `tenant isolation broken: ${breach}`
    }
    if (!expected.plan) return 'a 200 where the oracle expected a rejection'
    return successProblem(expected.plan, body.data, body, expected.principal, this.#initial)
  }

  /** Compares the state now, whatever the last request was; the volume test calls it once at the end. */
  finalStateChange(): string | undefined {
    this.#uncheckedReads = READ_CHECK_EVERY
    return this.#stateChange(undefined, undefined, 'GET')
  }

  /**
   * Anything but a successful write leaves the snapshot byte-identical; a successful create or update
   * changes exactly its one record (checked here), and the mock is reset before the next request.
   * GET and HEAD are compared every READ_CHECK_EVERY requests: a change they made stays until a
   * comparison finds it (the mock is reset only then), so it still fails the run, a few requests later.
   */
  #stateChange(exchange: Exchange | undefined, expected: Expectation | undefined, method: string): string | undefined {
    if (method === 'GET' || method === 'HEAD') {
      if (++this.#uncheckedReads < READ_CHECK_EVERY) return undefined
    }
    this.#uncheckedReads = 0
    const after = this.api.snapshot()
    const text = JSON.stringify(after)
    if (text === this.#initialText) return undefined
    this.#dirty = true
    if (!exchange || !expected) return 'state changed by a request of the run (found at the end)'
    const op = expected.route.kind === 'operation' ? expected.route.op : undefined
    const wrote = exchange.status === SUCCESS_STATUS(op ?? 'getSchema') && expected.plan !== undefined && WRITES.has(op!)
    if (!wrote) {
      const by = method === 'GET' || method === 'HEAD' ? `${method}s up to this one, this one` : 'a request'
      return `state changed by ${by} answered ${exchange.status || 'with a network error'}`
    }
    this.writes++
    const record = (exchange.json as { data?: { id: string } } | undefined)?.data
    if (SUCCESS_STATUS(op!) === 200 && !record) return 'write answered without a record'
    const wanted = expectedAfter(this.#initial, expected.plan!, record)
    for (const name of ['organizations', 'accounts', 'workspaces', 'applications'] as const) {
      if (!isDeepStrictEqual(after[name], wanted[name])) return `${op} left ${name} other than it should (${after[name].length} records, expected ${wanted[name].length})`
    }
    return undefined
  }
}

/** The operations that change the state when they succeed. */
const WRITES: ReadonlySet<string> = new Set(['createWorkspace', 'updateWorkspace', 'deleteWorkspace', 'createApplication', 'updateApplication', 'deleteApplication'])

/** The state a successful write leaves: exactly its records changed (the answered record, stored as answered). */
function expectedAfter(before: ScenarioState, plan: SuccessPlan, record: { id: string } | undefined): ScenarioState {
  const replaced = <T extends { id: string }>(records: T[], next: T) => {
    const at = records.findIndex((r) => r.id === next.id)
    return at < 0 ? [...records, next] : records.map((r, i) => (i === at ? next : r))
  }
  switch (plan.op) {
    case 'createWorkspace':
    case 'updateWorkspace':
      return { ...before, workspaces: replaced(before.workspaces, record as Workspace) }
    case 'createApplication':
    case 'updateApplication':
      return { ...before, applications: replaced(before.applications, record as Application) }
    case 'deleteWorkspace':
      return {
        ...before,
        workspaces: before.workspaces.filter((w) => w.id !== plan.workspace.id),
        applications: before.applications.filter((a) => a.workspace !== plan.workspace.id),
      }
    case 'deleteApplication':
      return { ...before, applications: before.applications.filter((a) => a.id !== plan.application.id) }
    default:
      return before
  }
}
