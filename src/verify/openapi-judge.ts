/**
 * The first judgment of every answer: against the OpenAPI document the mock serves. Is the status declared
 * for the operation, with this content type and the `Link` header it declares, and does the body fit the
 * declared schema (checked with the zod schema the component is generated from)?
 */
import { openApiDocument } from '../handlers/openapi/document.ts'
import type { OperationName } from '../handlers/operation-spec.ts'
import type { SchemaName } from '../model/schemas.ts'
import { checkBody } from '../testkit/contract.ts'
import { DEFAULT_SURFACE } from '../handlers/operation-table.ts'
import type { Answer } from './client.ts'

interface DeclaredResponse {
  headers?: Record<string, unknown>
  content?: Record<string, { schema?: { $ref?: string } }>
}

let responses: Map<string, Record<string, DeclaredResponse>> | undefined

/** The declared responses of each operation, by operationId (the document is built once). */
function declaredResponses(name: OperationName): Record<string, DeclaredResponse> | undefined {
  if (responses === undefined) {
    responses = new Map()
    const paths = openApiDocument('3.1', 'http://verify.invalid').paths as Record<string, Record<string, { operationId: string; responses: Record<string, DeclaredResponse> }>>
    for (const item of Object.values(paths)) for (const operation of Object.values(item)) responses.set(operation.operationId, operation.responses)
  }
  return responses.get(name)
}

/** Whether the status is declared, with the answer's content type and the declared `Link` header. */
export function declaredStatus(answer: Answer, name: OperationName | undefined): string | undefined {
  const declared = name && declaredResponses(name)
  if (!declared) return undefined
  const response = declared[String(answer.status)]
  if (!response) return `${answer.status} is not declared for ${name}`
  const type = answer.headers.get('Content-Type')?.split(';')[0]?.trim() ?? '(none)'
  const types = Object.keys(response.content ?? {})
  if (!types.includes(type)) return `${answer.status} declared with ${types.join(', ')}, answered ${type}`
  if (response.headers?.Link && !answer.headers.has('Link')) return `${answer.status} declares Link, answered none`
  return `declared, ${type}${response.headers?.Link ? ', Link' : ''}`
}

/** Whether the body fits the schema the document declares for this status. */
export function declaredSchema(answer: Answer, name: OperationName | undefined): string | undefined {
  const response = name && declaredResponses(name)?.[String(answer.status)]
  const ref = response && Object.values(response.content ?? {})[0]?.schema?.$ref
  if (!ref) return undefined
  const schemaName = ref.split('/').pop() as SchemaName
  if (answer.json === undefined) return `not JSON (${schemaName})`
  const violations = checkBody(name, answer.status, schemaName, answer.json, DEFAULT_SURFACE.served)
  return violations.length === 0 ? `fits ${schemaName}` : `${schemaName}: ${violations[0]!.field} ${violations[0]!.reason}`
}
