import type { z } from '../model/zod.ts'
import type { ErrorDetail } from '../model/schemas.ts'
import { Problem } from './problem.ts'

// Parameters repeat (the same ids, the same page numbers): a short string a schema once accepted maps to
// the same primitive output, so the schema runs once per distinct value (bounded: clients choose values).
const accepted = new WeakMap<z.ZodMiniType, Map<string, unknown>>()
const ACCEPTED_PER_SCHEMA = 1024
const MAX_REMEMBERED_LENGTH = 64

function remembered(schema: z.ZodMiniType): Map<string, unknown> {
  let values = accepted.get(schema)
  // Stryker disable next-line ConditionalExpression: `true`: a new map on every call only forgets what was accepted: the schema runs again, with the same output (the `false` replacement, ignored with it, is killed by test/handlers/validation-cache.test.ts)
  if (!values) accepted.set(schema, (values = new Map()))
  return values
}

/**
 * The one validation helper: runs a zod schema over a value found at `location` (`body`, `query.page_size`,
 * `header.X-Workspace-ID`, `path.workspaceId`) and turns its issues into ErrorModel details.
 */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  location: string,
  errors: ErrorDetail[],
): z.output<S> | undefined {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: which values are remembered changes only how often a schema runs: a remembered output is the one it would give again (the replacements that read `.length` of values that are not strings, ignored with them, are killed by test/api/applications.test.ts)
  const short = typeof value === 'string' && value.length <= MAX_REMEMBERED_LENGTH
  // Stryker disable next-line ConditionalExpression,BlockStatement: not looking a value up only runs the schema again, with the same output; only short strings are ever remembered (below), so looking others up finds nothing
  if (short) {
    const known = remembered(schema)
    // Stryker disable next-line ConditionalExpression: `false`: the schema runs again, with the same output (the `true` replacement, ignored with it, is killed by test/handlers/validation-cache.test.ts)
    if (known.has(value)) return known.get(value) as z.output<S>
  }
  const result = schema.safeParse(value)
  if (result.success) {
    const output: unknown = result.data
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral,BlockStatement: what is remembered changes only how often a schema runs: values are looked up only as short strings, and no schema the kit validates with turns a string into an object
    if (short && (output === null || typeof output !== 'object')) {
      const known = remembered(schema)
      // Stryker disable next-line ConditionalExpression,EqualityOperator,CallExpression: the bound only caps memory: after a clear the schema runs again, with the same output
      if (known.size >= ACCEPTED_PER_SCHEMA) known.clear()
      // Stryker disable next-line CallExpression: nothing remembered: the schema runs on every call, with the same output
      known.set(value, output)
    }
    return result.data
  }
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
  // Stryker disable next-line ConditionalExpression: `value === null` → `false`: null then goes below, where its JSON is 4 characters and it is returned as is (the other replacements, ignored with it, are killed by test/handlers/request-body.test.ts and test/handlers/limits.test.ts)
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
    // Stryker disable next-line ConditionalExpression,LogicalOperator,BlockStatement: zod's issue paths go only through objects and arrays that hold the next key, and a missing last key reads as undefined too (no schema names an inherited member such as `toString`) (the `true` replacement, ignored with them, is killed by test/handlers/limits.test.ts)
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      return undefined
    }
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}
