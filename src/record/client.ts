/**
 * The record command's HTTP client of the service: one request at a time, at most `rate` per second, each
 * within `timeout`, authenticated with the given principal. Every failure becomes a `RecordError` whose
 * one-line message names the target and the request, never the credentials.
 */
import { politeClient, type ServiceAnswer } from '../service-client/polite-client.ts'
import { shown } from '../text/terminal-text.ts'

/** A failure of the recording: `message` is one line for the user; `exitCode` 2 for input the user can fix. */
export class RecordError extends Error {
  readonly exitCode: number
  constructor(message: string, exitCode = 2) {
    super(message)
    this.name = 'RecordError'
    this.exitCode = exitCode
  }
}

export interface ClientOptions {
  target: string
  apiKey: string
  apiSecret: string
  rate: number
  timeout: number
  /** Most bytes of one answer, decompressed. */
  maxAnswerBytes: number
}

export interface TargetClient {
  /** GETs `path` (under the target) and answers its JSON; throws `RecordError`. */
  get(path: string, headers?: Record<string, string>): Promise<unknown>
  /** Requests sent so far. */
  readonly requests: number
  /** Bytes of the answers read so far, decompressed. */
  readonly bytes: number
}

/** Tries of one request that the service answers 429 or 503 (it asks to be asked again later). */
const TRIES = 3
/** The longest `Retry-After` waited for, in ms: a longer one is the service asking to stop for now. */
const LONGEST_RETRY_AFTER = 60_000

export function targetClient(options: ClientOptions): TargetClient {
  const client = politeClient({
    target: options.target,
    rate: options.rate,
    timeout: options.timeout,
    tries: TRIES,
    maxAnswerBytes: options.maxAnswerBytes,
    retryDelay,
    fail: (message) => new RecordError(message),
  })
  const headersOf = (headers: Record<string, string>) => ({ Accept: 'application/json', 'X-API-Key': options.apiKey, 'X-API-Secret': options.apiSecret, ...headers })
  let bytes = 0
  return {
    get requests() {
      return client.requests
    },
    get bytes() {
      return bytes
    },
    async get(path, headers = {}) {
      const answer = await client.send(() => new Request(`${options.target}${path}`, { headers: headersOf(headers) }), `GET ${path}`)
      bytes += answer.text.length
      return answerOf(answer, options.target, `GET ${path}`)
    },
  }
}

/** How long to wait before asking again after a 429 or 503: its `Retry-After`, else 1 s, then 2 s. */
function retryDelay(response: Response, tries: number): number | undefined {
  if (response.status !== 429 && response.status !== 503) return undefined
  const header = response.headers.get('retry-after')?.trim() ?? ''
  const delay = /^\d+$/.test(header) ? Number(header) * 1000 : header ? Date.parse(header) - Date.now() : 1000 * 2 ** (tries - 1)
  return Number.isNaN(delay) || delay > LONGEST_RETRY_AFTER ? undefined : Math.max(0, delay)
}

function answerOf(answer: ServiceAnswer, target: string, request: string): unknown {
  const status = `${answer.status}${answer.statusText ? ` ${shown(answer.statusText, 40)}` : ''}`
  if (answer.status === 401 || answer.status === 403) {
    throw new RecordError(`${target} refused the credentials (${status} to ${request}): check --api-key and --api-secret`)
  }
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.headers.get('location') ?? 'elsewhere'
    throw new RecordError(`${target} redirected ${request} to ${shown(location)} (${status}): give the address it redirects to as --target`)
  }
  const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!/^application\/(?:[\w.+-]+\+)?json$/.test(type)) {
    throw new RecordError(`${target} answered ${shown(type, 80) || 'without a content type'}, not the API (${status} to ${request}): is --target the API's base URL?`)
  }
  let body: unknown
  try {
    body = answer.json()
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
    throw new RecordError(`${target} answered ${request} with malformed JSON (${status})`)
  }
  if (answer.status < 200 || answer.status > 299) {
    const detail = (body as { detail?: unknown } | null)?.detail
    const why = typeof detail === 'string' ? `: ${shown(detail)}` : ''
    const hint = answer.status === 429 ? ' (lower --rate, or record later)' : ''
    throw new RecordError(`${target} answered ${status} to ${request}${why}${hint}`, answer.status >= 500 ? 1 : 2)
  }
  return body
}
