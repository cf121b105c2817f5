/**
 * CORS for the mock's HTTP edges: the demo server (src/server/server.ts) and the Playwright route
 * (src/playwright/route.ts) answer cross-origin pages with the same headers. MSW's handlers need none: in
 * Node there is no CORS, and the browser does not apply it to a service worker's answers.
 */

/** The headers the API reads: allowed in every CORS preflight. */
export const API_REQUEST_HEADERS = ['Content-Type', 'X-API-Key', 'X-API-Secret', 'X-Workspace-ID'] as const
/** Response headers a cross-origin page may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = ['Link', 'Allow', 'Retry-After', 'Location'].join(', ')
const ALLOWED_METHODS = 'GET, POST, PUT, OPTIONS'

/**
 * CORS for any origin on every answer (the mock holds no cookies, so reflecting the origin is safe).
 * `credentials` adds `Access-Control-Allow-Credentials: true`, for pages that send `credentials: 'include'`.
 */
export function corsHeaders(origin: string | null | undefined, credentials = false): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin ?? '*',
    Vary: 'Origin',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
  }
  if (credentials && origin) headers['Access-Control-Allow-Credentials'] = 'true'
  return headers
}

/** What a preflight asks for: its `Origin`, `Access-Control-Request-Headers` and private-network flag. */
export interface PreflightRequest {
  origin: string | null | undefined
  requestHeaders: string | null | undefined
  privateNetwork: boolean
}

/**
 * The answer to a preflight: any origin, and any header the page asks for (the API's own are always
 * allowed, and so is whatever else the page sends: tracing, auth).
 */
export function preflightHeaders(preflight: PreflightRequest): Record<string, string> {
  const requested = (preflight.requestHeaders ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  const allowed = new Map<string, string>()
  for (const name of [...API_REQUEST_HEADERS, ...requested]) {
    if (!allowed.has(name.toLowerCase())) allowed.set(name.toLowerCase(), name)
  }
  const headers: Record<string, string> = {
    ...corsHeaders(preflight.origin),
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': [...allowed.values()].join(', '),
    'Access-Control-Max-Age': '600',
    Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  }
  // Chrome's Private Network Access: a public page may call this server on localhost when it says so.
  if (preflight.privateNetwork) headers['Access-Control-Allow-Private-Network'] = 'true'
  return headers
}
