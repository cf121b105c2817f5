import { z } from '../model/zod.ts'
import { evidenceSchema } from './shape.ts'

/**
 * The JSON Schema of an evidence file, shipped as `workspace-api-mock/evidence.schema.json` (fixtures/).
 * Apart from shape.ts so that the browser bundle, which reads evidence but never describes it, leaves zod's
 * generator out.
 */
export function evidenceJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(evidenceSchema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>
}
