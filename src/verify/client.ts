/**
 * The two sides verify sends every request to: the target over HTTP (sequential, rate-limited, with a
 * timeout) and the reference, an in-process mock with the same profile, whose answers are the expectations.
 */
import type { MockApi } from '../api/mock-api.ts'
import type { Answer } from '../checks/answer.ts'
import { MAX_ANSWER_BYTES, politeClient, type Fetch } from '../service-client/polite-client.ts'

export type { Answer, Fetch }

/** One request of a probe, as either side sends it. */
export interface RequestSpec {
  method: string
  /** Path and query below the base URL, e.g. `/api/applications?page_size=10`. */
  path: string
  /** `valid`: the principal's credentials; the others are the authentication probes' variants. */
  auth: 'valid' | 'none' | 'wrong-secret' | 'empty-key'
  headers?: Record<string, string>
  body?: string | Uint8Array<ArrayBuffer>
}


export interface Credentials {
  apiKey: string
  apiSecret: string
}

/** A side: where requests go and with whose credentials. */
export interface Side {
  base: string
  credentials: Credentials
  send(spec: RequestSpec): Promise<Answer>
}

/** The target cannot be reached, or timed out: a usage problem of the run (exit code 2). */
export class TargetError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TargetError'
  }
}

function requestOf(base: string, credentials: Credentials, spec: RequestSpec): Request {
  const headers = new Headers(spec.headers)
  if (spec.auth === 'valid' || spec.auth === 'wrong-secret') headers.set('X-API-Key', credentials.apiKey)
  if (spec.auth === 'valid') headers.set('X-API-Secret', credentials.apiSecret)
  if (spec.auth === 'wrong-secret') headers.set('X-API-Secret', `${credentials.apiSecret}-not`)
  if (spec.auth === 'empty-key') {
    headers.set('X-API-Key', '')
    headers.set('X-API-Secret', credentials.apiSecret)
  }
  return new Request(`${base}${spec.path}`, { method: spec.method, headers, body: spec.body ?? null })
}

/** An answer of the in-process reference, read whole (its own answers need no bound). */
async function read(response: Response): Promise<Answer> {
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, json: jsonOr(() => (text === '' ? undefined : JSON.parse(text))) }
}

/** The value `parse` gives, undefined for text that is not JSON. */
function jsonOr(parse: () => unknown): unknown {
  try {
    return parse()
  } catch (error) {
    if (error instanceof SyntaxError) return undefined
    throw error
  }
}

/** Tries of a request the target answers 429 with a `Retry-After`, and the longest wait it may ask for. */
const TRIES = 3
const MAX_RETRY_AFTER_MS = 60_000

/** The wait a 429 asks for, in ms (seconds or an HTTP date), if it asks for one verify is willing to make. */
export function retryAfter(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')
  if (response.status !== 429 || value === null) return undefined
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now()
  return Number.isFinite(ms) && ms <= MAX_RETRY_AFTER_MS ? Math.max(0, ms) : undefined
}

export interface TargetOptions {
  target: string
  credentials: Credentials
  rate: number
  timeout: number
  /** Most bytes of one answer, decompressed (default MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number
  fetch?: Fetch
}

/**
 * The live service, asked politely (src/service-client/polite-client.ts: each answer bounded in size, time
 * and nesting); a 429 with a `Retry-After` of at most a minute is waited for and asked again (three tries).
 * Any other answer, a 503 too, is what verify judges.
 */
export function targetSide(options: TargetOptions): Side {
  const { target: base, credentials } = options
  const client = politeClient({
    target: base,
    rate: options.rate,
    timeout: options.timeout,
    tries: TRIES,
    maxAnswerBytes: options.maxAnswerBytes ?? MAX_ANSWER_BYTES,
    retryDelay: retryAfter,
    fail: (message) => new TargetError(message),
    ...(options.fetch && { fetch: options.fetch }),
  })
  return {
    base,
    credentials,
    async send(spec) {
      const answer = await client.send(() => requestOf(base, credentials, spec), `${spec.method} ${spec.path.slice(0, 80)}`)
      return { status: answer.status, headers: answer.headers, text: answer.text, json: answer.text === '' ? undefined : jsonOr(() => answer.json()) }
    },
  }
}

/** The reference: the mock in-process, answering through `api.handle` as its handlers would. */
export function referenceSide(api: MockApi, base: string): Side {
  return {
    base,
    credentials: api.credentials,
    async send(spec) {
      const response = await api.handle(requestOf(base, api.credentials, spec))
      if (!response) throw new Error(`the reference mock does not answer ${spec.path}`)
      // Over HTTP a HEAD answer has no body, whatever the handler wrote: as a server would send it.
      return spec.method === 'HEAD' ? { ...(await read(response)), text: '', json: undefined } : read(response)
    },
  }
}
