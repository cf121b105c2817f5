#!/usr/bin/env node
/**
 * `workspace-api-mock [serve] [flags]`: serves the mock over HTTP until Ctrl+C (see `--help`).
 * Exit codes: 0 after a clean stop, 1 when the server cannot start, 2 for a command-line mistake.
 */
import { readFileSync } from 'node:fs'
import { resolveScenario, type ScenarioRef } from '../scenarios/resolve.ts'
import { withCredentials } from '../node/scenario.ts'
import type { MockServer, MockServerOptions } from '../node/server.ts'
import type { FaultSpec } from '../node/admin.ts'
import { FlagError, helpText, parseFlags, type CliSettings } from './flags.ts'
import { scaleSize, withProgress } from './progress.ts'

const COMMAND = 'workspace-api-mock'

async function main(argv: readonly string[]): Promise<number> {
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
    process.stdout.write(`${version()}\n`)
    return 0
  }

  // Loaded only now, so that --help and flag mistakes answer at once.
  const { ListenError, startMockServer } = await import('../node/server.ts')
  const { banner } = await import('./banner.ts')
  const started = performance.now()
  const progress = withProgress(scenarioOf(settings), {
    label: settings.scenario,
    total: scaleSize(settings.scenario),
    stream: process.stderr,
  })
  let server: MockServer
  try {
    server = await startMockServer(toServerOptions(settings, progress.scenario))
  } catch (error) {
    progress.finish()
    const known = error instanceof ListenError || error instanceof TypeError
    process.stderr.write(`${COMMAND}: ${known ? error.message : `cannot start: ${describe(error)}`}\n`)
    return 1
  }
  progress.finish()
  // Listen for signals before the banner: whoever reads it may stop the server at once.
  const stopped = stopOnSignal(server)
  process.stdout.write(
    banner({ server, settings, version: version(), seconds: (performance.now() - started) / 1000 }),
  )
  await stopped
  return 0
}

/** Where the flags become server options: new flags are passed on here. */
function toServerOptions(settings: CliSettings, scenario: ScenarioRef): MockServerOptions {
  // Contract-strict mode checks every body the kit writes: a test-runner aid, off for the demo server.
  return {
    port: settings.port,
    host: settings.host,
    seed: settings.seed,
    scenario,
    strict: false,
    faults: faultsOf(settings),
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

function scenarioOf(settings: CliSettings): ReturnType<typeof resolveScenario> {
  const ref = settings.scenario as ScenarioRef
  if (settings.apiKey === undefined && settings.apiSecret === undefined) return resolveScenario(ref)
  return withCredentials(ref, { apiKey: settings.apiKey, apiSecret: settings.apiSecret })
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
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

function version(): string {
  // Two levels up from src/cli/ and from dist/cli/ alike.
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  return pkg.version
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`${COMMAND}: ${describe(error)}\n`)
    process.exitCode = 1
  },
)
