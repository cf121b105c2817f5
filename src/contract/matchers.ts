/**
 * Matching rules for a response body, from the schema the document gives it: a regex for a string with a
 * pattern (ids with their prefix, icon URLs) and for the `$schema` link, the type for other strings and
 * for integers, numbers and booleans, and for arrays the type (one example item is kept: every item the
 * provider answers is held to it), at least one item for a list the body holds (`data`) when the example
 * had one. Only the paths the request decided stay exact.
 *
 * The example values stay the mock's, with two exceptions that would make the file differ from run to run:
 * the mock's origin in URLs becomes the document's, and the timestamps of records the request wrote (the
 * clock's, not the seed's) become EXAMPLE_TIME. Both are matched by type, so the contract does not change.
 */
import { isObject, own, type DocumentView, type Schema } from './document.ts'
import type { Matcher, Rule } from './pact-v4.ts'

/** 2026-01-01T00:00:00Z: the example value of a timestamp the mock's clock wrote. */
export const EXAMPLE_TIME = 1_767_225_600_000

/** The kit's timestamps are epoch milliseconds of 13 digits: their schemas' minimum is 10^12. */
const TIMESTAMP_MINIMUM = 1e12

export interface BodyContext {
  view: DocumentView
  /** JSON paths whose values stay exact (`$.status`, `$.errors[*].location`). */
  exact: ReadonlySet<string>
  /** The component the top-level schema is (its `$schema` link names it). */
  name: string | undefined
  /** Ids of the records the request wrote: their timestamps become EXAMPLE_TIME. */
  written: ReadonlySet<string>
  /** The origin the mock answered from, and the one the file shows instead. */
  origins: { from: string; to: string | undefined }
}

export interface MatchedBody {
  example: unknown
  rules: Record<string, Rule>
}

/** The example body (arrays cut to their first item) and its matching rules. */
export function matchBody(body: unknown, schema: Schema | undefined, context: BodyContext): MatchedBody {
  const rules: Record<string, Rule> = {}
  const example = walk(body, schema, '$', false, context, rules)
  return { example, rules }
}

function walk(value: unknown, schema: unknown, path: string, written: boolean, context: BodyContext, rules: Record<string, Rule>): unknown {
  const resolved = context.view.resolve(schema)
  if (Array.isArray(value)) return arrayOf(value, own(resolved, 'items'), path, written, context, rules)
  if (isObject(value)) {
    const properties = own(resolved, 'properties')
    const additional = own(resolved, 'additionalProperties')
    const ownRecord = typeof value.id === 'string' && context.written.has(value.id)
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      const member = memberPath(path, key)
      const child = own(properties, key) ?? additional
      const kept = member === undefined ? item : walk(item, child, member, written || ownRecord, context, rules)
      Object.defineProperty(out, key, { value: kept, enumerable: true, writable: true, configurable: true })
    }
    return out
  }
  if (context.exact.has(path)) return value
  const matcher = scalarMatcher(value, resolved, path, context)
  if (matcher) rules[path] = rule(matcher)
  return exampleOf(value, resolved, written, context)
}

/**
 * An array: its first item held to every item the provider answers, with the least length; or, when the
 * request decided members of its items (the locations of a 422's errors), each item as a variant the
 * answer must contain, in any order (the provider may list its errors in another).
 */
function arrayOf(value: unknown[], items: unknown, path: string, written: boolean, context: BodyContext, rules: Record<string, Rule>): unknown[] {
  const prefix = `${path}[*]`
  const decided = [...context.exact].filter((exact) => exact.startsWith(prefix)).map((exact) => `$${exact.slice(prefix.length)}`)
  if (decided.length === 0) {
    // A list the body is (`data`) holds what the provider states set up; a list inside a record may be empty.
    rules[path] = rule({ match: 'type', min: value.length > 0 && /^\$\.\w+$/.test(path) ? 1 : 0 })
    return value.slice(0, 1).map((item) => walk(item, items, prefix, written, context, rules))
  }
  const variants: Array<{ index: number; rules: Record<string, Rule> }> = []
  const inner = { ...context, exact: new Set(decided) }
  const examples = value.map((item, index) => {
    const own: Record<string, Rule> = {}
    const example = walk(item, items, '$', written, inner, own)
    variants.push({ index, rules: own })
    return example
  })
  rules[path] = rule({ match: 'arrayContains', variants })
  return examples
}

function scalarMatcher(value: unknown, schema: Schema | undefined, path: string, context: BodyContext): Matcher | undefined {
  if (typeof value === 'string') {
    if (path === "$['$schema']" && context.name !== undefined) return { match: 'regex', regex: `^https?://\\S*/schemas/${escapeRegex(context.name)}\\.json$` }
    const pattern = own(schema, 'pattern')
    return typeof pattern === 'string' ? { match: 'regex', regex: anchored(pattern) } : { match: 'type' }
  }
  if (typeof value === 'number') return Number.isInteger(value) && own(schema, 'type') !== 'number' ? { match: 'integer' } : { match: 'number' }
  if (typeof value === 'boolean') return { match: 'boolean' }
  return undefined
}

/** The value the file shows: the mock's own, but for the origin in URLs and the clock's timestamps. */
function exampleOf(value: unknown, schema: Schema | undefined, written: boolean, context: BodyContext): unknown {
  const { from, to } = context.origins
  if (typeof value === 'string' && to !== undefined && value.startsWith(`${from}/`)) return `${to}${value.slice(from.length)}`
  if (written && typeof value === 'number' && own(schema, 'type') === 'integer') {
    const minimum = own(schema, 'minimum')
    if (typeof minimum === 'number' && minimum >= TIMESTAMP_MINIMUM) return EXAMPLE_TIME
  }
  return value
}

/**
 * A JSON Schema pattern matches anywhere in the string; Pact's regex must match all of it. An unanchored
 * pattern is widened on the sides it does not anchor.
 */
export function anchored(pattern: string): string {
  const start = pattern.startsWith('^')
  const end = pattern.endsWith('$') && !pattern.endsWith('\\$')
  if (start && end) return pattern
  return `^${start ? '' : '.*'}(?:${pattern})${end ? '' : '.*'}$`
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A member's path in Pact's JSON path syntax: `$.data.id`, or `$['$schema']` for a name that is not a
 * plain word. A name the syntax cannot hold (a quote, a backslash) has none: its value is matched exactly.
 */
export function memberPath(path: string, key: string): string | undefined {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return `${path}.${key}`
  if (/['\\]/.test(key)) return undefined
  return `${path}['${key}']`
}

const rule = (matcher: Matcher): Rule => ({ combine: 'AND', matchers: [matcher] })
