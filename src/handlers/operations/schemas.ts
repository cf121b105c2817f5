import { servedSchemas, type SchemaName } from '../../model/schemas.ts'
import { defineOperation } from '../operation.ts'
import { fileParam } from './file-param.ts'
import { memoByKey } from '../memo.ts'
import { Problem } from '../problem.ts'
import { reply } from '../reply.ts'

// Generated once per process, when first asked for: the documents depend on the schemas only, and the
// JSON Schema generator is loaded only then (a lazy chunk in a browser bundle).
const documentOf = memoByKey(async (name: SchemaName) => {
  const { toJsonSchema } = await import('../../model/json-schemas.ts')
  return new TextEncoder().encode(JSON.stringify(toJsonSchema(name)))
})

/** GET /api/schemas/<Name>.json: public, so that `$schema` links resolve without credentials. */
export const getSchema = defineOperation({
  name: 'getSchema',
  method: 'GET',
  path: '/api/schemas/:file',
  public: true,
  async run({ params }) {
    const file = fileParam(params)
    // Stryker disable next-line StringLiteral: same-value
    const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : ''
    if (!Object.hasOwn(servedSchemas, name)) throw new Problem(404, `no schema named ${file}`)
    return reply(200, { 'Content-Type': 'application/json' }, [await documentOf(name as SchemaName)])
  },
})
