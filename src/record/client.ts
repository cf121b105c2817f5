/**
 * The record command's HTTP client of the service: one request at a time, at most `rate` per second, each
 * within `timeout`, authenticated with the given principal. Every failure becomes a `RecordError` whose
 * one-line message names the target and the request, never the credentials.
 */

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

export function targetClient(options: ClientOptions): TargetClient {
  const interval = 1000 / options.rate
  let nextStart = 0
  let requests = 0
  return {
    get requests() {
      return requests
    },
    async get(path, headers = {}) {
      const wait = nextStart - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      nextStart = performance.now() + interval
      requests++
      const request = `GET ${path}`
      let response: Response
      try {
        response = await fetch(`${options.target}${path}`, {
          headers: { Accept: 'application/json', 'X-API-Key': options.apiKey, 'X-API-Secret': options.apiSecret, ...headers },
          signal: AbortSignal.timeout(options.timeout),
          // Fetch would send the X-API-* headers on to wherever a redirect points.
          redirect: 'manual',
        })
      } catch (error) {
        throw unreachable(error, options, request)
      }
      return answerOf(response, options.target, request)
    },
  }
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
    throw new RecordError(`${target} answered ${status} to ${request}${why}`, response.status >= 500 ? 1 : 2)
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
