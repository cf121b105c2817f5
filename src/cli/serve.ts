/**
 * `workspace-api-mock [serve | mcp] [flags]`: serves the mock over HTTP until Ctrl+C (see `--help`); `mcp`
 * also speaks MCP on stdio, until stdin ends. Exit codes: 0 after a clean stop, 1 when the server cannot
 * start, 2 for a command-line mistake.
 */
import type { ScenarioRef } from '../scenarios/resolve.ts'
import type { MockServer, MockServerOptions, StartedServer } from '../server/server.ts'
import type { FaultSpec } from '../server/sessions/served-mock.ts'
import type { Profile } from '../handlers/profile.ts'
import { DefinitionError } from '../model/definition-error.ts'
import { COMMAND, describe, packageVersion } from './command.ts'
import { loadProfileFile, ProfileFileError } from './profile-file.ts'
import { FlagError, helpText, parseFlags, type CliSettings } from './serve-flags.ts'
import { liveOption } from './serve-live.ts'
import { sourceOf, type Source } from './serve-source.ts'
import { watchSources } from './serve-watch.ts'
import { loadOperationsModule, SourceError, withPresets, type OperationsModule } from './sources.ts'

/** Runs the command with its arguments (`serve` or `mcp` first, or neither); answers the exit code. */
export async function serveCommand(argv: readonly string[]): Promise<number> {
  const settings = settingsOf(argv)
  if (typeof settings === 'number') return settings
  const began = performance.now()
  const loaded = await load(settings)
  if (typeof loaded === 'number') return loaded
  const started = await start(settings, loaded)
  if (typeof started === 'number') return started
  const { server } = started
  // Listen for signals before the banner: whoever reads it may stop the server at once.
  const stopped = stopOnSignal(server)
  // `mcp` speaks the protocol on stdout: what people read goes to stderr.
  const out = settings.command === 'mcp' ? process.stderr : process.stdout
  const unwatch = settings.watch ? watchSources(server, settings, loaded, out) : undefined
  const { banner } = await import('./banner.ts')
  out.write(banner({ server, settings, version: packageVersion(), seconds: (performance.now() - began) / 1000 }))
  let code = 0
  if (settings.command === 'mcp') {
    code = (await Promise.race([stopped, mcpOnStdio(started)])) ?? 0
    // After a signal the protocol's stdin is still open, and would keep the process alive.
    process.stdin.destroy()
  } else {
    await stopped
  }
  unwatch?.()
  return code
}

/** The flags, or the exit code of `--help`, `--version` or a mistake. */
function settingsOf(argv: readonly string[]): CliSettings | number {
  let settings: CliSettings
  try {
    settings = parseFlags(argv)
  } catch (error) {
    if (!(error instanceof FlagError)) throw error
    process.stderr.write(`${COMMAND}: ${error.message}\nRun "${COMMAND} --help" to see every flag.\n`)
    return 2
  }
  if (settings.help) {
    process.stdout.write(helpText())
    return 0
  }
  if (settings.version) {
    process.stdout.write(`${packageVersion()}\n`)
    return 0
  }
  return settings
}

/** What the command loaded before it serves: its data, profile, and operations and fields of your own. */
interface Loaded {
  source: Source
  profile: Profile | undefined
  definitions: OperationsModule | undefined
}

/** What the server serves, the profile it follows and its operations module, or exit code 2 with a line that says what is wrong. */
async function load(settings: CliSettings): Promise<Loaded | number> {
  try {
    const profile = settings.profile === undefined ? undefined : loadProfileFile(settings.profile)
    const module = settings.operations === undefined ? undefined : await loadOperationsModule(settings.operations)
    const definitions = withPresets(module, settings.unshownOperations, settings.operations)
    return { source: await sourceOf(settings, definitions), profile, definitions }
  } catch (error) {
    if (!(error instanceof SourceError) && !(error instanceof ProfileFileError)) throw error
    process.stderr.write(`${COMMAND}: ${error.message}\n`)
    return 2
  }
}

