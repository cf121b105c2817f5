/**
 * `workspace-api-mock record`: reads a service's workspaces and applications through its API and writes
 * them as a state file the mock serves. Loaded by the command only when asked for.
 */
import { writeFileAtomically } from '../files/atomic-write.ts'
import { FlagError } from './flag-table.ts'
import { shellQuote } from '../text/shell-quote.ts'
import { progressLine, progressLog, type ProgressLine, type ProgressStream } from './progress.ts'
import { newCredentials } from '../model/credentials.ts'
import { fixtureText } from '../model/fixture-text.ts'
import { RecordError, targetClient } from '../record/client.ts'
import { parseRecordFlags, recordHelpText, type RecordSettings } from './record-flags.ts'
import { readService, type Counts } from '../record/read.ts'
import { recordedState, type StateOptions } from '../record/state.ts'
import { surfaceOf } from '../api/mock-surface.ts'
import { loadOperationsModule, SourceError } from './sources.ts'
import { visible } from '../text/terminal-text.ts'

const COMMAND = 'workspace-api-mock record'

export interface RecordIo {
  stdout: ProgressStream
  stderr: ProgressStream
  /** Ms between progress lines where stderr is no terminal (default LOG_EVERY_MS). */
  logEveryMs?: number
}

/** Runs the command with the arguments after `record`; answers the exit code. */
export async function record(argv: readonly string[], io: RecordIo = process): Promise<number> {
  let settings: RecordSettings
  try {
    settings = parseRecordFlags(argv)
  } catch (error) {
    if (!(error instanceof FlagError)) throw error
    io.stderr.write(`${COMMAND}: ${error.message}\nRun "${COMMAND} --help" to see every flag.\n`)
    return 2
  }
  if (settings.help) {
    io.stdout.write(recordHelpText())
    return 0
  }
  let model
  try {
    model = settings.operations === undefined ? undefined : surfaceOf(await loadOperationsModule(settings.operations)).model
  } catch (error) {
    if (!(error instanceof SourceError)) throw error
    io.stderr.write(`${COMMAND}: ${error.message}\n`)
    return 2
  }
  const line = progressLine(io.stderr) ?? progressLog(io.stderr, `${COMMAND}: `, io.logEveryMs)
  try {
    return await run({ ...settings, model }, io, line)
  } catch (error) {
    if (!(error instanceof RecordError)) throw error
    line.draw('')
    // The message quotes the service (cut where it does); a control character it missed must still not reach the terminal.
    io.stderr.write(`${COMMAND}: ${visible(error.message)}\n`)
    return error.exitCode
  }
}

async function run(settings: RecordSettings & Pick<StateOptions, 'model'>, io: RecordIo, line: ProgressLine): Promise<number> {
  const started = performance.now()
  const client = targetClient(settings)
  const onProgress = (counts: Counts) => line.update(() => progressText(settings.target, counts))
  const recorded = await readService(client, { maxRecords: settings.maxRecords, onProgress })
  const generated = newCredentials()
  const principal = { apiKey: settings.asKey ?? generated.apiKey, apiSecret: settings.asSecret ?? generated.apiSecret }
  const state = recordedState(recorded, { target: settings.target, principal, iconsOrigin: settings.iconsOrigin, model: settings.model })
  writeAtomically(settings.out, fixtureText(state))
  line.draw('')
  for (const warning of recorded.warnings) io.stderr.write(`${COMMAND}: warning: ${visible(warning)}\n`)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const secret = settings.asSecret === undefined ? ` (its X-API-Secret is accounts[0].apiSecret in ${settings.out})` : ''
  io.stdout.write(
    `Recorded ${count(state.workspaces.length, 'workspace')} and ${count(state.applications.length, 'application')} ` +
      `from ${settings.target} (${count(recorded.pages, 'page')}, ${count(client.requests, 'request')}, ${seconds} s) into ${settings.out}.\n` +
      `Serve it: workspace-api-mock --state ${shellQuote(settings.out)}${settings.operations === undefined ? '' : ` --operations ${shellQuote(settings.operations)}`}\n` +
      `Its principal: X-API-Key: ${principal.apiKey}${secret}\n` +
      // The icon URLs in a state file are absolute: served on another port, the icons are not found.
      `Its icons are at ${settings.iconsOrigin}/api/icons/: serve it at that origin, or record with --icons-origin <the mock's origin>\n`,
  )
  return 0
}

/** Writes the state file whole or not at all (a failed run never leaves half a state file). */
function writeAtomically(path: string, text: string): void {
  try {
    writeFileAtomically(path, text)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new RecordError(`cannot write ${path}${code ? ` (${code})` : `: ${(error as Error).message}`}`, 1)
  }
}

function progressText(target: string, counts: Counts): string {
  const format = new Intl.NumberFormat('en-US').format
  const workspaces = counts.workspaces === 0 ? 'workspaces' : `${format(counts.workspacesDone)} of ${count(counts.workspaces, 'workspace')}`
  return `Recording ${target}: ${workspaces}, ${count(counts.applications, 'application')}, ${count(counts.pages, 'page')}`
}

function count(n: number, noun: string): string {
  return `${new Intl.NumberFormat('en-US').format(n)} ${noun}${n === 1 ? '' : 's'}`
}
