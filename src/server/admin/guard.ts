/**
 * Who may use the control plane (the console and `/__admin/`): not a web page on another origin, not a
 * DNS-rebound name, and, when the server has an admin token, only its holder (or, for a session's own
 * routes, the session's own credentials: session-routes.ts).
 *
 * A page on another origin cannot read admin answers (no CORS headers there) and cannot write without a
 * preflight (a body must be `application/json`; a bodyless write from another origin is refused by its
 * `Origin`). A rebound name (`evil.example` resolving to 127.0.0.1) is refused by its `Host`, as Vite's
 * `server.allowedHosts` does: loopback names, IP literals (rebinding needs a name), the `--host` address
 * and the names given with `--allowed-host` pass.
 */
import { timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'
import type { ApiRequest } from '../../handlers/api-request.ts'
import { Problem } from '../../handlers/reply/problem.ts'
import type { Caller } from './context.ts'

export interface AdminAccess {
  /** The bearer token the server-wide admin routes need; undefined: none (loopback only). */
  readonly token: string | undefined
  /** Host names (without port) besides loopback and IP literals; `.example.com` admits its subdomains. */
  readonly allowedHosts: readonly string[]
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Why a control-plane request is refused before anything reads it, or undefined when it may go on. */
export function refusal(request: ApiRequest, access: AdminAccess): Problem | undefined {
  const host = hostName(request.header('Host'))
  if (host === undefined || !hostAllowed(host, access.allowedHosts)) {
    return new Problem(
      403,
      `the admin answers only requests addressed to this server by a name it knows (Host ${JSON.stringify(request.header('Host') ?? '')}): ` +
        'start it with --allowed-host <name> to add one',
    )
  }
  const origin = request.header('Origin')
  if (origin !== null && !sameOrigin(origin, request.url)) {
    return new Problem(403, `the admin is not open to pages of other origins (Origin ${origin})`)
  }
  if (WRITES.has(request.method) && hasBodyOrType(request)) {
    const type = (request.header('Content-Type') ?? '').split(';')[0]!.trim()
    if (!JSON_MEDIA_TYPE.test(type)) {
      return new Problem(415, `admin writes take application/json, got ${type ? `"${type}"` : 'no Content-Type'}`)
    }
  }
  return undefined
}

/** Who is calling: the admin or not, and the API credentials the request carries (a session's own routes take them). */
export function callerOf(request: ApiRequest, access: AdminAccess): Caller {
  const admin = isAdmin(request, access)
  return {
    admin,
    tokenHeld: admin && access.token !== undefined,
    apiKey: request.header('X-API-Key'),
    apiSecret: request.header('X-API-Secret'),
  }
}

/** Whether the request holds the admin token (always, when the server has none). */
export function isAdmin(request: ApiRequest, access: AdminAccess): boolean {
  if (access.token === undefined) return true
  const given = bearerOf(request) ?? queryToken(request)
  return given !== undefined && sameSecret(given, access.token)
}

/** The 401 of a server-wide admin route without the token. */
export function tokenProblem(): Problem {
  return new Problem(401, 'this admin route needs the admin token: send Authorization: Bearer <token> (printed at start)', undefined, {
    'WWW-Authenticate': 'Bearer realm="workspace-api-mock admin"',
  })
}

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function bearerOf(request: ApiRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.header('Authorization') ?? '')
  return match?.[1]
}

/** The console's page, event streams and snapshot link cannot send a header: GETs may carry `?token=`. */
function queryToken(request: ApiRequest): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  return request.url.searchParams.get('token') ?? undefined
}

function hasBodyOrType(request: ApiRequest): boolean {
  const length = request.header('Content-Length')
  return (length !== null && length !== '0') || request.header('Transfer-Encoding') !== null || request.header('Content-Type') !== null
}

/** The name of a `Host` header without its port (IPv6 literals without brackets); undefined when malformed. */
export function hostName(host: string | null): string | undefined {
  if (host === null) return undefined
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::\d*)?$/i.exec(host.trim())
  return match ? (match[1] ?? match[2]!).toLowerCase().replace(/\.$/, '') : undefined
}

function hostAllowed(name: string, allowed: readonly string[]): boolean {
  if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true
  return allowed.some((entry) => (entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry))
}

function sameOrigin(origin: string, url: URL): boolean {
  try {
    return new URL(origin).host === url.host
  } catch {
    return false
  }
}
