/**
 * What the generator writes code from: what was seen of a service, and what the mock has already. A plain
 * input (docs/verify.md, "The code that follows the service"): verify's run fills it (src/verify/found.ts),
 * and anything else that watches a service can, from records it saw, routes that answered and the
 * service's OpenAPI document. Everything in it but `known` is the service's text: bounded here, and never
 * trusted by the code that writes it out.
 */
import type { ApiSurface } from '../handlers/api-surface.ts'
import { z } from '../model/zod.ts'
import { REDACTED } from '../testkit/journal.ts'

/** Most records, writes and operations one input holds (verify sees a few hundred records). */
export const MAX_FINDINGS = 5000

/** Where something was seen: a request (`GET /api/applications?page_size=100`) or a document's address. */
const seen = z.string().check(z.maxLength(2000))
const record = z.enum(['workspace', 'application'])
const bounded = <T extends z.ZodMiniType>(item: T) => z.array(item).check(z.maxLength(MAX_FINDINGS))

export const findingsSchema = z.object({
  /** The service, as the comments name it (its base URL). */
  source: z.string().check(z.maxLength(2000)),
  /** Records the service answered, whole, each with the request that answered it. */
  records: bounded(z.object({ record, seen, values: z.record(z.string(), z.unknown()) })),
  /** Fields the service took in a write: it answered with the value sent. */
  writable: bounded(z.object({ record, field: z.string(), seen })),
  /** Requests the service answered that no route of the mock serves (a 405 or 404 from the mock), as sent. */
  operations: bounded(z.object({ method: z.string(), path: z.string(), status: z.number(), seen })),
  /** The service's OpenAPI document (3.0 or 3.1), and where it came from: operations are read from it. */
  openapi: z.optional(z.object({ document: z.unknown(), seen })),
  /** What the mock has already (its own fields and operations included): nothing of it is written again. */
  known: z.object({
    fields: z.object({ workspace: z.array(z.string()), application: z.array(z.string()) }),
    /** Method and path of every route, in either syntax (`{workspaceId}` or `:workspaceId`). */
    operations: z.array(z.object({ method: z.string(), path: z.string(), name: z.optional(z.string()) })),
  }),
})

export type Findings = z.infer<typeof findingsSchema>
export type FoundRecord = Findings['records'][number]['record']

/** What a mock has: the fields of your own it declares and every route it serves, from its API surface. */
export function knownOf(surface: ApiSurface): Findings['known'] {
  const names = (record: FoundRecord) => surface.model.fields[record].map((field) => field.name)
  return {
    fields: { workspace: names('workspace'), application: names('application') },
    operations: surface.operations.map(({ method, path, name }) => ({ method, path, name })),
  }
}

/**
 * The findings with every string that holds a credential (a value, a key, the document's text) holding
 * `[redacted]` in its place: a service that echoes the caller's key or secret in a record must not put
 * it in a file a user commits.
 */
export function redactFindings(findings: Findings, credentials: readonly string[]): Findings {
  const secrets = credentials.filter((credential) => credential !== '')
  if (secrets.length === 0) return findings
  const clean = (text: string) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text)
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return clean(value)
    if (Array.isArray(value)) return value.map(walk)
    if (value === null || typeof value !== 'object') return value
    return Object.fromEntries(Object.entries(value).map(([name, member]) => [clean(name), walk(member)]))
  }
  return { ...(walk({ ...findings, known: undefined }) as Findings), known: findings.known }
}
