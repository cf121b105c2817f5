import type { z } from '../model/zod.ts'
import type { ContractViolation, ResponseChecker } from '../handlers/ports.ts'

export type { ContractViolation }

/** The schema a response of this operation and status must satisfy. */
export function responseSchemaName(status: number, successSchema: string | undefined): string | undefined {
  return status >= 400 ? 'ErrorModel' : successSchema
}

/** Checks one JSON body against a served schema (zod, the same source the JSON Schemas come from). */
export function checkBody(
  operation: string,
  status: number,
  schemaName: string,
  body: unknown,
  served: ReadonlyMap<string, z.ZodMiniType>,
): ContractViolation[] {
  const schema = served.get(schemaName)
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable
  if (schema === undefined) return [{ operation, status, schema: schemaName, field: '(body)', reason: 'no such served schema' }]
  const result = schema.safeParse(body)
  if (result.success) {
    if (schemaName === 'ErrorModel' && (body as { status?: unknown }).status !== status) {
      return [{ operation, status, schema: schemaName, field: 'status', reason: `says ${(body as { status?: unknown }).status}, HTTP status is ${status}` }]
    }
    return []
  }
  return result.error.issues.map((issue) => ({
    operation,
    status,
    schema: schemaName,
    field: issue.path.length > 0 ? issue.path.join('.') : '(body)',
    reason: issue.message,
  }))
}

/** Parses and checks a response produced outside the kit's own serializers (an override). */
export const checkResponse: ResponseChecker = async (operation, response, successSchema, served) => {
  if (response.type === 'error') return []
  const schemaName = responseSchemaName(response.status, successSchema)
  if (!schemaName) return []
  const text = await response.clone().text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return [{ operation, status: response.status, schema: schemaName, field: '(body)', reason: 'is not JSON' }]
  }
  const contentType = response.headers.get('Content-Type') ?? ''
  const expected = schemaName === 'ErrorModel' ? 'application/problem+json' : 'application/json'
  const violations = checkBody(operation, response.status, schemaName, body, served)
  if (!contentType.startsWith(expected)) {
    violations.push({ operation, status: response.status, schema: schemaName, field: 'Content-Type', reason: `expected ${expected}, got ${contentType || 'none'}` })
  }
  return violations
}
