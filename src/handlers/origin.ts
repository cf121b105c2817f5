/**
 * A URL's origin; for one that URLs call opaque (`app://x`, `capacitor://localhost`, `file:`, whose
 * `origin` is the string "null"), its scheme and host, so that `$schema` and `servers` name a valid URL.
 */
export function originOf(url: URL): string {
  return url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin
}
