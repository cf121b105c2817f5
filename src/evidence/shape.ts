/**
 * The evidence file: what a mock saw during a failed test (its journal with `why`, the faults and overrides
 * in force, the scenario and seed, the state the test started from), as the test fixtures write it and
 * `--state`, the console and the devtools panel read it back. Defined once, here: the writer's types, the
 * reader's checks and fixtures/evidence.schema.json come from these schemas.
 */
import { errorDetailSchema } from '../model/schemas.ts'
import { described, z } from '../model/zod.ts'
import { EVIDENCE_FORMAT, EVIDENCE_VERSION } from './constants.ts'

const count = () => z.int().check(z.minimum(0))
const ms = () => z.number().check(z.minimum(0))

/** A fault's rule as `faults.list()` describes it (`hits` apart: a rule in a `why` has none). */
const faultRule = {
  id: z.int(),
  type: z.enum(['fail', 'disconnect', 'latency', 'rateLimit']),
  target: z.string(),
  status: z.optional(z.int()),
  detail: z.optional(z.string()),
  latency: z.optional(z.union([ms(), z.readonly(z.tuple([ms(), ms()]))])),
  requests: z.optional(count()),
  retryAfter: z.optional(count()),
  times: z.optional(count()),
  rate: z.optional(z.number()),
}
const faultRuleSchema = z.strictObject(faultRule)
const faultSchema = z.strictObject({ ...faultRule, hits: count() })

const routeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('operation'), operation: z.string(), method: z.string(), path: z.string() }),
  z.strictObject({ kind: z.literal('no-operation') }),
  z.strictObject({ kind: z.literal('method-not-allowed'), allow: z.array(z.string()) }),
  z.strictObject({ kind: z.literal('options'), allow: z.array(z.string()) }),
  z.strictObject({ kind: z.literal('uri-too-long'), limit: z.int() }),
])

const callerSchema = z.union([
  z.strictObject({ kind: z.literal('authenticated'), apiKey: z.string(), account: z.string(), organization: z.string() }),
  z.strictObject({ kind: z.literal('refused'), reason: z.literal('missing-header'), missing: z.array(z.string()) }),
  z.strictObject({ kind: z.literal('refused'), reason: z.literal('unknown-key') }),
  z.strictObject({ kind: z.literal('refused'), reason: z.literal('secret-mismatch'), account: z.string() }),
  z.strictObject({ kind: z.literal('not-checked'), because: z.enum(['public-operation', 'no-operation', 'fault']) }),
])

const decisionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fault'), fault: faultRuleSchema }),
  z.strictObject({ kind: z.literal('override') }),
  z.strictObject({ kind: z.literal('authentication') }),
  z.strictObject({ kind: z.literal('validation'), problems: z.array(errorDetailSchema), count: z.int() }),
  z.strictObject({ kind: z.literal('body'), detail: z.string() }),
  z.strictObject({
    kind: z.literal('lookup'),
    collection: z.enum(['workspaces', 'applications']),
    id: z.string(),
    reason: z.enum(['not-found', 'other-organization', 'outside-workspace']),
    workspace: z.optional(z.string()),
  }),
  z.strictObject({ kind: z.literal('route') }),
  z.strictObject({ kind: z.literal('operation'), detail: z.optional(z.string()) }),
  z.strictObject({ kind: z.literal('error'), detail: z.string() }),
  z.strictObject({ kind: z.literal('live') }),
])

/** The request went to the live service (docs/live.md): `why.live`. Its drift entries as verify words them. */
const liveSchema = z.strictObject({
  mode: z.enum(['live', 'record', 'fallback', 'shadow']),
  url: z.string(),
  served: z.enum(['service', 'mock']),
  credentials: z.enum(['mapped', 'none']),
  status: z.optional(z.int()),
  ms: z.optional(z.number()),
  error: z.optional(z.string()),
  kept: z.optional(z.array(z.strictObject({ collection: z.enum(['workspaces', 'applications']), ids: z.array(z.string()), count: count() }))),
  notKept: z.optional(z.string()),
  drift: z.array(z.unknown()),
})

