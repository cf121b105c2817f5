/**
 * `parameters.mockApi` of a story: the `createMockApi` options plus the test kit's faults and overrides as
 * plain data, checked before a story's mock is built so that a typo fails the story with the key's name.
 */
import type { MockApiOptions } from '../api/mock-api.ts'
import type { OperationName } from '../handlers/operation-spec.ts'
import type { ErrorDetail } from '../model/schemas.ts'
import type { ScenarioState } from '../model/state.ts'
import { FAULT_TYPES, type FaultSpec } from '../testkit/fault-spec.ts'
import type { OperationData, OverrideResolver } from '../testkit/overrides.ts'

export type { FaultSpec }

interface OverrideOf<Name extends OperationName> {
  operation: Name
  /** Apply to the first matching request only. */
  once?: boolean
  /** Answer with a problem of the kit's shape. */
  problem?: { status: number; detail: string; errors?: ErrorDetail[] }
  /** Answer 200 with the operation's own envelope around this data. */
  respond?: OperationData[Name]
  /** Anything else: the resolver `api.override` takes. */
  resolver?: OverrideResolver<OperationData[Name]>
}

/** An override of an operation of your own (one in the story's `operations`), by its name. */
interface OwnOverride {
  operation: string
  once?: boolean
  problem?: { status: number; detail: string; errors?: ErrorDetail[] }
  respond?: unknown
  resolver?: OverrideResolver<any>
}

/** One override, as `api.override(operation, ...)` would add it: exactly one of `problem`, `respond`, `resolver`. */
export type OverrideSpec = { [Name in OperationName]: OverrideOf<Name> }[OperationName] | OwnOverride

/**
 * A list, or a record by name (Storybook merges records key by key from project to component to story, so
 * a story replaces or removes (`null`) one named entry and keeps the rest; a list replaces the whole list).
 */
export type SpecList<Spec> = readonly Spec[] | Readonly<Record<string, Spec | null>>

/**
 * `parameters.mockApi`. Every `createMockApi` option (`profile` too: Storybook merges its knobs key by key),
 * plus `faults` and `overrides`. `state` takes precedence over `scenario`; `state: null` clears an inherited one.
 */
export interface MockApiParameters extends Omit<MockApiOptions, 'state'> {
  state?: ScenarioState | null
  faults?: SpecList<FaultSpec<string>>
  overrides?: SpecList<OverrideSpec>
}

/** What a story's mock is built from. */
export interface ResolvedParameters {
  options: MockApiOptions
  /** Each with where the story set it (`.faults[0]`, `.faults.slow`), for the errors of registering it. */
  faults: Array<{ path: string; spec: FaultSpec<string> }>
  overrides: OverrideSpec[]
}

const OPERATIONS = [
  'createWorkspace',
  'updateWorkspace',
  'getWorkspace',
  'listWorkspaces',
  'listApplications',
  'getApplication',
  'getSchema',
  'getIcon',
  'getOpenApiJson',
  'getOpenApiYaml',
  'getOpenApi30Json',
  'getOpenApi30Yaml',
] as const satisfies readonly OperationName[]
// A new operation that is missing above fails the type check here.
const everyOperation: Exclude<OperationName, (typeof OPERATIONS)[number]> extends never ? true : never = true
void everyOperation

/**
 * The `createMockApi` options a story may set, all of them: typed against MockApiOptions, so that an option
 * added there fails the type check here until it is listed. They reach createMockApi unchanged.
 */
const OPTION_KEYS = new Set(
  Object.keys({
    scenario: true,
    state: true,
    seed: true,
    baseUrl: true,
    workspaceIdPrefix: true,
    now: true,
    strict: true,
    journalLimit: true,
    assetsOrigin: true,
    accessTypes: true,
    protocols: true,
    profile: true,
    operations: true,
    fields: true,
    operationTimeout: true,
    live: true,
  } satisfies Record<keyof MockApiOptions, true>),
)

/** Where a bad value was found, as the story author wrote it. */
const at = (path: string) => `parameters.mockApi${path}`

/** A bad `parameters.mockApi`: the message names the key. */
export class MockApiParameterError extends TypeError {
  override name = 'MockApiParameterError'
}

function fail(path: string, message: string): never {
  throw new MockApiParameterError(`${at(path)}: ${message}`)
}

