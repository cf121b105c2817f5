/**
 * What a verify run found for `--operations-out`, as the generator's input (src/codegen/findings.ts): the
 * records of the target's answers to the probes, each with its request; the routes it answered where the
 * mock has none (the DELETE and PATCH probes); its OpenAPI document (the `openapi.json` probe's answer);
 * and what the reference mock has. Nothing is sent for it: it reads the answers the checks read.
 */
import type { ApiSurface } from '../handlers/api-surface.ts'
import { routeAnswered } from '../checks/route-answered.ts'
import { knownOf, MAX_FINDINGS, type Findings, type FoundRecord } from '../codegen/findings.ts'
import type { TargetAnswerHook } from './run.ts'

/** The spec's operations whose answers carry records, and which. */
const RECORDS_OF: Readonly<Record<string, FoundRecord>> = {
  listWorkspaces: 'workspace',
  getWorkspace: 'workspace',
  createWorkspace: 'workspace',
  updateWorkspace: 'workspace',
  listApplications: 'application',
  getApplication: 'application',
}

/** Probes of a method the mock does not have on a path: a service that answers otherwise than 405 has the route. */
const ROUTE_PROBES = new Set(['methods.delete', 'methods.patch'])
/**
 * The most answer text whose records are kept for the generator (the API's largest honest answer is about
 * 130 KiB; a service that answers 8 MiB pages has the rest of them read, judged and let go).
 */
const MAX_KEPT_CHARACTERS = 16 * 1024 * 1024
/** The longest `seen` kept (the findings take 2,000 characters; a comment shows 120). */
const MAX_SEEN = 300

export interface FoundOfRun {
  /** Keeps what a target's answer shows (runVerify's `onTargetAnswer`). */
  onTargetAnswer: TargetAnswerHook
  /** The findings, given the reference's API, the writes the target took and the document to read operations from (else the target's own). */
  findings(surface: ApiSurface, writable: Findings['writable'], openapi?: Findings['openapi']): Findings
}

/** A success answer with records, kept until the reference's API says which record an operation of your own answers. */
interface Answered {
  operation: string
  seen: string
  data: unknown
}

export function foundOfRun(source: string): FoundOfRun {
  const kept: Answered[] = []
  let keptCharacters = 0
  const operations: Findings['operations'] = []
  let document: Findings['openapi']
  return {
    onTargetAnswer(probe, request, answer) {
      const seen = `${request.method} ${request.path}`.slice(0, MAX_SEEN)
      const json = answer.json as { data?: unknown; openapi?: unknown } | undefined
      const records = probe.operation !== undefined && answer.status >= 200 && answer.status < 300 && json?.data !== undefined
      if (records && keptCharacters + answer.text.length <= MAX_KEPT_CHARACTERS) {
        keptCharacters += answer.text.length
        kept.push({ operation: probe.operation!, seen, data: json.data })
      }
      if (ROUTE_PROBES.has(probe.id) && routeAnswered(request.path, answer.status)) {
        operations.push({ method: request.method, path: request.path, status: answer.status, seen })
      }
      if (probe.id === 'openapi.json' && answer.status === 200 && typeof json?.openapi === 'string') document = { document: json, seen: `${source}${request.path}`.slice(0, MAX_SEEN) }
    },
    findings(surface, writable, openapi) {
      const found = openapi ?? document
      return { source: source.slice(0, MAX_SEEN), records: recordsOf(kept, surface), writable, operations, ...(found && { openapi: found }), known: knownOf(surface) }
    },
  }
}

/** The records of the answers, one for each id (the same application is on several pages), at most MAX_FINDINGS. */
function recordsOf(answered: readonly Answered[], surface: ApiSurface): Findings['records'] {
  const records = new Map<string, Findings['records'][number]>()
  for (const { operation, seen, data } of answered) {
    const own = surface.published.find((candidate) => candidate.name === operation)?.response
    const record = RECORDS_OF[operation] ?? (own && own.shape !== 'none' && typeof own.record === 'string' ? own.record : undefined)
    if (record === undefined) continue
    for (const values of [data].flat()) {
      if (values === null || typeof values !== 'object' || Array.isArray(values) || records.size >= MAX_FINDINGS) continue
      const id = (values as { id?: unknown }).id
      const key = typeof id === 'string' ? `${record} ${id}` : `${record} #${records.size}`
      if (!records.has(key)) records.set(key, { record, seen, values: values as Record<string, unknown> })
    }
  }
  return [...records.values()]
}
