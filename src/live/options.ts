/**
 * The `live` option of a mock: the service beside it, and for each operation whether the mock answers it
 * or the service does (docs/live.md). Checked when the live code loads, since none of it loads without the
 * option: `api.ready` then rejects with `LiveOptionsError`, which names the key.
 */
import type { ApiRequest } from '../handlers/api-request.ts'
import type { DriftEntry, LiveMode } from '../handlers/trace.ts'
import type { Credentials } from '../model/credentials.ts'
import type { Account } from '../model/schemas.ts'
import { MAX_ANSWER_BYTES } from '../service-client/polite-client.ts'

export type { DriftEntry, LiveMode }

export interface LiveOptions {
  /** The service's base URL, without `/api`: http or https, with no user name, query or fragment. */
  target: string
  /**
   * The service's credentials for a caller of the mock: one pair for every caller, or a function of the
   * mock's principal (the account, with its key and secret) that answers a pair, or undefined to send none.
   * Without it, none are sent: the mock's own credentials never reach the service unless the function
   * answers them.
   */
  credentials?: Credentials | ((principal: Account) => Credentials | undefined)
  /** The mode of each operation by name, `*` for the rest; an operation not named is on `mock`. */
  operations: Readonly<Record<string, LiveMode>>
  /** Milliseconds the service may take to answer, its answer read whole. Default 10 s. */
  timeout?: number
  /** Most bytes of one answer of the service, decompressed. Default 8 MiB. */
  maxAnswerBytes?: number
  /** Compare each answer of the service with the mock's (`api.drift`). Default true. */
  drift?: boolean
  /** Called with each new difference (`api.drift`'s entry) when it is first seen. */
  onDrift?(entry: DriftEntry): void
}

/** What the demo server adds (not public API): it answers without MSW, and beyond loopback admits only its admin. */
export interface LiveSettings extends LiveOptions {
  /** Requests reach the mock without MSW: a forwarded request needs no mark to get past it. */
  readonly withoutMsw?: boolean
  /** Whether this caller may have its request forwarded (the demo server on a non-loopback host: the admin token). */
  readonly admits?: (request: ApiRequest) => boolean
}

/** A `live` option the kit cannot use: the message names the key. */
export class LiveOptionsError extends TypeError {
  constructor(message: string) {
    super(message)
    this.name = 'LiveOptionsError'
  }
}

export const LIVE_MODES: readonly LiveMode[] = ['mock', 'live', 'record', 'fallback', 'shadow']

const DEFAULT_TIMEOUT = 10_000
const LONGEST_TIMEOUT = 10 * 60_000

/** The options checked, with their defaults. */
export interface CheckedLive {
  /** The base URL without its trailing slash. */
  target: string
  origin: string
  /** Modes other than `mock`, by operation name; `*` the rest's. */
  modes: ReadonlyMap<string, LiveMode>
  credentials: LiveOptions['credentials']
  timeout: number
  maxAnswerBytes: number
  drift: boolean
  onDrift: LiveOptions['onDrift']
  withoutMsw: boolean
  admits: LiveSettings['admits']
}

/** Checks `live` against the mock's operations (`names`); throws `LiveOptionsError`. */
export function checkLive(live: LiveSettings, names: readonly string[]): CheckedLive {
  if (live === null || typeof live !== 'object') throw new LiveOptionsError('live must be an object: { target, credentials, operations }')
  const target = targetOf(live.target)
  return {
    target,
    origin: new URL(target).origin,
    modes: modesOf(live.operations, names),
    credentials: credentialsOf(live.credentials),
    timeout: bounded('timeout', live.timeout, DEFAULT_TIMEOUT, LONGEST_TIMEOUT),
    maxAnswerBytes: bounded('maxAnswerBytes', live.maxAnswerBytes, MAX_ANSWER_BYTES, Number.MAX_SAFE_INTEGER),
    drift: live.drift ?? true,
    onDrift: live.onDrift,
    withoutMsw: live.withoutMsw === true,
    admits: live.admits,
  }
}

function targetOf(text: unknown): string {
  let url: URL | undefined
  try {
    url = typeof text === 'string' ? new URL(text) : undefined
  } catch {
    // Said below.
  }
  if (!url || !/^https?:$/.test(url.protocol)) throw new LiveOptionsError(`live.target must be an http or https URL such as https://api.example.com, got ${JSON.stringify(text)}`)
  if (url.username !== '' || url.password !== '') throw new LiveOptionsError('live.target must not hold a user name or password: give the service\'s credentials as live.credentials')
  if (url.search !== '' || url.hash !== '') throw new LiveOptionsError(`live.target must be a base URL without query or fragment, got ${JSON.stringify(text)}`)
  const base = url.href.replace(/\/+$/, '')
  if (/\/api$/i.test(url.pathname.replace(/\/+$/, ''))) throw new LiveOptionsError(`live.target is the service's base URL without /api (the kit adds /api/...): try ${base.replace(/\/api$/i, '')}`)
  return base
}

function modesOf(operations: unknown, names: readonly string[]): Map<string, LiveMode> {
  if (operations === null || typeof operations !== 'object' || Array.isArray(operations)) {
    throw new LiveOptionsError("live.operations must be an object of modes by operation name, e.g. { listWorkspaces: 'live', '*': 'mock' }")
  }
  const modes = new Map<string, LiveMode>()
  for (const [name, mode] of Object.entries(operations)) {
    if (name !== '*' && !names.includes(name)) throw new LiveOptionsError(`live.operations.${name}: the mock has no such operation (it has ${names.join(', ')})`)
    if (!LIVE_MODES.includes(mode as LiveMode)) throw new LiveOptionsError(`live.operations.${name} must be one of ${LIVE_MODES.join(', ')}, got ${JSON.stringify(mode)}`)
    modes.set(name, mode as LiveMode)
  }
  return modes
}

function credentialsOf(credentials: unknown): LiveOptions['credentials'] {
  if (credentials === undefined || typeof credentials === 'function') return credentials as LiveOptions['credentials']
  return sendable(credentials, 'live.credentials')
}

/** A pair of credentials that can go in headers; throws `LiveOptionsError` naming `where`. */
export function sendable(credentials: unknown, where: string): Credentials {
  const { apiKey, apiSecret } = (credentials ?? {}) as Partial<Credentials>
  const header = (value: unknown) => typeof value === 'string' && /^[\x21-\x7e]+$/.test(value)
  if (!header(apiKey) || !header(apiSecret)) {
    throw new LiveOptionsError(`${where} must be { apiKey, apiSecret } of printable ASCII without spaces, or a function of the mock's principal that answers them`)
  }
  return { apiKey: apiKey!, apiSecret: apiSecret! }
}

function bounded(key: string, value: unknown, fallback: number, most: number): number {
  if (value === undefined) return fallback
  if (!Number.isSafeInteger(value) || (value as number) < 1 || (value as number) > most) throw new LiveOptionsError(`live.${key} must be a whole number from 1 to ${most}, got ${JSON.stringify(value)}`)
  return value as number
}
