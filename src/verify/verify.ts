/**
 * `workspace-api-mock verify`: the mock's decisions, tested against a live base URL. Exit codes: 0 when
 * nothing differs, 1 when something does, 2 for a usage mistake, a bad profile or a target it cannot use.
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Profile } from '../handlers/profile.ts'
import { loadProfileFile, ProfileFileError } from './profile-file.ts'
import { TargetError } from './client.ts'
import { observedProfile } from './profile-out.ts'
import { junitXml, reportJson, summary } from './report.ts'
import { runVerify, type VerifyOptions } from './run.ts'

const COMMAND = 'workspace-api-mock verify'

/** A usage mistake: one line, exit code 2. */
class UsageError extends Error {}

const OPTIONS = {
  target: { type: 'string' },
  'api-key': { type: 'string' },
  'api-secret': { type: 'string' },
  'workspace-id': { type: 'string' },
  write: { type: 'boolean' },
  report: { type: 'string' },
  junit: { type: 'string' },
  profile: { type: 'string' },
  'profile-out': { type: 'string' },
  rate: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

export const VERIFY_HELP = `Usage: workspace-api-mock verify --target <url> --api-key <key> --api-secret <secret> [flags]

Sends a conformance suite of requests to a live service and judges each answer against the OpenAPI
document and against what the mock decides for that case (statuses, problem titles and error locations,
bounds, defaults, headers, list order, record fields, id shapes, timestamps). Read-only by default.

Flags:
  --target <url>          Base URL of the service, without /api (http or https)
  --api-key <key>         X-API-Key of the principal the requests are sent as
  --api-secret <secret>   X-API-Secret of that principal (never written to the report or the output)
  --workspace-id <id>     Workspace to read (and with --write, to update) instead of the first with applications
  --write                 Also create and update: creates one workspace named "workspace-api-mock verify" and
                          updates its description (or that of --workspace-id), sends invalid bodies (422) and
                          bodies the transport refuses (400, 413, 415), which change nothing
  --report <file.json>    Write the report as JSON
  --junit <file.xml>      Write the report as JUnit XML
  --profile <file.json>   Judge the target against the mock with this behaviour profile
  --profile-out <file>    Write a profile with the target's values for the knobs where it differs
  --rate <requests/s>     Most requests a second to the target (default 5); a 429 with Retry-After
                          (up to a minute) is waited for and asked again, three tries
  --timeout <ms>          Longest wait for one answer, in milliseconds (default 10000)
  -h, --help              Show this help and exit

Exit codes: 0 nothing differs, 1 something differs, 2 usage mistakes and targets it cannot use.
`

interface Settings extends VerifyOptions {
  report?: string
  junit?: string
  profileOut?: string
}

function positive(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback
  const value = Number(text)
  if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0)) throw new UsageError(`${flag} must be a number above 0, got "${text}"`)
  return value
}

function settingsOf(argv: readonly string[]): Settings | 'help' {
  let values: Record<string, string | boolean | undefined>
  try {
    const parsed = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false })
    values = parsed.values
  } catch (error) {
    const unknown = /^Unknown option '([^']+)'/.exec((error as Error).message)
    throw new UsageError(unknown ? `unknown flag ${unknown[1]}` : (error as Error).message.split('\n')[0]!)
  }
  if (values.help) return 'help'
  const text = (name: string) => values[name] as string | undefined
  for (const name of ['target', 'api-key', 'api-secret']) {
    if (!text(name)) throw new UsageError(`--${name} is required`)
  }
  let target: URL
  try {
    target = new URL(text('target')!)
  } catch {
    throw new UsageError(`--target must be a URL such as https://api.example.com, got "${text('target')}"`)
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new UsageError(`--target must be an http or https URL, got "${text('target')}"`)
  // The report and the output show the target: credentials in it would be written there.
  if (target.username || target.password) throw new UsageError('--target must not hold credentials: give them with --api-key and --api-secret')
  const profile: Profile | undefined = text('profile') === undefined ? undefined : loadProfileFile(text('profile')!)
  return {
    target: target.href.replace(/\/+$/, ''),
    credentials: { apiKey: text('api-key')!, apiSecret: text('api-secret')! },
    workspaceId: text('workspace-id'),
    write: values.write === true,
    profile,
    rate: positive(text('rate'), '--rate', 5),
    timeout: positive(text('timeout'), '--timeout', 10_000),
    report: text('report'),
    junit: text('junit'),
    profileOut: text('profile-out'),
  }
}

/** Writes an output file; a path it cannot write to is the user's mistake (one line, exit code 2). */
function write(path: string, text: string): void {
  try {
    writeFileSync(path, text)
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
}

export async function verifyCommand(argv: readonly string[]): Promise<number> {
  let settings: Settings | 'help'
  try {
    settings = settingsOf(argv)
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof ProfileFileError)) throw error
    // One line, as for a target it cannot use: CI logs show it whole.
    const hint = error instanceof UsageError ? ` (every flag: ${COMMAND} --help)` : ''
    process.stderr.write(`${COMMAND}: ${error.message}${hint}\n`)
    return 2
  }
  if (settings === 'help') {
    process.stdout.write(VERIFY_HELP)
    return 0
  }
  try {
    const result = await runVerify(settings)
    const { report } = result
    process.stdout.write(summary(report, result.wrote))
    if (settings.report) write(settings.report, reportJson(report))
    if (settings.junit) write(settings.junit, junitXml(report))
    if (settings.profileOut) {
      const profile = await observedProfile({ report, profile: result.profile, given: settings.profile, target: result.target, workspaceId: result.workspaceId })
      write(settings.profileOut, `${JSON.stringify(profile, null, 2)}\n`)
    }
    return report.checks.some((check) => check.verdict === 'differs') ? 1 : 0
  } catch (error) {
    if (!(error instanceof TargetError) && !(error instanceof UsageError)) throw error
    process.stderr.write(`${COMMAND}: ${error.message}\n`)
    return 2
  }
}
