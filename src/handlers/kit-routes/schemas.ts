import type { z } from '../../model/zod.ts'
import type { OperationInput } from '../operation.ts'
import { fileParam } from './file-param.ts'
import { Problem } from '../reply/problem.ts'
import { reply, type Reply } from '../reply/reply.ts'

// Generated once per schema (a mock's own envelopes have their own), when first asked for: the JSON Schema
// generator is loaded only then (a lazy chunk in a browser bundle).
const documents = new WeakMap<z.ZodMiniType, Promise<Uint8Array>>()
async function documentOf(schema: z.ZodMiniType): Promise<Uint8Array> {
  const { jsonSchemaOf } = await import('../../model/json-schemas.ts')
  return new TextEncoder().encode(JSON.stringify(jsonSchemaOf(schema)))
}

/** GET /api/schemas/<Name>.json (file-routes.ts): public, so that `$schema` links resolve without credentials. */
export async function schemaReply({ params, mock }: OperationInput): Promise<Reply> {
  const file = fileParam(params)
  // Stryker disable next-line StringLiteral: same-value
  const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : ''
  const schema = mock.surface.served.get(name)
  if (schema === undefined) throw new Problem(404, `no schema named ${file}`)
  let bytes = documents.get(schema)
  if (bytes === undefined) documents.set(schema, (bytes = documentOf(schema)))
  return reply(200, { 'Content-Type': 'application/json' }, [await bytes])
}
