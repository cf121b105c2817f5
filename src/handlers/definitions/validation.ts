import { z } from '../../model/zod.ts'
import type { ErrorDetail } from '../../model/schemas.ts'
import { Problem } from '../reply/problem.ts'

/**
 * The one validation helper: runs a zod schema over a value found at `location` (`body`, `query.page_size`,
 * `header.X-Workspace-ID`, `path.workspaceId`) and turns its issues into ErrorModel details.
 */
export function validate<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  location: string,
  errors: ErrorDetail[],
): z.output<S> | undefined {
  const result = z.safeParse(schema, value)
  if (result.success) return result.data
  for (const issue of result.error.issues) {
    const at = issue.path.length > 0 ? `${location}.${issue.path.join('.')}` : location
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        errors.push({
          message: 'unexpected property',
          location: `${at}.${key}`,
          value: reportable(valueAt(value, [...issue.path, key])),
        })
      }
    } else {
      errors.push({ message: issue.message, location: at, value: reportable(valueAt(value, issue.path)) })
    }
  }
  return undefined
}

/** Throws the 422 that carries every collected detail, if there is any. */
export function assertValid(errors: ErrorDetail[]): void {
  if (errors.length > 0) throw new Problem(422, 'validation failed', errors)
}

const MAX_REPORTED_TEXT = 256
const MAX_REPORTED_JSON = 1024

/**
 * The rejected value as an error detail repeats it: as is when small, otherwise shortened. A hostile body
 * (a string of a megabyte, an array nested 5,000 deep) must not make the error response huge, or make its
 * serialization overflow the stack.
 */
export function reportable(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_REPORTED_TEXT ? `${value.slice(0, MAX_REPORTED_TEXT)}…` : value
  }
  // Stryker disable next-line ConditionalExpression: same-value
  if (value === null || typeof value !== 'object') return value
  try {
    if (JSON.stringify(value).length <= MAX_REPORTED_JSON) return value
  } catch {
    // Too deep to serialize: summarized below.
  }
  return Array.isArray(value)
    ? `[array of ${value.length} items]`
    : `[object with ${Object.keys(value).length} members]`
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value
  for (const key of path) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,BlockStatement: same-value
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      return undefined
    }
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}
