/**
 * `workspace-api-mock verify`: the mock's decisions, tested against a live base URL. Exit codes: 0 when
 * nothing differs (with `--baseline`: nothing new), 1 when something does, 2 for a usage mistake, a bad
 * profile or file, or a target it cannot use.
 */
import { writeFileSync } from 'node:fs'
import { MergeError } from '../codegen/operations-module.ts'
import { FlagError } from './flag-table.ts'
import { parseVerifyFlags, verifyHelpText } from './verify-flags.ts'
import { loadProfileFile, ProfileFileError } from './profile-file.ts'
import { TargetError } from '../verify/client.ts'
import { baselineLines, baselineMember, baselineOf, type Baseline } from '../verify/baseline.ts'
import { observedProfile } from '../verify/profile-out.ts'
import { checkLine, junitXml, reportJson, totals } from '../verify/report.ts'
import { runVerify, type VerifyOptions, type VerifyResult } from '../verify/run.ts'
import { loadOperationsModule, SourceError, withPresets } from './sources.ts'
import { visible } from '../text/terminal-text.ts'
import { existingModule, loadBaseline, loadOpenApi, VerifyFileError } from './verify-files.ts'
import { moduleLines, operationsOut } from '../verify/operations-out.ts'
import { WriteError, writeFileAtomically } from '../files/write-atomically.ts'
import { MAX_ANSWER_BYTES } from '../service-client/polite-client.ts'

const COMMAND = 'workspace-api-mock verify'

/** An output file it cannot write: the user's mistake, one line, exit code 2. */
class OutputError extends Error {}

interface Settings extends VerifyOptions {
  report?: string
  junit?: string
  profileOut?: string
  baseline?: { file: string; baseline: Baseline }
  /** `--operations-out`: the file, and its text when it exists (merged into). */
  operationsOut?: { file: string; existing: string | undefined }
  openapi?: string
}

async function settingsOf(argv: readonly string[]): Promise<Settings | 'help'> {
  const { help, apiKey, apiSecret, profile, operations, unshownOperations, baseline, operationsOut: out, ...rest } = parseVerifyFlags(argv)
  if (help) return 'help'
  if (rest.openapi !== undefined && out === undefined) throw new FlagError('--openapi names the document --operations-out reads operations from: give --operations-out too')
  const module = operations === undefined ? undefined : await loadOperationsModule(operations)
  const definitions = withPresets(module, unshownOperations, operations) ?? {}
  return {
    ...rest,
    ...definitions,
    credentials: { apiKey, apiSecret },
    profile: profile === undefined ? undefined : loadProfileFile(profile),
    ...(baseline !== undefined && { baseline: { file: baseline, baseline: baselineOf(loadBaseline(baseline)) } }),
    ...(out !== undefined && { operationsOut: { file: out, existing: existingModule(out) } }),
  }
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

/** Where the bad input's one line comes from: the flags, a file, a module. */
const USAGE_ERRORS = [FlagError, ProfileFileError, SourceError, VerifyFileError]

export async function verifyCommand(argv: readonly string[]): Promise<number> {
  let settings: Settings | 'help'
  try {
    settings = await settingsOf(argv)
  } catch (error) {
    if (!USAGE_ERRORS.some((kind) => error instanceof kind)) throw error
    // One line, as for a target it cannot use: CI logs show it whole.
    const hint = error instanceof FlagError ? ` (every flag: ${COMMAND} --help)` : ''
    process.stderr.write(`${COMMAND}: ${(error as Error).message}${hint}\n`)
    return 2
  }
  if (settings === 'help') {
    process.stdout.write(verifyHelpText())
    return 0
  }
  try {
    return await run(settings)
  } catch (error) {
    if (![TargetError, OutputError, VerifyFileError, MergeError, WriteError].some((kind) => error instanceof kind)) throw error
    // The message quotes the target (cut where it does); a control character it missed must still not reach the terminal.
    process.stderr.write(`${COMMAND}: ${visible((error as Error).message)}\n`)
    return 2
  }
}

async function run(settings: Settings): Promise<number> {
  const openapi = settings.openapi === undefined || settings.operationsOut === undefined ? undefined : await loadOpenApi(settings.openapi, { ...settings, maxAnswerBytes: settings.maxAnswerBytes ?? MAX_ANSWER_BYTES })
  const found = settings.operationsOut && operationsOut({ ...settings, existing: settings.operationsOut.existing })
  const known = settings.baseline?.baseline.known
  // A line a check as it is judged (a run takes seconds to minutes at the polite rate); with a baseline, only what is new.
  const onCheck = (check: Parameters<typeof checkLine>[0]) => {
    if (!settings.baseline || (check.verdict === 'differs' && !known!(check))) process.stdout.write(`${checkLine(check)}\n`)
  }
  const result = await runVerify({ ...settings, onCheck, ...(found && { onTargetAnswer: found.onTargetAnswer }) })
  const module = found ? await found.module(result, openapi) : undefined
  const wrote = [...new Set([...result.wrote, ...(module?.wrote ?? [])])]
  const { report } = result
  process.stdout.write(totals(report, wrote))
  const comparison = settings.baseline?.baseline.compare(report)
  if (comparison) process.stdout.write(baselineLines(comparison, settings.baseline!.file, report.target))
  if (settings.report) write(settings.report, reportJson(report, wrote, comparison && baselineMember(comparison)), 'the report')
  if (settings.junit) write(settings.junit, junitXml(report, wrote, known), 'the JUnit report')
  if (settings.profileOut) await profileOut(settings, result)
  if (module && settings.operationsOut) {
    if (module.added.length > 0 || settings.operationsOut.existing === undefined) writeFileAtomically(settings.operationsOut.file, module.text)
    process.stdout.write(moduleLines(module, settings.operationsOut.file, settings.operationsOut.existing !== undefined))
  }
  if (comparison) return comparison.new.length > 0 ? 1 : 0
  return report.checks.some((check) => check.verdict === 'differs') ? 1 : 0
}

async function profileOut(settings: Settings, result: VerifyResult): Promise<void> {
  const observed = await observedProfile({ report: result.report, profile: result.profile, given: settings.profile, target: result.target, workspaceId: result.workspaceId })
  write(settings.profileOut!, `${JSON.stringify(observed.profile, null, 2)}\n`, 'the observed profile')
  for (const difference of observed.unadoptable) process.stdout.write(`no profile knob adopts ${visible(difference)}\n`)
}
