/**
 * A request of the mock's, asked of the live service: to the configured origin only (the request names a
 * path below it, never a host), with the headers the API reads and the service's credentials for the
 * caller (never the mock's own), through the polite client (its bounds: the answer's size after
 * decompression, the time it takes, redirects not followed). The answer comes back as the kit's reply,
 * the service's credentials taken out of it wherever it repeats them.
 */
import type { ApiRequest } from '../handlers/api-request.ts'
import type { MockContext } from '../handlers/context.ts'
import { MAX_BODY_BYTES } from '../handlers/limits.ts'
import type { OperationSpec } from '../handlers/operation-spec.ts'
import { WORKSPACE_HEADER } from '../handlers/definitions/parameters.ts'
import { Problem } from '../handlers/reply/problem.ts'
import { emptyReply, reply, type Reply } from '../handlers/reply/reply.ts'
import type { LiveNote } from '../handlers/trace.ts'
import type { Credentials } from '../model/credentials.ts'
import type { Account } from '../model/schemas.ts'
import { politeClient, type PoliteClient, type ServiceAnswer } from '../service-client/polite-client.ts'
import { sizeText } from '../text/size-text.ts'
import { shown } from '../text/terminal-text.ts'
import { sendable, type CheckedLive } from './options.ts'

/** Headers of a request that the API reads, sent on as the client sent them. Never a credential or a cookie. */
const SENT_ON = ['accept', 'accept-language', 'content-type', WORKSPACE_HEADER.name.toLowerCase(), 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since']
const NEVER_SENT = new Set(['x-api-key', 'x-api-secret', 'authorization', 'proxy-authorization', 'cookie', 'host'])

/** Headers of an answer that the client gets, as the kit's replies spell them. Not a cookie of the service's. */
const KEPT = ['Content-Type', 'Content-Language', 'Link', 'WWW-Authenticate', 'Allow', 'Retry-After', 'ETag', 'Last-Modified', 'Cache-Control', 'Vary']

/** What stands for a credential the service repeated (as the journal writes a secret header). */
const REDACTED = '[redacted]'

/** What the service answered: for the client (`reply`) and for the checks (the text, its credentials taken out). */
export interface Asked {
  status: number
  headers: Headers
  text: string
  reply: Reply
}

/** A bound of the service's the request broke, or no answer: a one-line message (the polite client's). */
class LiveError extends Error {}

export class Service {
  readonly #live: CheckedLive
  readonly #client: PoliteClient
  /** The path of the mock's base URL, which a request's path has before `/api`; the service's before its `/api`. */
  readonly #basePath: string
  readonly #targetPath: string

  constructor(live: CheckedLive, mock: MockContext) {
    this.#live = live
    this.#basePath = mock.baseUrl === undefined ? '' : new URL(mock.baseUrl).pathname.replace(/\/+$/, '')
    this.#targetPath = new URL(live.target).pathname.replace(/\/+$/, '')
    this.#client = politeClient({
      target: live.target,
      // Requests are the clients' own, as many and as fast as they send them: no pace, no second try.
      rate: Number.POSITIVE_INFINITY,
      tries: 1,
      retryDelay: () => undefined,
      timeout: live.timeout,
      maxAnswerBytes: live.maxAnswerBytes,
      settings: { timeout: 'live.timeout', maxAnswerBytes: 'live.maxAnswerBytes' },
      fail: (message) => new LiveError(message),
    })
  }

  /** The request's path below the mock's base URL, and its query: `/api/applications?page_size=10`. */
  below(request: ApiRequest): string {
    return `${request.url.pathname.slice(this.#basePath.length)}${request.url.search}`
  }

  /** The service's URL of a request: the target, then the request's path below the mock's base and its query. */
  url(request: ApiRequest): string {
    const url = new URL(`${this.#live.target}${this.below(request)}`)
    if (url.origin !== this.#live.origin || !url.pathname.startsWith(`${this.#targetPath}/api`)) {
      throw new Problem(400, `${request.url.pathname} is not a path the live service is asked about`)
    }
    return url.href
  }

  /** The credentials of the service for this caller (the mapping's), or none. */
  credentials(principal: Account | undefined): Credentials | undefined {
    const { credentials } = this.#live
    if (typeof credentials !== 'function') return credentials
    if (principal === undefined) return undefined
    const mapped = credentials(principal)
    return mapped === undefined ? undefined : sendable(mapped, `live.credentials(${principal.id})`)
  }

  /**
   * Asks the service, notes its status and time (or why none came) and answers what it said. A request it
   * cannot be asked (a body over the kit's limit) or no answer throws the problem the client gets.
   */
  async ask(operation: OperationSpec | undefined, request: ApiRequest, credentials: Credentials | undefined, note: LiveNote): Promise<Asked> {
    const body = request.hasBody ? await request.body() : undefined
    if (body?.truncated) throw new Problem(413, `the body is larger than ${sizeText(MAX_BODY_BYTES)}, the most the kit forwards to the live service`)
    const headers = this.#headers(operation, request, credentials)
    const named = `${request.method} ${request.url.pathname.slice(this.#basePath.length)}`
    const started = performance.now()
    let answer: ServiceAnswer
    try {
      answer = await this.#client.send(() => new Request(note.url, { method: request.method, headers, body: body?.bytes.length ? (body.bytes as Uint8Array<ArrayBuffer>) : null }), named)
      note.ms = Math.round((performance.now() - started) * 10) / 10
      if (answer.status === 0 || (answer.status >= 300 && answer.status < 400 && answer.status !== 304)) {
        throw new LiveError(`${this.#live.target} answered ${named} with a redirect (${answer.status || 'opaque'}${redirectTo(answer)}), which live does not follow`)
      }
    } catch (error) {
      if (!(error instanceof LiveError)) throw error
      note.error = inPage(error.message)
      throw new Problem(error.message.includes(' did not answer ') ? 504 : 502, `the live service: ${note.error}`)
    }
    note.status = answer.status
    return this.#asked(answer, request, credentials)
  }

  /**
   * The service's OpenAPI document as it publishes it (`GET /api/openapi.json` below the target), asked
   * without credentials (it is public on the API's services) within the same bounds; undefined when no
   * answer came or it was a redirect.
   */
  async document(): Promise<{ status: number; type: string | null; text: string; url: string } | undefined> {
    const url = `${this.#live.target}/api/openapi.json`
    const headers = this.#passedThrough(new Headers({ accept: 'application/json' }))
    try {
      const answer = await this.#client.send(() => new Request(url, { headers }), 'GET /api/openapi.json')
      if (answer.status === 0 || (answer.status >= 300 && answer.status < 400)) return undefined
      return { status: answer.status, type: answer.headers.get('Content-Type'), text: answer.text, url }
    } catch (error) {
      if (error instanceof LiveError) return undefined
      throw error
    }
  }

  #headers(operation: OperationSpec | undefined, request: ApiRequest, credentials: Credentials | undefined): Headers {
    const headers = new Headers()
    const declared = (operation?.contract?.parameters ?? []).filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name.toLowerCase())
    for (const name of [...SENT_ON, ...declared]) {
      const value = request.header(name)
      if (value !== null && !NEVER_SENT.has(name)) headers.set(name, value)
    }
    if (!headers.has('accept')) headers.set('accept', 'application/json, application/problem+json')
    this.#passedThrough(headers)
    if (credentials) {
      headers.set('X-API-Key', credentials.apiKey)
      headers.set('X-API-Secret', credentials.apiSecret)
    }
    return headers
  }

  /**
   * `headers` with MSW's mark for a request it must let through (it takes the mark off): else the mock's
   * own handlers, which match /api/... on any origin, would answer the request they forward.
   */
  #passedThrough(headers: Headers): Headers {
    if (!this.#live.withoutMsw) headers.append('accept', 'msw/passthrough')
    return headers
  }

  /** The answer with the service's credentials taken out wherever it repeats them, and the client's reply of it. */
  #asked(answer: ServiceAnswer, request: ApiRequest, credentials: Credentials | undefined): Asked {
    const secrets = credentials ? [credentials.apiSecret, credentials.apiKey] : []
    const clean = (text: string) => secrets.reduce((result, secret) => (result.includes(secret) ? result.split(secret).join(REDACTED) : result), text)
    const text = clean(answer.text)
    const headers: Record<string, string> = {}
    for (const name of KEPT) {
      const value = answer.headers.get(name)
      if (value !== null) headers[name] = clean(value)
    }
    const empty = request.method === 'HEAD' || answer.status === 204 || answer.status === 304 || answer.bytes.length === 0
    const bytes = text === answer.text ? answer.bytes : new TextEncoder().encode(text)
    return {
      status: answer.status,
      headers: new Headers(headers),
      text,
      reply: empty ? emptyReply(answer.status, headers) : reply(answer.status, headers, [bytes]),
    }
  }
}

function redirectTo(answer: ServiceAnswer): string {
  const location = answer.headers.get('Location')
  return location === null ? '' : ` to ${shown(location, 120)}`
}

/** In a page, a request the browser refused: most often the service does not allow the page's origin. */
function inPage(message: string): string {
  const page = typeof document !== 'undefined' && /\bFailed to fetch|NetworkError|Load failed/.test(message)
  return page ? `${message} (from a page, the service must allow the page's origin: CORS)` : message
}
