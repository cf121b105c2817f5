/**
 * The first judgment of every answer: against the OpenAPI document the mock serves (the reference's: with
 * the operations and fields of an `--operations` module). Is the status declared for the operation, with
 * this content type and the `Link` header it declares, and does the body fit the declared schema (checked
 * with the zod schema the component is generated from)?
 */
import type { ApiSurface } from '../handlers/api-surface.ts'
import { openApiDocument } from '../handlers/kit-routes/openapi/document.ts'
import { checkBody } from '../testkit/contract.ts'
import type { Answer } from './answer.ts'

interface DeclaredResponse {
  headers?: Record<string, unknown>
  content?: Record<string, { schema?: { $ref?: string } }>
}

/** The two judgments of an answer to an operation (undefined: an answer of no operation, not judged). */
export interface Judge {
  declaredStatus(answer: Answer, name: string | undefined): string | undefined
  declaredSchema(answer: Answer, name: string | undefined): string | undefined
}

/** The judge of a mock's API: its document is built once, on the first judgment. */
export function judgeOf(surface: ApiSurface): Judge {
  let responses: Map<string, Record<string, DeclaredResponse>> | undefined
  const declaredResponses = (name: string): Record<string, DeclaredResponse> | undefined => {
    if (responses === undefined) {
      responses = new Map()
      const paths = openApiDocument('3.1', 'http://verify.invalid', surface).paths as Record<string, Record<string, { operationId: string; responses: Record<string, DeclaredResponse> }>>
      for (const item of Object.values(paths)) for (const operation of Object.values(item)) responses.set(operation.operationId, operation.responses)
    }
    return responses.get(name)
  }
  return {
    /** Whether the status is declared, with the answer's content type and the declared `Link` header. */
    declaredStatus(answer, name) {
      const declared = name && declaredResponses(name)
      if (!declared) return undefined
      const response = declared[String(answer.status)]
      if (!response) return `${answer.status} is not declared for ${name}`
      const type = answer.headers.get('Content-Type')?.split(';')[0]?.trim() ?? '(none)'
      const types = Object.keys(response.content ?? {})
      if (types.length === 0) return answer.text === '' ? 'declared, no body' : `${answer.status} declared without a body, answered ${type}`
      if (!types.includes(type)) return `${answer.status} declared with ${types.join(', ')}, answered ${type}`
      if (response.headers?.Link && !answer.headers.has('Link')) return `${answer.status} declares Link, answered none`
      return `declared, ${type}${response.headers?.Link ? ', Link' : ''}`
    },
    /** Whether the body fits the schema the document declares for this status. */
    declaredSchema(answer, name) {
      const response = name && declaredResponses(name)?.[String(answer.status)]
      const ref = response && Object.values(response.content ?? {})[0]?.schema?.$ref
      if (!ref) return undefined
      const schemaName = ref.split('/').pop()!
      if (answer.json === undefined) return `not JSON (${schemaName})`
      const violations = checkBody(name, answer.status, schemaName, answer.json, surface.served)
      return violations.length === 0 ? `fits ${schemaName}` : `${schemaName}: ${violations[0]!.field} ${violations[0]!.reason}`
    },
  }
}
