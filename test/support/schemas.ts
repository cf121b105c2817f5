import { Ajv2020 } from 'ajv/dist/2020.js'
import { allJsonSchemas } from '../../src/model/json-schemas.ts'
import type { SchemaName } from '../../src/model/schemas.ts'

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false })
const validators = new Map(
  Object.entries(allJsonSchemas()).map(([name, schema]) => [name, ajv.compile(schema)]),
)

/** Validates a response body against the JSON Schema the mock serves; returns ajv's errors as text. */
export function schemaErrors(name: SchemaName, body: unknown): string | undefined {
  const validate = validators.get(name)!
  return validate(body) ? undefined : ajv.errorsText(validate.errors)
}

/** The schema a response declares through its `Link: <...>; rel="describedBy"` header. */
export function declaredSchema(response: Response): SchemaName | undefined {
  const link = response.headers.get('Link') ?? ''
  const match = /<[^>]*\/api\/schemas\/(\w+)\.json>;\s*rel="describedBy"/.exec(link)
  return match?.[1] as SchemaName | undefined
}
