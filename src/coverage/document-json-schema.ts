import { z } from '../model/zod.ts'
import { coverageDocumentSchema } from './document.ts'

/**
 * The JSON Schema of a coverage document, shipped as `workspace-api-mock/coverage.schema.json` (fixtures/).
 * Apart from document.ts so that what collects coverage (a worker, a browser page) leaves zod's generator out.
 */
export function coverageJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(coverageDocumentSchema, {
    target: 'draft-2020-12',
    io: 'output',
    // `why` is typed by the journal's own type, not a zod schema: an object.
    unrepresentable: 'any',
    override: (context) => {
      if (context.zodSchema._zod.def.type === 'custom') context.jsonSchema.type = 'object'
    },
  }) as Record<string, unknown>
}