/** Checks the merged `parameters.mockApi` (undefined: the defaults) and splits it into what builds the mock. */
export function resolveParameters(raw: unknown): ResolvedParameters {
  if (raw === undefined || raw === null) return { options: {}, faults: [], overrides: [] }
  if (!isPlainObject(raw)) fail('', `expected an object, got ${describe(raw)}`)
  const { faults, overrides, ...rest } = raw as Record<string, unknown>
  for (const key of Object.keys(rest)) {
    if (!OPTION_KEYS.has(key)) fail(`.${key}`, `unknown key (known: ${[...OPTION_KEYS, 'faults', 'overrides'].join(', ')})`)
  }
  const options = { ...rest } as MockApiOptions & { state?: unknown }
  if (options.state === null || options.state === undefined) delete options.state
  // Storybook merges the levels' parameters into one object: a story's `state` must win over an inherited `scenario`.
  else delete options.scenario
  if (options.state !== undefined && !isPlainObject(options.state)) fail('.state', `expected a state object or null, got ${describe(options.state)}`)
  if (options.seed !== undefined && !Number.isInteger(options.seed)) fail('.seed', `expected an integer, got ${describe(options.seed)}`)
  const scenario = options.scenario
  if (scenario !== undefined && typeof scenario !== 'string' && typeof scenario !== 'function') {
    fail('.scenario', `expected a preset name or a scenario function, got ${describe(scenario)}`)
  }
  return {
    options,
    faults: listOf(faults, '.faults').map(([path, spec]) => ({ path, spec: checkFault(spec, path) })),
    overrides: listOf(overrides, '.overrides').map(([path, spec]) => checkOverride(spec, path, operationNames(options.operations))),
  }
}

/** The operation names an override may name: the built-in ones and those of the story's own operations. */
function operationNames(own: unknown): readonly string[] {
  const names = Array.isArray(own) ? own.map((operation) => (operation as { name?: unknown } | null)?.name).filter((name) => typeof name === 'string') : []
  return [...OPERATIONS, ...(names as string[])]
}

/** The entries of a list or a named record (nulls dropped), each with its path. */
function listOf(value: unknown, path: string): Array<[string, unknown]> {
  if (value === undefined || value === null) return []
  if (Array.isArray(value)) return value.map((spec, index) => [`${path}[${index}]`, spec])
  if (!isPlainObject(value)) fail(path, `expected a list or a record by name, got ${describe(value)}`)
  return Object.entries(value as Record<string, unknown>)
    .filter(([, spec]) => spec !== null)
    .map(([name, spec]) => [`${path}.${name}`, spec])
}

function checkFault(spec: unknown, path: string): FaultSpec<string> {
  if (!isPlainObject(spec)) fail(path, `expected a fault object, got ${describe(spec)}`)
  const { type, target } = spec as Record<string, unknown>
  if (typeof type !== 'string' || !FAULT_TYPES.has(type)) fail(`${path}.type`, `expected one of ${[...FAULT_TYPES].join(', ')}, got ${describe(type)}`)
  if (typeof target !== 'string') fail(`${path}.target`, `expected an operation name, "METHOD /api/path" or "*", got ${describe(target)}`)
  if (type === 'latency' && (spec as Record<string, unknown>).latency === undefined) fail(`${path}.latency`, 'required for a latency fault (ms or [min, max])')
  if (type === 'rateLimit' && (spec as Record<string, unknown>).requests === undefined) fail(`${path}.requests`, 'required for a rateLimit fault')
  return spec as FaultSpec<string>
}

function checkOverride(spec: unknown, path: string, names: readonly string[]): OverrideSpec {
  if (!isPlainObject(spec)) fail(path, `expected an override object, got ${describe(spec)}`)
  const record = spec as Record<string, unknown>
  if (!names.includes(record.operation as string)) {
    fail(`${path}.operation`, `expected an operation name (${names.join(', ')}), got ${describe(record.operation)}`)
  }
  const answers = (['problem', 'respond', 'resolver'] as const).filter((key) => record[key] !== undefined)
  if (answers.length !== 1) fail(path, `give exactly one of problem, respond, resolver (got ${answers.join(', ') || 'none'})`)
  if (record.resolver !== undefined && typeof record.resolver !== 'function') fail(`${path}.resolver`, `expected a function, got ${describe(record.resolver)}`)
  if (record.problem !== undefined) {
    const problem = record.problem as Record<string, unknown>
    if (!isPlainObject(problem) || !Number.isInteger(problem.status) || typeof problem.detail !== 'string') {
      fail(`${path}.problem`, `expected { status, detail }, got ${describe(problem)}`)
    }
  }
  return spec as OverrideSpec
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value === null) return 'null'
  if (typeof value === 'string') return JSON.stringify(value)
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}
