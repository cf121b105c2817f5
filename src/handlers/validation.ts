import type { z } from 'zod'
import type { ErrorDetail } from '../model/schemas.ts'
import { Problem } from './problem.ts'

/**
 * The one validation helper: runs a zod schema over a value found at `location` (`body`, `query.page_size`,
 * `header.X-Workspace-ID`, `path.workspaceId`) and turns its issues into ErrorModel details.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  location: string,
  errors: ErrorDetail[],
): z.output<S> | undefined {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  for (const issue of result.error.issues) {
    const at = issue.path.length > 0 ? `${location}.${issue.path.join('.')}` : location
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        errors.push({
          message: 'unexpected property',
          location: `${at}.${key}`,
          value: valueAt(value, [...issue.path, key]),
        })
      }
    } else {
      errors.push({ message: issue.message, location: at, value: valueAt(value, issue.path) })
    }
  }
  return undefined
}

/** Throws the 422 that carries every collected detail, if there is any. */
export function assertValid(errors: ErrorDetail[]): void {
  if (errors.length > 0) throw new Problem(422, 'validation failed', errors)
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      return undefined
    }
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}
