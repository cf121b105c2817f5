/**
 * The files verify reads besides the profile and the operations module: the baseline report
 * (`--baseline`), the module `--operations-out` merges into, and the OpenAPI document `--openapi` names
 * (a file, or a URL asked as verify asks the target, without credentials). Each refusal is one line (exit
 * code 2), before the run sends anything.
 */
import { existsSync } from 'node:fs'
import { MARKS } from '../codegen/operations-module.ts'
import { MAX_ANSWER_DEPTH, politeClient, type Fetch } from '../service-client/polite-client.ts'
import { nestingOf } from '../text/json-nesting.ts'
import { shown } from '../text/terminal-text.ts'
import { reportSchema, type Report } from '../verify/report-format.ts'
import { readJsonFile, readRegularFile } from './json-file.ts'

/** A file verify cannot use: one line for the user, exit code 2. */
export class VerifyFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'VerifyFileError'
  }
}

/** The most a report may hold: a run's is a few hundred KiB. */
const REPORT_FILE = { maxBytes: 64 * 1024 * 1024, what: 'a report' }
/** The most a module of the user's may hold (it is code: a few KiB). */
const MODULE_FILE = { maxBytes: 16 * 1024 * 1024, what: 'an operations module' }

const read = <T>(load: () => T): T => {
  try {
    return load()
  } catch (error) {
    throw new VerifyFileError((error as Error).message)
  }
}

/** An earlier report, as `--report` wrote it; the error names the member that does not fit. */
export function loadBaseline(path: string): Report {
  const value = read(() => readJsonFile(path, REPORT_FILE))
  const parsed = reportSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  throw new VerifyFileError(`--baseline ${path}: not a report of verify --report: ${issue.path.join('.') || '(the file)'}: ${issue.message}`)
}

/**
 * The module `--operations-out` merges into (verify's, drift's), or undefined when there is none yet. A
 * file without the lines a merge inserts above is not one they wrote: refused, so that no file of the
 * user's is rewritten.
 */
export function existingModule(path: string): string | undefined {
  if (!existsSync(path)) return undefined
  const text = read(() => readRegularFile(path, MODULE_FILE))
  const missing = Object.values(MARKS).find((mark) => !text.includes(mark))
  if (missing !== undefined) throw new VerifyFileError(`--operations-out ${path}: not a module verify or drift wrote (the line "${missing}" is missing): name a new file, or put the line back`)
  return text
}

function parsed(text: string, path: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new Error(`--openapi ${path} is not valid JSON: ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}`)
  }
}

export interface DocumentSource {
  rate: number
  timeout: number
  maxAnswerBytes: number
  fetch?: Fetch
}

/** The OpenAPI document `--openapi` names: a file (bounded in size and nesting), or a URL asked without credentials. */
export async function loadOpenApi(source: string, options: DocumentSource): Promise<{ document: unknown; seen: string }> {
  if (!/^https?:\/\//i.test(source)) {
    const text = read(() => readRegularFile(source, { maxBytes: options.maxAnswerBytes, what: 'an OpenAPI document' }))
    if (nestingOf(text) > MAX_ANSWER_DEPTH) throw new VerifyFileError(`--openapi ${source}: nested deeper than ${MAX_ANSWER_DEPTH} levels`)
    return { document: read(() => parsed(text, source)), seen: source }
  }
  const fail = (message: string) => new VerifyFileError(`--openapi: ${message}`)
  const client = politeClient({ target: source, rate: options.rate, timeout: options.timeout, tries: 1, maxAnswerBytes: options.maxAnswerBytes, retryDelay: () => undefined, fail, ...(options.fetch && { fetch: options.fetch }) })
  const answer = await client.send(() => new Request(source, { headers: { Accept: 'application/json' } }), `GET ${source}`)
  if (answer.status !== 200) throw fail(`${shown(source)} answered ${answer.status}`)
  try {
    return { document: answer.json(), seen: source }
  } catch (error) {
    if (error instanceof SyntaxError) throw fail(`${shown(source)} answered no JSON`)
    throw error
  }
}
