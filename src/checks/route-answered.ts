/**
 * Whether a service's answer to a request no route of the mock takes says the service has the route: a
 * success, or a refusal that comes after routing. Not 405 or 501 (no such method), not the service failing
 * (5xx), not what is answered before routing (401, 408, 413, 414, 429, 431), and not a 404 for a path that
 * names no record (no such route; a 404 for `/api/workspaces/wse_<hex>` is a record the route did not find).
 */
const BEFORE_ROUTING = new Set([401, 405, 408, 413, 414, 429, 431, 501])

export function routeAnswered(path: string, status: number): boolean {
  if (status < 200 || status >= 500 || (status >= 300 && status < 400) || BEFORE_ROUTING.has(status)) return false
  return status !== 404 || /\/[a-z]+_[0-9a-f]+(?=\/|$)/.test(path)
}
