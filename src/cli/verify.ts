/**
 * `workspace-api-mock verify`: the mock's decisions, tested against a live base URL. Exit codes: 0 when
 * nothing differs, 1 when something does, 2 for a usage mistake, a bad profile or a target it cannot use.
 */
import { writeFileSync } from 'node:fs'
import { FlagError } from './flag-table.ts'
import { parseVerifyFlags, verifyHelpText } from './verify-flags.ts'
import { loadProfileFile, ProfileFileError } from './profile-file.ts'
import { TargetError } from '../verify/client.ts'
import { observedProfile } from '../verify/profile-out.ts'
import { checkLine, junitXml, reportJson, totals } from '../verify/report.ts'
import { runVerify, type VerifyOptions } from '../verify/run.ts'
import { loadOperationsModule, SourceError, withPresets } from './sources.ts'
import { visible } from '../text/terminal-text.ts'

const COMMAND = 'workspace-api-mock verify'

/** An output file it cannot write: the user's mistake, one line, exit code 2. */
class OutputError extends Error {}

interface Settings extends VerifyOptions {
  report?: string
  junit?: string
  profileOut?: string
}

async function settingsOf(argv: readonly string[]): Promise<Settings | 'help'> {
  const { help, apiKey, apiSecret, profile, operations, unshownOperations, ...rest } = parseVerifyFlags(argv)
  if (help) return 'help'
  const module = operations === undefined ? undefined : await loadOperationsModule(operations)
  const definitions = withPresets(module, unshownOperations, operations) ?? {}
  return { ...rest, ...definitions, credentials: { apiKey, apiSecret }, profile: profile === undefined ? undefined : loadProfileFile(profile) }
}

/** Writes an output file (see `OutputError`) and says where. */
function write(path: string, text: string, what: string): void {
  try {
    writeFileSync(path, text)
  } catch (error) {
    throw new OutputError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
  process.stdout.write(`wrote ${what} to ${path}\n`)
}

export async function verifyCommand(argv: readonly string[]): Promise<number> {
  let settings: Settings | 'help'
  try {
    settings = await settingsOf(argv)
  } catch (error) {
    if (!(error instanceof FlagError) && !(error instanceof ProfileFileError) && !(error instanceof SourceError)) throw error
    // One line, as for a target it cannot use: CI logs show it whole.
    const hint = error instanceof FlagError ? ` (every flag: ${COMMAND} --help)` : ''
    process.stderr.write(`${COMMAND}: ${error.message}${hint}\n`)
    return 2
  }
  if (settings === 'help') {
    process.stdout.write(verifyHelpText())
    return 0
  }
  try {
    // A line a check as it is judged: a run takes seconds to minutes at the polite rate.
    const result = await runVerify({ ...settings, onCheck: (check) => process.stdout.write(`${checkLine(check)}\n`) })
    const { report } = result
    process.stdout.write(totals(report, result.wrote))
    if (settings.report) write(settings.report, reportJson(report, result.wrote), 'the report')
    if (settings.junit) write(settings.junit, junitXml(report, result.wrote), 'the JUnit report')
    if (settings.profileOut) {
      const observed = await observedProfile({ report, profile: result.profile, given: settings.profile, target: result.target, workspaceId: result.workspaceId })
      write(settings.profileOut, `${JSON.stringify(observed.profile, null, 2)}\n`, 'the observed profile')
      for (const difference of observed.unadoptable) process.stdout.write(`no profile knob adopts ${visible(difference)}\n`)
    }
    return report.checks.some((check) => check.verdict === 'differs') ? 1 : 0
  } catch (error) {
    if (!(error instanceof TargetError) && !(error instanceof OutputError)) throw error
    // The message quotes the target (cut where it does); a control character it missed must still not reach the terminal.
    process.stderr.write(`${COMMAND}: ${visible(error.message)}\n`)
    return 2
  }
}