const recordsSchema = z.strictObject({
  collection: z.enum(['organizations', 'accounts', 'workspaces', 'applications']),
  ids: z.array(z.string()),
  count: count(),
})

const whySchema = z.strictObject({
  route: routeSchema,
  caller: callerSchema,
  decision: decisionSchema,
  profile: z.record(z.string(), z.unknown()),
  delays: z.array(z.strictObject({ fault: faultRuleSchema, ms: ms() })),
  read: z.array(recordsSchema),
  written: z.array(recordsSchema),
  live: z.optional(liveSchema),
})

/** A journal entry as `api.journal.entries` holds it (its secret headers redacted), written as JSON. */
const entrySchema = z.strictObject({
  seq: z.int(),
  operation: z.optional(z.string()),
  method: z.string(),
  url: z.string(),
  path: z.optional(z.string()),
  params: z.record(z.string(), z.string()),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  headers: z.record(z.string(), z.string()),
  body: z.optional(z.unknown()),
  status: z.int(),
  detail: z.optional(z.string()),
  responseBody: z.optional(z.unknown()),
  why: whySchema,
  time: z.number(),
  duration: z.number(),
})

/**
 * The state the test started from, as a state file holds it: checked record by record when it is loaded,
 * as `--state` checks a file, against the mock's own fields (which this schema cannot know).
 */
const stateSchema = z.strictObject({
  organizations: z.array(z.record(z.string(), z.unknown())),
  accounts: z.array(z.record(z.string(), z.unknown())),
  workspaces: z.array(z.record(z.string(), z.unknown())),
  applications: z.array(z.record(z.string(), z.unknown())),
})

export const evidenceSchema = described(
  z.strictObject({
    $schema: z.optional(z.string()),
    format: z.literal(EVIDENCE_FORMAT),
    version: z.literal(EVIDENCE_VERSION),
    test: described(
      z.strictObject({
        runner: z.enum(['vitest', 'playwright']),
        fixture: described(z.enum(['useMockApi', 'mockApi', 'mockSession']), { description: 'The fixture whose mock this is' }),
        title: described(z.array(z.string()), { description: 'Its describe blocks and title, outermost first' }),
        file: described(z.string(), { description: 'Its file, relative to the directory the runner ran in' }),
      }),
      { description: 'The failed test' },
    ),
    scenario: described(z.string(), { description: 'A preset name, `state` (a given state), or a scenario function\'s name (`custom` for a nameless one)' }),
    seed: z.int(),
    faults: described(z.array(faultSchema), { description: 'The faults in force when the test ended, with their hits' }),
    overrides: described(z.array(z.strictObject({ operation: z.string(), once: z.boolean() })), {
      description: 'The overrides in force when the test ended, newest first (a resolver is code: its operation only)',
    }),
    journal: z.strictObject({
      entries: described(z.array(entrySchema), { description: "The test's requests, oldest first: the newest within the file's bound" }),
      left: described(count(), { description: 'Older requests of the test left out' }),
    }),
    state: described(z.nullable(stateSchema), { description: 'The state the test started from; null when it was larger than the file may hold' }),
    stateLeftOut: described(z.optional(z.string()), { description: 'Why `state` is null, and what to serve instead' }),
  }),
  { title: 'workspace-api-mock evidence', description: 'What a mock saw during a failed test: `workspace-api-mock --state <file>` serves the state it started from' },
)

/** An evidence file as read (`Evidence`) and as written (`EvidenceInput`: the kit's own types fit it). */
export type Evidence = z.infer<typeof evidenceSchema>
export type EvidenceInput = z.input<typeof evidenceSchema>

export type EvidenceEntry = EvidenceInput['journal']['entries'][number]
export type EvidenceFault = EvidenceInput['faults'][number]
export type EvidenceTest = EvidenceInput['test']
