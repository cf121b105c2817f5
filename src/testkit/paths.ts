/** A spec path template (`/api/workspaces/{workspaceId}`) in MSW's syntax (`:workspaceId`), as operations name theirs. */
export function mswTemplate(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

/**
 * The named path parameters of a match. Without `baseUrl` the handlers' patterns start with any origin
 * (`*://:_`, handlers/routes.ts), which MSW reports as parameters "0" (the scheme) and "_" (the host): not
 * parameters of the operation.
 */
export function pathParams<Value>(params: Readonly<Record<string, Value>>): Record<string, Value> {
  const named: Record<string, Value> = {}
  for (const [name, value] of Object.entries(params)) if (name !== '_' && !/^\d+$/.test(name)) named[name] = value
  return named
}
