/** `baseUrl` as the handlers compare it: origin and path, without trailing slashes; refused unless absolute. */
export function normalizeBaseUrl(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined) return undefined
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new TypeError(`baseUrl must be an absolute URL such as https://api.example.test, got "${baseUrl}"`)
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}
