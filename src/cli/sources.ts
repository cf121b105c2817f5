/**
 * Where the command's data comes from besides the presets: a state file (`--state`) and a scenario module
 * (`--scenario ./my-scenario.ts`), loaded and checked before they are served, and described when `--watch`
 * reloads them.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Credentials } from '../api/create-mock-api.ts'
import type { Scenario } from '../scenarios/kit.ts'
import { buildScenario } from '../scenarios/resolve.ts'
import type { ScenarioState } from '../model/state.ts'
import { InvalidStateError, validateState } from '../model/validate-state.ts'
import { readJsonFile, readRegularFile } from './json-file.ts'

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

/** The most a scenario module's own file may hold (it is code: a few KiB). */
const MODULE_FILE = { maxBytes: 16 * 1024 * 1024, what: 'a scenario module' }

/** Reads, parses and validates a state file; the error names every record and field that does not fit. */
export function loadStateFile(path: string): ScenarioState {
  let value: unknown
  try {
    value = readJsonFile(path, STATE_FILE)
  } catch (error) {
    throw new SourceError((error as Error).message)
  }
  return checked(value, path)
}

/** Checks a state as the server will load it: the model's rules, and at least one principal. */
function checked(value: unknown, source: string): ScenarioState {
  try {
    validateState(value)
    if (value.accounts.length === 0) {
      throw new InvalidStateError('state.accounts must hold at least one account (a principal)', 'accounts')
    }
    return value
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
 * Imports a scenario module (its default export must be a scenario function). `version` makes Node load
 * the file again after an edit (each version stays in Node's module cache: fine for a development tool).
 */
export async function loadScenarioModule(path: string, version = 0): Promise<Scenario> {
  if (isSingleExecutable()) {
    throw new SourceError(
      `${path}: a scenario module needs Node (npx workspace-api-mock --scenario ${path}); this single executable serves the presets (--scenario demo) and --state files`,
    )
  }
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
  let module: { default?: unknown }
  try {
    module = (await import(url.href)) as { default?: unknown }
  } catch (error) {
    throw new SourceError(`${path} could not be loaded: ${(error as Error).message}`)
  }
  const scenario = module.default
  if (typeof scenario !== 'function') {
    const got = scenario === undefined ? 'no default export' : `a default export of type ${typeof scenario}`
    throw new SourceError(`${path} must export a scenario function as its default export ((kit) => { ... }), it has ${got}`)
  }
  return scenario as Scenario
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

/** Runs a module's scenario as the server would and checks what it built. */
export function buildModuleState(scenario: Scenario, path: string, options: { seed: number; assetsOrigin: string }): ScenarioState {
  let state: ScenarioState
  try {
    state = buildScenario(scenario, options)
  } catch (error) {
    throw new SourceError(`${path} failed while building its data: ${(error as Error).message}`)
  }
  return checked(state, path)
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
