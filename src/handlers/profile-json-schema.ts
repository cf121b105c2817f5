import { z } from '../model/zod.ts'
import { profileSchema } from './profile.ts'

/**
 * The JSON Schema of a profile file, shipped as `workspace-api-mock/profile.schema.json` (fixtures/). Apart
 * from profile.ts so that the browser bundle, which never writes one, leaves zod's generator out.
 */
export function profileJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(profileSchema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>
}
