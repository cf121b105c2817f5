/**
 * Where the command's data comes from besides the presets: a state file (`--state`), a scenario module
 * (`--scenario ./my-scenario.ts`) and an operations module (`--operations ./my-operations.ts`: operations
 * and fields of your own), loaded and checked before they are served, and described when `--watch`
 * reloads them.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Credentials } from '../api/create-mock-api.ts'
import { completeState } from '../api/initial-state.ts'
import { surfaceOf } from '../api/mock-surface.ts'
import type { DefinedOperation } from '../handlers/definitions/define-operation.ts'
import { unshownOperations } from '../handlers/definitions/operations/unshown.ts'
import { DefinitionError } from '../model/definition-error.ts'
import type { RecordFields } from '../model/fields.ts'
import { DEFAULT_MODEL, type RecordModel } from '../model/record-model.ts'
import type { Scenario } from '../scenarios/kit.ts'
import { buildScenario } from '../scenarios/resolve.ts'
import type { ScenarioState } from '../model/state.ts'
import { InvalidStateError } from '../model/validate-state.ts'
import { checkedEvidence } from '../evidence/check.ts'
import { readStateText, StateFileError, type FileState } from '../evidence/read.ts'
import type { Evidence } from '../evidence/shape.ts'
import { readJsonFile, readRegularFile } from './json-file.ts'
import { esmHint, loadModulesAsEsm } from './module-format.ts'

/** A state file or scenario module that cannot be served: the message says which and why (exit code 2). */
export class SourceError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SourceError'
  }
}

/**
 * The most a state file may hold: 500 MiB, under the longest text Node makes (512 MiB); about 300,000
 * records as `record` and `snapshot()` write them. Larger data is a scenario module's to build.
 */
export const STATE_FILE = { maxBytes: 500 * 1024 * 1024, what: 'a state file' }

/** The most a module of the user's may hold (it is code: a few KiB). */
const MODULE_FILE = { maxBytes: 16 * 1024 * 1024, what: 'a module' }

/**
 * Reads, parses and validates a state file (for `model`: with the fields of an operations module, which
 * records that lack them get built); the error names every record and field that does not fit.
 */
export function loadStateFile(path: string, model: RecordModel = DEFAULT_MODEL, seed = 1): ScenarioState {
  return readStateFile(path, model, seed).state
}

/**
 * `loadStateFile` for a state file or an evidence file (docs/evidence.md): an evidence file serves the state
 * its test started from, and comes back with it (its seed, its test).
 */
export function readStateFile(path: string, model: RecordModel = DEFAULT_MODEL, seed = 1): { state: ScenarioState; evidence?: Evidence } {
  let read: FileState
  try {
    read = readStateText(readRegularFile(path, STATE_FILE))
  } catch (error) {
    throw new SourceError(error instanceof StateFileError ? `${path} ${error.message}` : (error as Error).message)
  }
  let evidence: Evidence | undefined
  try {
    evidence = read.evidence && checkedEvidence(read.evidence)
  } catch (error) {
    throw new SourceError(`${path} ${(error as Error).message}`)
  }
  return { state: checked(read.state, path, model, evidence?.seed ?? seed), ...(evidence && { evidence }) }
}

/** Checks a state as the server will load it: the model's rules, and at least one principal. */
function checked(value: unknown, source: string, model: RecordModel, seed: number): ScenarioState {
  try {
    const state = completeState(value, model, seed)
    if (state.accounts.length === 0) {
      throw new InvalidStateError('state.accounts must hold at least one account (a principal)', 'accounts')
    }
    return state
  } catch (error) {
    if (error instanceof InvalidStateError) throw new SourceError(problemLines(error, source))
    throw error
  }
}

/** Most problems a refusal lists: a mistake repeated through a large file would fill the terminal. */
export const MAX_LISTED_PROBLEMS = 50

/** One problem on the line of the file's name; several below it, one line each. */
function problemLines({ problems }: InvalidStateError, source: string): string {
  if (problems.length === 1) return `${source}: ${problems[0]!.message}`
  const lines = problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => `  ${problem.message}`)
  if (problems.length > MAX_LISTED_PROBLEMS) lines.push(`  and ${problems.length - MAX_LISTED_PROBLEMS} more`)
  return `${source}: ${problems.length} problems:\n${lines.join('\n')}`
}

/** Gives the first account fixed credentials (`--api-key`, `--api-secret`), as `withCredentials` does for scenarios. */
export function withFirstCredentials(state: ScenarioState, credentials: Partial<Credentials>, source: string): ScenarioState {
  if (credentials.apiKey === undefined && credentials.apiSecret === undefined) return state
  const [first, ...others] = state.accounts
  const owner = others.find((account) => account.apiKey === credentials.apiKey)
  if (owner) throw new SourceError(`${source}: the API key "${credentials.apiKey}" already belongs to account ${owner.id}`)
  return {
    ...state,
    accounts: [{ ...first!, ...(credentials.apiKey !== undefined && { apiKey: credentials.apiKey }), ...(credentials.apiSecret !== undefined && { apiSecret: credentials.apiSecret }) }, ...others],
  }
}

/**
 * Imports a module of the user's (`--scenario`, `--operations`). `version` makes Node load the file again
 * after an edit (each version stays in Node's module cache: fine for a development tool). The single
 * executable refuses one (see `isSingleExecutable`): `refusal` says what it serves instead.
 */
