/**
 * The schemas of the published contract (OpenAPI `components.schemas`), generated from zod schemas with
 * `$ref`s between components instead of inlined copies; which schemas, under which names, a mock's API
 * surface says (src/handlers/kit-routes/openapi/components.ts). Loaded only with the OpenAPI generator (a lazy chunk in
 * a browser bundle).
 */
import { z } from './zod.ts'

/** Which OpenAPI version's Schema Object to write: 3.1 is JSON Schema 2020-12; 3.0 is its own subset. */
export type OpenApiVersion = '3.1' | '3.0'

export type JsonObject = Record<string, unknown>

/** Components by name, in the document's order (a mock's own: componentsOf in src/handlers/kit-routes/openapi/). */
export type Components = Readonly<Record<string, z.core.$ZodType>>

/** A component's reference, as every generated schema uses it. */
export const componentRef = (name: string): string => `#/components/schemas/${name}`

const targets = { '3.1': 'draft-2020-12', '3.0': 'openapi-3.0' } as const

/** Keywords of a standalone JSON Schema that have no place inside an OpenAPI document. */
function embedded(schema: JsonObject): JsonObject {
  const { $schema: _dialect, $id: _id, ...rest } = schema
  return rest
}

/**
 * `components.schemas` for one OpenAPI version, from zod's own generator (its `openapi-3.0` target does the
 * 3.0 downgrade of each Schema Object), with `$ref`s between the components. Pure: same input, same output.
 */
export function componentSchemaObjects(version: OpenApiVersion, components: Components): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, {
    target: targets[version],
    io: 'output',
    uri: (id) => componentRef(id),
  })
  return Object.fromEntries(Object.keys(components).map((name) => [name, embedded(schemas[name] as JsonObject)]))
}

/** The Schema Object of a schema that is not a component (a parameter), for one OpenAPI version. */
export function schemaObject(schema: z.core.$ZodType, version: OpenApiVersion): JsonObject {
  return embedded(z.toJSONSchema(schema, { target: targets[version], io: 'output' }) as JsonObject)
}
