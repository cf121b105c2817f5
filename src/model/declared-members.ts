import type { z } from './zod.ts'

/**
 * The members of `record` that a record schema of a model declares (the spec's, then the mock's own), in
 * the schema's order; any other is left out. How a service's records become the mock's (`record`, `live`).
 */
export function declaredMembers(record: Readonly<Record<string, unknown>>, schema: z.ZodMiniType): Record<string, unknown> {
  const members = Object.keys((schema as z.ZodMiniObject).def.shape)
  return Object.fromEntries(members.filter((member) => member in record).map((member) => [member, record[member]]))
}
