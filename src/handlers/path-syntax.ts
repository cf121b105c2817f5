/**
 * A path template in its two syntaxes: the spec's (`/api/workspaces/{workspaceId}`), in which definitions
 * are written and everything a person reads shows them (the journal, the banner, the OpenAPI document), and
 * MSW's (`/api/workspaces/:workspaceId`), in which the routing table matches them.
 */

/** `{name}` parameters in MSW's syntax (`:name`). */
export function mswPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

/** `:name` parameters in the spec's syntax (`{name}`). */
export function specPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}')
}
