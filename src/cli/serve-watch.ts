/**
 * `--watch`: the data source (a state file, a scenario module) and the operations module, each served
 * again after a change on disk, on the same port. A change that does not load (bad JSON, a record that
 * does not fit, a module that throws, a definition the kit cannot serve) keeps the last good one and says
 * why. The modules' own imports are not watched. A module that does not finish loading (a top-level await
 * that never settles) is abandoned after LOAD_TIMEOUT_MS, so that the next edit is loaded.
 */
import { surfaceOf } from '../api/mock-surface.ts'
import { DefinitionError } from '../model/definition-error.ts'
import type { ScenarioState } from '../model/state.ts'
import { InvalidStateError } from '../model/validate-state.ts'
import type { MockServer } from '../server/server.ts'
import { describe } from './command.ts'
import type { CliSettings } from './serve-flags.ts'
import { readRegularFile } from './json-file.ts'
import { withCredentialsOf, type Source } from './serve-source.ts'
import { buildModuleState, describeChanges, loadOperationsModule, loadScenarioModule, loadStateFile, SourceError, STATE_FILE, withFirstCredentials, withPresets, type OperationsModule } from './sources.ts'
import { watchFile } from './watch.ts'

/** Watches what the command loaded; returns the function that stops every watch. */
export function watchSources(
  server: MockServer,
  settings: CliSettings,
  loaded: { source: Source; definitions: OperationsModule | undefined },
  out: NodeJS.WritableStream,
): () => void {
  let definitions = loaded.definitions
  const stops = [watchSource(server, settings, loaded.source, () => definitions?.fields, out)]
  if (settings.operations !== undefined) stops.push(watchOperations(server, settings, out, (next) => (definitions = next)))
  return () => stops.forEach((stop) => stop())
}

/** Calls `reload` after each change of `path` that changes its text, one at a time; what it throws is printed. */
function watchText(path: string, reload: (at: string) => Promise<void>): () => void {
  let lastText = readText(path)
  let queue = Promise.resolve()
  const attempt = async () => {
    const text = readText(path)
    // A file it cannot read (gone, a FIFO, a device) is reloaded to say why, each time it changes.
    if (text !== undefined && text === lastText) return
    lastText = text
    const at = new Date().toLocaleTimeString('en-GB')
    try {
      await reload(at)
    } catch (error) {
      const known = error instanceof SourceError || error instanceof InvalidStateError || error instanceof DefinitionError
      process.stderr.write(`[${at}] ${path} changed but was not reloaded, still serving the last good state: ${known ? error.message : describe(error)}\n`)
    }
  }
  return watchFile(path, () => {
    queue = queue.then(attempt)
  })
}

/** The state file or scenario module, served again with the fields the operations module declares now. */
function watchSource(server: MockServer, settings: CliSettings, source: Source, fields: () => OperationsModule['fields'], out: NodeJS.WritableStream): () => void {
  if (source.kind === 'preset') return () => {}
  const { path } = source
  let current = source.kind === 'state' ? source.state : server.api.snapshot()
  let version = 0
  return watchText(path, async (at) => {
    let next: ScenarioState
    if (source.kind === 'state') {
      next = withFirstCredentials(loadStateFile(path, surfaceOf({ fields: fields() }).model, settings.seed), settings, path)
    } else {
      const scenario = withCredentialsOf(await withinLoadTimeout(loadScenarioModule(path, ++version), path), settings)
      next = buildModuleState(scenario, path, { seed: settings.seed, assetsOrigin: server.url, fields: fields() })
    }
    await server.replaceState(next, path)
    const changes = describeChanges(current, next)
    const keys = (state: ScenarioState) => state.accounts.map((a) => `${a.apiKey} ${a.apiSecret}`).join()
    const principalsChanged = keys(current) !== keys(next)
    current = next
    out.write(
      `[${at}] reloaded ${path}: ${changes} (now ${next.workspaces.length} workspaces, ${next.applications.length} applications)\n` +
        (principalsChanged ? principalLines(server) : ''),
    )
  })
}

/**
 * The operations module's operations and fields, served again after each change with the presets the
 * command opted into; sessions end (they run the old ones).
 */
function watchOperations(server: MockServer, settings: CliSettings, out: NodeJS.WritableStream, loaded: (next: OperationsModule) => void): () => void {
  const path = settings.operations!
  let version = 0
  return watchText(path, async (at) => {
    const module = await withinLoadTimeout(loadOperationsModule(path, ++version), path)
    const next = withPresets(module, settings.unshownOperations, path)!
    await server.redefine(next)
    loaded(next)
    out.write(`[${at}] reloaded ${path}: ${definitionsLine(module)}\n`)
  })
}

/** Longest an edited module may take to load: edits load one at a time, and one that never loads would hold every later one. */
const LOAD_TIMEOUT_MS = 5000

/** The module `loading` loads, or a `SourceError` once it has taken LOAD_TIMEOUT_MS (it is then abandoned). */
function withinLoadTimeout<T>(loading: Promise<T>, path: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const abandoned = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SourceError(`${path} did not finish loading within ${LOAD_TIMEOUT_MS / 1000} s (a top-level await that never settles?): abandoned`)), LOAD_TIMEOUT_MS)
  })
  // What the abandoned load says later is not heard.
  loading.catch(() => {})
  return Promise.race([loading, abandoned]).finally(() => clearTimeout(timer))
}

/** What an operations module declares, in a line: `2 operations (deleteWorkspace, getReport); fields: application.status`. */
function definitionsLine({ operations, fields }: OperationsModule): string {
  const names = operations.map((operation) => operation.name)
  const declared = Object.entries(fields ?? {}).flatMap(([record, byName]) => Object.keys(byName ?? {}).map((name) => `${record}.${name}`))
  return `${names.length} operation${names.length === 1 ? '' : 's'}${names.length > 0 ? ` (${names.join(', ')})` : ''}; fields: ${declared.join(', ') || 'none'}`
}

function readText(path: string): string | undefined {
  try {
    return readRegularFile(path, STATE_FILE)
  } catch {
    return undefined
  }
}

/** The principals after a reload changed them, as the banner prints them. */
function principalLines(server: MockServer): string {
  const lines = server.api.principals.map(
    (principal, index) => `  ${index + 1}. X-API-Key: ${principal.apiKey}  X-API-Secret: ${principal.apiSecret}`,
  )
  return `Principals now:\n${lines.join('\n')}\n`
}
