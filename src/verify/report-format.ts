/**
 * The JSON report's shape (`--report`), defined once (its checks as src/text/check-line.ts types them, which
 * the compiler holds this schema to): the run writes it (report.ts) and `--baseline`
 * reads an earlier one back (baseline.ts). Members a later version adds (`wrote`, `baseline`) are
 * ignored when it is read.
 */
import { z } from '../model/zod.ts'
import type { Check } from '../text/check-line.ts'

export type { Check, Verdict } from '../text/check-line.ts'

export const checkSchema = z.object({
  id: z.string(),
  /** Its heading in docs/spec-decisions.md. */
  topic: z.string(),
  request: z.object({ method: z.string(), path: z.string() }),
  expected: z.string(),
  observed: z.string(),
  verdict: z.enum(['same', 'differs', 'not-observed']),
  /** For a list of names that differs: the names only the target has, and those it lacks. */
  added: z.optional(z.array(z.string())),
  missing: z.optional(z.array(z.string())),
}) satisfies z.ZodMiniType<Check>

export const reportSchema = z.object({
  target: z.string(),
  startedAt: z.string(),
  /** The percentage of observed checks that are `same` (one decimal). */
  score: z.number(),
  checks: z.array(checkSchema).check(z.maxLength(100_000)),
})

export type Report = z.infer<typeof reportSchema>

/** What `--report` adds with `--baseline`: the baseline's run, and the ids of the differences new, gone and unchanged since. */
export interface BaselineMember {
  since: { target: string; startedAt: string }
  new: string[]
  gone: string[]
  unchanged: string[]
}
