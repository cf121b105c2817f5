/**
 * The coverage document: what a run's mocks answered, in one versioned shape, defined once here. The
 * collector writes it (a Vitest file's, a Playwright test's, a demo server mock's), the reporters and
 * `coverage merge` read and merge it, the contract writer reads its examples; fixtures/coverage.schema.json
 * is generated from this schema (`npm run fixtures`), shipped as `workspace-api-mock/coverage.schema.json`.
 * Platform-free: the browser's devtools write it too.
 */
import type { Why } from '../testkit/why.ts'
import { described, z } from '../model/zod.ts'
import { COVERAGE_FORMAT, COVERAGE_VERSION } from './format.ts'

export { COVERAGE_FORMAT, COVERAGE_VERSION, MAX_MOCKS } from './format.ts'

const count = z.int().check(z.minimum(0))
const text = z.string()

const mockSchema = described(z.strictObject({ scenario: text, seed: z.number(), requests: count }), {
  description: 'A mock that answered: its scenario (a preset name, `state`, or `custom` for a scenario function) and seed, and how many requests it answered',
})

const operationSchema = described(z.strictObject({ name: text, method: text, path: text, requests: count }), {
  description: 'An operation the mocks serve (the path in the spec\'s syntax) and how many requests it answered',
})

const outcomeSchema = described(
  z.strictObject({ operation: z.nullable(text), outcome: text, topic: z.nullable(text), count }),
  { description: 'An outcome that exists (operation null: of routing), the topic of docs/spec-decisions.md it belongs to, and how often it was answered (0: never)' },
)

const otherSchema = described(z.strictObject({ operation: z.nullable(text), outcome: text, count }), {
  description: 'An answer outside the outcomes that exist: an override (`override:<status>`), the kit failing (`error:500`), a fault of another status',
})

/** `why` as the journal tells it (src/testkit/why.ts); its JSON Schema is an object. */
const whySchema = described(z.custom<Why>((value) => typeof value === 'object' && value !== null && !Array.isArray(value)), {
  description: 'Why the mock answered as it did, as the journal tells it: route, caller, decision, profile knobs, delays, records read and written, page',
})

const entrySchema = described(
  z.strictObject({
    operation: z.nullable(text),
    method: text,
    /** Path and query, without the origin (which differs from run to run). */
    url: text,
    /** The operation's path template; null for routing's answers. */
    path: z.nullable(text),
    params: z.record(text, text),
    query: z.record(text, z.union([text, z.array(text)])),
    headers: z.record(text, text),
    body: z.optional(z.unknown()),
    status: z.int(),
    /** The answer's headers a client reads: `content-type`, `link`, `allow`, `retry-after`, `www-authenticate`, `location`. */
    responseHeaders: z.record(text, text),
    detail: z.optional(text),
    responseBody: z.optional(z.unknown()),
    why: whySchema,
  }),
  {
    description:
      'The journal entry of the exchange, without what differs from run to run (its number, times, origin, transport headers), with the headers of the answer a client reads: secrets redacted, bodies over 32 KiB replaced by a note',
  },
)

const exampleSchema = described(
  z.strictObject({
    operation: z.nullable(text),
    outcomes: z.array(text),
    shape: text,
    mock: z.strictObject({ scenario: text, seed: z.number() }),
    entry: entrySchema,
  }),
  { description: 'One exchange for each outcome, request shape and answer reached (at most 8 an outcome): the outcomes it reached, its request\'s shape, the mock that answered, the entry' },
)

const tallySchema = z.strictObject({ reached: count, total: count })

const summarySchema = described(
  z.strictObject({
    requests: count,
    operations: tallySchema,
    outcomes: tallySchema,
    topics: tallySchema,
    topicsNotReached: z.array(text),
    holes: z.array(text),
  }),
  { description: 'Derived from the rest (a reader recomputes it; a runner\'s part of a run leaves it out): totals, the topics no outcome reached, and what was never answered, in words, largest first' },
)

export const coverageDocumentSchema = described(
  z.strictObject({
    $schema: z.optional(text),
    format: z.literal(COVERAGE_FORMAT),
    version: z.literal(COVERAGE_VERSION),
    /** Every request the mocks answered (a mock list past its bound still counts here). */
    requests: count,
    mocks: z.array(mockSchema),
    operations: z.array(operationSchema),
    outcomes: z.array(outcomeSchema),
    others: z.array(otherSchema),
    examples: z.array(exampleSchema),
    summary: z.optional(summarySchema),
  }),
  { title: 'Coverage', description: 'Behaviour coverage of a consumer suite by workspace-api-mock: the outcomes that exist and how often each was answered' },
)

/**
 * What a merge reads: a document, or a part of a run as a runner's channel carries it from a worker (no
 * summary, in the order it was collected: the merge puts it in order and sums it up).
 */
export type CoveragePart = Omit<z.infer<typeof coverageDocumentSchema>, 'summary'>
/** A document as written: in canonical order, with its summary. */
export type CoverageDocument = CoveragePart & { summary: CoverageSummary }
export type CoverageSummary = z.infer<typeof summarySchema>
export type CoverageMock = CoverageDocument['mocks'][number]
export type CoverageOperation = CoverageDocument['operations'][number]
export type CoverageOutcome = CoverageDocument['outcomes'][number]
export type CoverageOther = CoverageDocument['others'][number]
export type CoverageExample = CoverageDocument['examples'][number]
export type CoverageEntry = CoverageExample['entry']
