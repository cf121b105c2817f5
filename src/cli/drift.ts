/**
 * `workspace-api-mock drift --operations-out <file.ts> --url <server>`: the module that makes the mock
 * follow what a running demo server's `--live` service showed (docs/live.md), written from the server's
 * findings (`GET /__admin/drift/findings`, or a session's) by the generator verify's `--operations-out`
 * uses, and merged into the file when there is one. The server's answer is read as a service's is (bounded
 * in size and time, no redirect followed) and checked whole before anything is written. Any mistake (a
 * flag, the file, a server it cannot read) is one line and exit code 2, with nothing written; the module
 * replaces its file whole (write-atomically.ts). Loaded by the command only when asked for.
 */
import { findingsSchema, type Findings } from '../codegen/findings.ts'
import { adminPath } from '../wire/admin-routes.ts'
import { MergeError, operationsModule } from '../codegen/operations-module.ts'
import { WriteError, writeFileAtomically } from '../files/write-atomically.ts'
import { politeClient } from '../service-client/polite-client.ts'
import { shown, visible } from '../text/terminal-text.ts'
import { moduleLines } from '../verify/operations-out.ts'
import { driftHelpText, parseDriftFlags, type DriftFlags } from './drift-flags.ts'
import { FlagError } from './flag-table.ts'
import { existingModule, VerifyFileError } from './verify-files.ts'

const COMMAND = 'workspace-api-mock drift'

/** Most bytes of the server's findings: a mock keeps about 1.5 MiB of them at most (src/live/seen.ts). */
const MAX_FINDINGS_BYTES = 16 * 1024 * 1024

/** A server whose findings cannot be read: one line, exit code 2. */
class ServerError extends Error {}

export interface DriftIo {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

/** Runs the command with the arguments after `drift`; answers the exit code. */
export async function driftCommand(argv: readonly string[], io: DriftIo = process): Promise<number> {
  let settings: DriftFlags
  try {
    settings = parseDriftFlags(argv)
  } catch (error) {
    if (!(error instanceof FlagError)) throw error
    io.stderr.write(`${COMMAND}: ${error.message} (every flag: ${COMMAND} --help)\n`)
    return 2
  }
  if (settings.help) {
    io.stdout.write(driftHelpText())
    return 0
  }
  try {
    const file = settings.operationsOut
    const existing = existingModule(file)
    const module = operationsModule(await findingsOf(settings), existing)
    if (module.added.length > 0 || existing === undefined) writeFileAtomically(file, module.text)
    io.stdout.write(moduleLines(module, file, existing !== undefined))
    return 0
  } catch (error) {
    if (![VerifyFileError, ServerError, MergeError, WriteError].some((kind) => error instanceof kind)) throw error
    // The server's text (a problem's detail) may hold control characters: they must not reach the terminal.
    io.stderr.write(`${COMMAND}: ${visible((error as Error).message)}\n`)
    return 2
  }
}

/** The findings of the server (or of its session), checked against the generator's input. */
async function findingsOf(settings: DriftFlags): Promise<Findings> {
  const route = adminPath('GET drift/findings', settings.session === undefined ? {} : { session: settings.session })
  const client = politeClient({
    target: settings.url,
    rate: Number.POSITIVE_INFINITY,
    tries: 1,
    timeout: settings.timeout,
    maxAnswerBytes: MAX_FINDINGS_BYTES,
    retryDelay: () => undefined,
    fail: (message) => new ServerError(message),
    settings: { timeout: '--timeout', maxAnswerBytes: 'nothing' },
  })
  const headers = new Headers({ Accept: 'application/json' })
  if (settings.adminToken !== undefined) headers.set('Authorization', `Bearer ${settings.adminToken}`)
  const answer = await client.send(() => new Request(`${settings.url}${route}`, { headers }), `GET ${route}`)
  let json: unknown
  try {
    json = answer.json()
  } catch (error) {
    if (error instanceof SyntaxError) throw new ServerError(`${settings.url} answered GET ${route} with ${answer.status} and no JSON: is it the demo server?`)
    throw error
  }
  if (answer.status !== 200) throw new ServerError(`${settings.url} answered GET ${route} with ${answer.status}: ${problemText(json, answer.status)}`)
  const parsed = findingsSchema.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  throw new ServerError(`${settings.url} answered GET ${route} with what is not drift findings: ${issue.path.join('.') || '(the answer)'}: ${shown(issue.message, 200)}`)
}

/** What a problem answer says, with what to do about the common ones. */
function problemText(json: unknown, status: number): string {
  const detail = (json as { detail?: unknown } | null)?.detail
  const said = typeof detail === 'string' ? shown(detail, 300) : 'no detail'
  return status === 401 ? `${said} (give the server's --admin-token with --admin-token)` : said
}
