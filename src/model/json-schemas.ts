import { servedSchemas, type SchemaName } from './schemas.ts'
import { z } from './zod.ts'

/** The draft 2020-12 JSON Schema of a schema, as the served documents are written. Pure: same input, same bytes. */
export function jsonSchemaOf(schema: z.core.$ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>
}

/** Generates the draft 2020-12 JSON Schema of one served document. Pure: same input, same bytes. */
export function toJsonSchema(name: SchemaName): Record<string, unknown> {
  return jsonSchemaOf(servedSchemas[name])
}

/** Every served JSON Schema, keyed by name. */
export function allJsonSchemas(): Record<SchemaName, Record<string, unknown>> {
  const names = Object.keys(servedSchemas) as SchemaName[]
  return Object.fromEntries(names.map((name) => [name, toJsonSchema(name)])) as Record<
    SchemaName,
    Record<string, unknown>
  >
}
