/**
 * The coverage gate: thresholds a team sets (shares of operations, outcomes and topics reached, and
 * outcomes it names as required per operation), held to a run's document. What it answers is the list of
 * what is missing, one line each; an empty list passes. A runner fails a passing run through it alone.
 */
import { z } from '../model/zod.ts'
import type { CoverageDocument } from './document.ts'
import { cellWords } from './summary.ts'

const share = z.number().check(z.minimum(0), z.maximum(100))

/** The gate as a reporter's option or `coverage merge`'s flags give it. */
export const coverageGateSchema = z.strictObject({
  /** Least share of the operations reached, in percent. */
  operations: z.optional(share),
  /** Least share of the outcomes that exist reached, in percent. */
  outcomes: z.optional(share),
  /** Least share of the decision topics reached, in percent. */
  topics: z.optional(share),
  /** Outcome keys that must be reached, by operation; `*`: on every operation that has the outcome. */
  required: z.optional(z.record(z.string(), z.array(z.string()))),
})

export type CoverageGate = z.infer<typeof coverageGateSchema>

/** What the gate finds missing in `document`, one line each; empty when it passes. */
export function gateFailures(document: CoverageDocument, gate: CoverageGate): string[] {
  const { summary } = document
  const failures: string[] = []
  for (const what of ['operations', 'outcomes', 'topics'] as const) {
    const least = gate[what]
    const { reached, total } = summary[what]
    const percent = total === 0 ? 100 : (reached / total) * 100
    if (least !== undefined && percent < least) failures.push(`${what}: ${reached} of ${total} reached (${Math.floor(percent)}%), the gate asks for ${least}%`)
  }
  for (const [operation, outcomes] of Object.entries(gate.required ?? {})) {
    for (const outcome of outcomes) failures.push(...requiredFailures(document, operation, outcome))
  }
  return failures
}

/** A required outcome not reached (or that the operation does not have: a typo must not pass). */
function requiredFailures(document: CoverageDocument, operation: string, outcome: string): string[] {
  const cells = document.outcomes.filter((cell) => cell.outcome === outcome && (operation === '*' ? cell.operation !== null : cell.operation === operation))
  if (cells.length === 0) return [`required: ${operation === '*' ? 'no operation has' : `${operation} has no`} outcome ${outcome}`]
  return cells.filter((cell) => cell.count === 0).map((cell) => `${cellWords(cell.operation, outcome)}: required, never answered`)
}
