/**
 * The kit's zod: the tree-shakable `zod/mini` API (a browser bundle carries only the schema kinds the kit
 * uses, ~20 KB where classic zod is ~90 KB), with zod's English messages, which classic zod loads by
 * itself and `zod/mini` does not. Every module of the kit imports `z` from here.
 */
import * as z from 'zod/mini'
import { en } from 'zod/locales'

z.config(en())

export { z }

/** Attaches JSON Schema metadata (title, description, format, ...) to a schema, as classic zod's `.meta()`. */
export function described<T extends z.ZodMiniType>(schema: T, meta: z.core.GlobalMeta): T {
  z.globalRegistry.add(schema, meta)
  return schema
}
