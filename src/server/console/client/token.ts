/**
 * The admin token, when the server has one: the banner's console address carries it (`?token=`). Requests
 * send it as `Authorization: Bearer`; what cannot send a header (the event stream, download links) carries
 * it in its address, which the server accepts for reads only.
 */
const token = new URLSearchParams(location.search).get('token')

/** Headers that authorize an admin request. */
export function authorization(): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {}
}

/** `path` with the token, for addresses a browser fetches by itself. */
export function withToken(path: string): string {
  return token ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : path
}
