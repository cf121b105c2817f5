import type { OperationInput } from '../operation.ts'

/** The `:file` segment of a public file route (icons, schemas): MSW gives a `:name` segment as one string. */
export function fileParam(params: OperationInput['params']): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable
  return typeof params.file === 'string' ? params.file : ''
}
