/**
 * The origin a response names for a request URL: its scheme and host. For http(s) that is `url.origin`;
 * for an origin that URLs call opaque (`app://x`, `capacitor://localhost`, `file:`), whose `origin` is the
 * string "null", it is still a URL the client can resolve.
 */
export function originOf(url: URL): string {
  return `${url.protocol}//${url.host}`
}