/** The started server, or the exit code of a start that failed (1; 2 when the user's data is at fault). */
async function start(settings: CliSettings, { source, profile, definitions }: Loaded): Promise<StartedServer | number> {
  // Loaded only now, so that --help and flag mistakes answer at once.
  const { ListenError, startServer } = await import('../server/server.ts')
  try {
    const live = liveOption(settings, process.env, settings.command === 'mcp' ? process.stderr : process.stdout)
    return await startServer({ ...toServerOptions(settings, source), ...definitions, profile, ...(live && { live }) })
  } catch (error) {
    // A mistake of --live's: credentials in the environment, an operation the mock does not have.
    if (error instanceof FlagError || (error as Error).name === 'LiveOptionsError') {
      process.stderr.write(`${COMMAND}: ${(error as Error).message}\n`)
      return 2
    }
    if (error instanceof ListenError) {
      process.stderr.write(`${COMMAND}: ${error.message}\n`)
      return 1
    }
    // A field of the module's that builds values its own schema refuses.
    if (error instanceof DefinitionError && settings.operations !== undefined) {
      process.stderr.write(`${COMMAND}: ${settings.operations}: ${error.message}\n`)
      return 2
    }
    // The data a module built does not fit the model, or the module failed: the user's input, as for --state.
    if (source.kind === 'module') {
      process.stderr.write(`${COMMAND}: ${error instanceof SourceError ? error.message : `${source.path}: ${(error as Error).message}`}\n`)
      return 2
    }
    const known = error instanceof TypeError
    process.stderr.write(`${COMMAND}: ${known ? error.message : `cannot start: ${describe(error)}`}\n`)
    return 1
  } finally {
    source.finish()
  }
}

/** Serves MCP on stdio until stdin ends, then stops the server; resolves with the exit code. */
async function mcpOnStdio(started: StartedServer): Promise<number> {
  const { serveStdio } = await import('./mcp-stdio.ts')
  const code = await serveStdio(started)
  await started.server.close()
  return code
}

/** Where the flags become server options: new flags are passed on here. */
function toServerOptions(settings: CliSettings, source: Source): MockServerOptions {
  // Contract-strict mode checks every body the kit writes: a test-runner aid, off for the demo server.
  const options: MockServerOptions = {
    port: settings.port,
    host: settings.host,
    seed: settings.seed,
    strict: false,
    faults: faultsOf(settings),
    sessions: { maxSessions: settings.maxSessions, idleTimeout: settings.sessionIdle, maxStateBytes: settings.maxSessionBytes },
    maxRecords: settings.maxRecords,
    bodyTimeout: settings.bodyTimeout,
    maxWriteBytes: settings.maxWriteBytes,
    adminToken: settings.adminToken,
    allowedHosts: settings.allowedHosts,
    // Unset: the environment decides (a reporter's run sets WORKSPACE_API_MOCK_COVERAGE for a server it starts).
    ...(settings.coverage && { coverage: true }),
  }
  switch (source.kind) {
    case 'state':
      return { ...options, state: source.state, name: source.path, seed: source.seed ?? settings.seed }
    case 'module':
      return { ...options, scenario: source.scenario, name: source.path, sessions: { ...options.sessions, scenario: source.raw } }
    case 'preset':
      return { ...options, scenario: source.scenario, name: settings.scenario, sessions: { ...options.sessions, scenario: settings.scenario as ScenarioRef } }
  }
}

/** The session-long faults the flags ask for. */
function faultsOf(settings: CliSettings): FaultSpec[] {
  const faults: FaultSpec[] = []
  if (settings.latency !== undefined) faults.push({ type: 'latency', target: '*', latency: settings.latency })
  if (settings.failRate !== undefined) {
    faults.push({ type: 'fail', target: '*', status: settings.failStatus, rate: settings.failRate })
  }
  return faults
}

/** Resolves after SIGINT or SIGTERM has closed the server; a second signal exits at once. */
function stopOnSignal(server: MockServer): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        process.stderr.write(`${COMMAND}: ${signal} again, exiting now\n`)
        process.exit(130)
      }
      stopping = true
      process.stderr.write(`\n${COMMAND}: ${signal} received, stopping...\n`)
      server.close().then(
        () => {
          process.stderr.write(`${COMMAND}: stopped\n`)
          process.off('SIGINT', stop)
          process.off('SIGTERM', stop)
          resolve()
        },
        (error: unknown) => {
          process.stderr.write(`${COMMAND}: error while stopping: ${String(error)}\n`)
          process.exit(1)
        },
      )
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}
