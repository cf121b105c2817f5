/** A spec path template (`/api/workspaces/{workspaceId}`) in MSW's syntax (`:workspaceId`), as operations name theirs. */
export function mswTemplate(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

/**
 * The named path parameters of a match. Without `baseUrl` the handlers' patterns start with a `*` (any
 * origin), which MSW reports as parameter "0" (`http://localhost`): not a parameter of the operation.
 */
export function pathParams<Value>(params: Readonly<Record<string, Value>>): Record<string, Value> {
  const named: Record<string, Value> = {}
  for (const [name, value] of Object.entries(params)) if (!/^\d+$/.test(name)) named[name] = value
  return named
}