async function importModule(path: string, version: number, refusal: string): Promise<Record<string, unknown>> {
  if (isSingleExecutable()) throw new SourceError(`${path}: ${refusal}`)
  // Node's loader reads the file as it finds it: a FIFO put in its place would hold the server. A file
  // that is not there is the loader's to say.
  if (existsSync(path)) {
    try {
      readRegularFile(path, MODULE_FILE)
    } catch (error) {
      throw new SourceError((error as Error).message)
    }
  }
  const url = pathToFileURL(resolve(path))
  if (version > 0) url.search = `?version=${version}`
  loadModulesAsEsm()
  try {
    return (await import(url.href)) as Record<string, unknown>
  } catch (error) {
    const { message } = error as Error
    throw new SourceError(`${path} could not be loaded: ${message}${esmHint(message)}`)
  }
}

/** What a default export is, for messages. */
const exported = (value: unknown) => (value === undefined ? 'no default export' : `a default export of type ${Array.isArray(value) ? 'array' : typeof value}`)

/** Imports a scenario module (its default export must be a scenario function). */
export async function loadScenarioModule(path: string, version = 0): Promise<Scenario> {
  const refusal = `a scenario module needs Node (npx workspace-api-mock --scenario ${path}); this single executable serves the presets (--scenario demo) and --state files`
  const scenario = (await importModule(path, version, refusal)).default
  if (typeof scenario !== 'function') {
    throw new SourceError(`${path} must export a scenario function as its default export ((kit) => { ... }), it has ${exported(scenario)}`)
  }
  return scenario as Scenario
}

/** What an operations module gives: its default export's operations and its `fields` export. */
export interface OperationsModule {
  operations: readonly DefinedOperation[]
  fields: RecordFields | undefined
}

/**
 * Imports an operations module: its default export an array of operations (`defineOperation`), fields of
 * your own beside them as the named export `fields` (a module of fields only needs no default export);
 * both checked as `createMockApi` checks them.
 */
export async function loadOperationsModule(path: string, version = 0): Promise<OperationsModule> {
  const refusal = `an operations module needs Node (npx workspace-api-mock --operations ${path}); this single executable serves the spec's operations`
  const module = await importModule(path, version, refusal)
  const fields = module.fields as RecordFields | undefined
  const operations = module.default === undefined && fields !== undefined ? [] : module.default
  if (!Array.isArray(operations)) {
    throw new SourceError(
      `${path} must export an array of operations (defineOperation) as its default export, or fields of your own as its export \`fields\`; it has ${exported(operations)}`,
    )
  }
  try {
    surfaceOf({ operations, fields })
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error
    throw new SourceError(`${path}: ${error.message}`)
  }
  return { operations, fields }
}

/**
 * What the command serves beyond the spec: the presets `--unshown-operations` names, then the operations
 * and fields of an `--operations` module; checked together (a module's operation may not take a preset's
 * name). Undefined when there are neither.
 */
export function withPresets(module: OperationsModule | undefined, presets: readonly string[] | undefined, path?: string): OperationsModule | undefined {
  if (presets === undefined || presets.length === 0) return module
  const definitions = { operations: [...unshownOperations.filter((operation) => presets.includes(operation.name)), ...(module?.operations ?? [])], fields: module?.fields }
  try {
    surfaceOf(definitions)
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error
    throw new SourceError(`--unshown-operations ${presets.join(',')}${path === undefined ? '' : ` with ${path}`}: ${error.message}`)
  }
  return definitions
}

/**
 * Whether this is the demo server as one executable (npm run build:exe). Node documents that the main
 * script of a single executable application loads no module from the file system (Node 24's import()
 * still does, undocumented; later versions' documentation says it throws): a module is refused rather
 * than loaded by behaviour Node does not promise. Through getBuiltinModule, not an import: node:sea is not
 * on every Node the command must still start on to say that Node is too old.
 */
function isSingleExecutable(): boolean {
  return process.getBuiltinModule?.('node:sea')?.isSea() ?? false
}

/** Runs a module's scenario as the server would (with the fields of an operations module) and checks what it built. */
export function buildModuleState(
  scenario: Scenario,
  path: string,
  options: { seed: number; assetsOrigin: string; fields?: RecordFields },
): ScenarioState {
  let state: ScenarioState
  try {
    state = buildScenario(scenario, options)
  } catch (error) {
    throw new SourceError(`${path} failed while building its data: ${(error as Error).message}`)
  }
  return checked(state, path, surfaceOf({ fields: options.fields }).model, options.seed)
}

/** What changed between two states, record by record: `workspaces: 1 added, 2 changed; applications: 3 removed`. */
export function describeChanges(before: ScenarioState, after: ScenarioState): string {
  const parts: string[] = []
  for (const name of ['organizations', 'accounts', 'workspaces', 'applications'] as const) {
    const old = new Map<string, string>(before[name].map((record) => [record.id, JSON.stringify(record)]))
    let added = 0
    let changed = 0
    for (const record of after[name]) {
      const previous = old.get(record.id)
      if (previous === undefined) added++
      else if (previous !== JSON.stringify(record)) changed++
      old.delete(record.id)
    }
    const counts = [added && `${added} added`, changed && `${changed} changed`, old.size && `${old.size} removed`].filter(Boolean)
    if (counts.length > 0) parts.push(`${name}: ${counts.join(', ')}`)
  }
  return parts.length > 0 ? parts.join('; ') : 'no record changed'
}
