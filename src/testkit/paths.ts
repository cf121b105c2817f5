/**
 * The named path parameters of a match. Without `baseUrl` the handlers' patterns start with a `*` (any
 * origin), which MSW reports as parameter "0" (`http://localhost`): not a parameter of the operation.
 */
export function pathParams<Value>(params: Readonly<Record<string, Value>>): Record<string, Value> {
  const named: Record<string, Value> = {}
  for (const [name, value] of Object.entries(params)) if (!/^\d+$/.test(name)) named[name] = value
  return named
}
