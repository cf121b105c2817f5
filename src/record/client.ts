/**
 * The record command's HTTP client of the service: one request at a time, at most `rate` per second, each
 * within `timeout`, authenticated with the given principal. Every failure becomes a `RecordError` whose
 * one-line message names the target and the request, never the credentials.
 */
import { politeClient } from '../service-client/polite-client.ts'

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
}

export interface TargetClient {
  /** GETs `path` (under the target) and answers its JSON; throws `RecordError`. */
  get(path: string, headers?: Record<string, string>): Promise<unknown>
  /** Requests sent so far. */
  readonly requests: number
}

/** Tries of one request that the service answers 429 or 503 (it asks to be asked again later). */
const TRIES = 3
/** The longest `Retry-After` waited for, in ms: a longer one is the service asking to stop for now. */
const LONGEST_RETRY_AFTER = 60_000

export function targetClient(options: ClientOptions): TargetClient {
  const client = politeClient({
    rate: options.rate,
    timeout: options.timeout,
    tries: TRIES,
    retryDelay,
  })
  const headersOf = (headers: Record<string, string>) => ({ Accept: 'application/json', 'X-API-Key': options.apiKey, 'X-API-Secret': options.apiSecret, ...headers })
  return {
    get requests() {
      return client.requests
    },
    async get(path, headers = {}) {
      const response = await client.send(
        () => new Request(`${options.target}${path}`, { headers: headersOf(headers) }),
        (error) => unreachable(error, options, `GET ${path}`),
      )
      return answerOf(response, options.target, `GET ${path}`)
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

async function answerOf(response: Response, target: string, request: string): Promise<unknown> {
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
  if (response.status === 401 || response.status === 403) {
    throw new RecordError(`${target} refused the credentials (${status} to ${request}): check --api-key and --api-secret`)
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location') ?? 'elsewhere'
    throw new RecordError(`${target} redirected ${request} to ${oneLine(location)} (${status}): give the address it redirects to as --target`)
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!/^application\/(?:[\w.+-]+\+)?json$/.test(type)) {
    throw new RecordError(`${target} answered ${type || 'without a content type'}, not the API (${status} to ${request}): is --target the API's base URL?`)
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new RecordError(`${target} answered ${request} with malformed JSON (${status})`)
  }
  if (!response.ok) {
    const detail = (body as { detail?: unknown } | null)?.detail
    const why = typeof detail === 'string' ? `: ${oneLine(detail)}` : ''
    const hint = response.status === 429 ? ' (lower --rate, or record later)' : ''
    throw new RecordError(`${target} answered ${status} to ${request}${why}${hint}`, response.status >= 500 ? 1 : 2)
  }
  return body
}

/** Why no answer came: the network's error code in words, or the timeout. */
function unreachable(error: unknown, options: ClientOptions, request: string): RecordError {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new RecordError(`${options.target} did not answer ${request} within ${options.timeout / 1000} s (--timeout)`)
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const code = cause?.code ?? ''
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name did not resolve',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
    UND_ERR_SOCKET: 'the connection closed',
  }
  const why = words[code] ? `${words[code]} (${code})` : oneLine(cause?.message ?? (error as Error).message)
  return new RecordError(`cannot reach ${options.target} (${request}): ${why}`)
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}
