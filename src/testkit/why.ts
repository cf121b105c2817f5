/**
 * `why` of a journal entry: why the mock answered as it did, built from the notes the pipeline kept
 * (src/handlers/trace.ts) when the journal is read. The API's answers never say it: a workspace of another
 * organization is a 404 like a missing one; the journal, which is the developer's, tells them apart.
 */
import type { JournalRecord } from '../handlers/ports.ts'
import { RECORD_IDS_SHOWN, type FaultDescription, type LiveNote, type LookupReason, type PageNote, type ProblemNote } from '../handlers/trace.ts'
import { MAX_URL_LENGTH } from '../handlers/limits.ts'
import { specPath } from '../handlers/path-syntax.ts'
import type { CollectionName } from '../model/database.ts'
import type { ErrorDetail } from '../model/schemas.ts'

/** Why one request was answered as it was. */
export interface Why {
  /** Where routing sent it: an operation, or one of the `/api` fallbacks (404, 405, OPTIONS, 414). */
  route: WhyRoute
  /** Who called, or why authentication refused the caller, or why it was not checked. */
  caller: WhyCaller
  /** What decided the answer. */
  decision: WhyDecision
  /** The profile knobs that applied, by name (`paging.pageSize`, `problemTitles`, ...), with their values. */
  profile: Record<string, unknown>
  /** Latency faults that delayed the request, with the milliseconds drawn. */
  delays: Array<{ fault: FaultRule; ms: number }>
  /** Records the operation read, by collection, in the order it read them. */
  read: WhyRecords[]
  /** Records the operation wrote. */
  written: WhyRecords[]
  /**
   * The request went to the live service (the mock's `live` option): in which mode, where, how long it
   * took, whose answer the client got, and how the service's answer differs from the mock's (`drift`).
   */
  live?: LiveNote
  /** The page a paged list answered (or found past the end): its number and size, and how many records in all. */
  page?: WhyPage
}

/** A page of a paged list: the last page is `ceil(total / pageSize)` (1 when there is none). */
export type WhyPage = PageNote

export type WhyRoute =
  | { kind: 'operation'; operation: string; method: string; path: string }
  /** No operation at the path (404). */
  | { kind: 'no-operation' }
  /** Operations at the path, none for the method (405 with `Allow`). */
  | { kind: 'method-not-allowed'; allow: string[] }
  /** OPTIONS on a path of the API (204 with `Allow`). */
  | { kind: 'options'; allow: string[] }
  /** A URL longer than the mock reads (414). */
  | { kind: 'uri-too-long'; limit: number }

export type WhyCaller =
  | { kind: 'authenticated'; apiKey: string; account: string; organization: string }
  | { kind: 'refused'; reason: 'missing-header'; missing: string[] }
  /** No account has the X-API-Key sent. */
  | { kind: 'refused'; reason: 'unknown-key' }
  /** The key is `account`'s; the secret is not. */
  | { kind: 'refused'; reason: 'secret-mismatch'; account: string }
  /** Not checked: a public operation (schemas, icons, the OpenAPI document), no operation, or a fault answered first. */
  | { kind: 'not-checked'; because: 'public-operation' | 'no-operation' | 'fault' }

/** A fault's rule, as `faults.list()` describes it (without its hit count). */
export type FaultRule = Omit<FaultDescription, 'hits'>

export type WhyDecision =
  /** An injected fault answered (fail, disconnect, rate limit). */
  | { kind: 'fault'; fault: FaultRule }
  /** An override (`api.override`) answered. */
  | { kind: 'override' }
  /** The live service answered (`live` says where and how). */
  | { kind: 'live' }
  /** Authentication refused the caller (401; `caller` says why). */
  | { kind: 'authentication' }
  /**
   * Parameters or body broke the schema (422): the problems with their locations, the first
   * WHY_PROBLEMS_SHOWN of them (the answer lists every one), and how many in all.
   */
  | { kind: 'validation'; problems: ErrorDetail[]; count: number }
  /** The body could not be read as JSON (400, 413, 415). */
  | { kind: 'body'; detail: string }
  /** A record was not shown (404): missing, another organization's, or outside the workspace of X-Workspace-ID. */
  | { kind: 'lookup'; collection: 'workspaces' | 'applications'; id: string; reason: LookupReason; workspace?: string }
  /** Routing answered (`route` says how). */
  | { kind: 'route' }
  /** The operation itself: its answer, or a refusal of its own (`detail`). */
  | { kind: 'operation'; detail?: string }
  /** The kit failed (a contract violation in strict mode, a bug): 500. */
  | { kind: 'error'; detail: string }

/** Records of one collection. */
export interface WhyRecords {
  collection: CollectionName
  /** Their ids, at most RECORD_IDS_SHOWN of them. */
  ids: string[]
  /** How many in all. */
  count: number
}

export { RECORD_IDS_SHOWN }
/** Problems a validation decision lists; `count` says how many there were. */
export const WHY_PROBLEMS_SHOWN = 100

/** The `why` of a kept record (`problems`: how many problems it had; it keeps the first WHY_PROBLEMS_SHOWN). */
export function whyOf(record: JournalRecord, problems: number): Why {
  const { problem } = record
  const fault = answeringFault(record)
  const [read, written] = recordsOf(record.records)
  const { live } = record
  // The service's answer: the mock's profile took no part in it.
  const byService = live?.served === 'service'
  const decision: WhyDecision = byService ? { kind: 'live' } : decisionOf(record, problem, fault, problems)
  return {
    route: routeOf(record, problem),
    caller: callerOf(record, problem, fault),
    decision,
    profile: byService ? {} : knobsOf(record, decision, read, written),
    delays: (record.faults ?? []).filter(({ delay }) => delay !== undefined).map(({ fault, delay }) => ({ fault: ruleOf(fault), ms: delay! })),
    read,
    written,
    ...(live && { live }),
    ...(record.page && { page: { ...record.page } }),
  }
}

/** The `why` of a record the journal does not keep (a coverage collector's), its problems bounded as the journal bounds them. */
export function whyOfAnswered(record: JournalRecord): Why {
  const errors = record.problem?.errors
  if (errors === undefined || errors.length <= WHY_PROBLEMS_SHOWN) return whyOf(record, errors?.length ?? 0)
  return whyOf({ ...record, problem: { ...record.problem!, errors: errors.slice(0, WHY_PROBLEMS_SHOWN) } }, errors.length)
}

function ruleOf(fault: FaultDescription): FaultRule {
  const { hits: _, ...rule } = fault
  return rule
}

/** The fault that answered: the last one that acted, unless it only delayed. */
function answeringFault(record: JournalRecord): FaultDescription | undefined {
  const last = record.faults?.at(-1)
  return last && last.delay === undefined ? last.fault : undefined
}

function routeOf(record: JournalRecord, problem: ProblemNote | undefined): WhyRoute {
  const { operation } = record
  if (operation) return { kind: 'operation', operation: operation.name, method: operation.method, path: specPath(operation.path) }
  if (record.status === 414) return { kind: 'uri-too-long', limit: MAX_URL_LENGTH }
  if (record.status === 405) return { kind: 'method-not-allowed', allow: methods(problem?.allow) }
  const answer = record.answer
  if (record.status === 204 && answer && !(answer instanceof Response)) return { kind: 'options', allow: methods(answer.headers.Allow) }
  return { kind: 'no-operation' }
}

function methods(allow: string | undefined): string[] {
  return allow ? allow.split(', ') : []
}

function callerOf(record: JournalRecord, problem: ProblemNote | undefined, fault: FaultDescription | undefined): WhyCaller {
  const { principal } = record
  if (principal) return { kind: 'authenticated', apiKey: principal.apiKey, account: principal.id, organization: principal.organization }
  const why = problem?.why
  if (why?.kind === 'authentication') {
    const { kind: _, ...refusal } = why
    return { kind: 'refused', ...refusal }
  }
  if (!record.operation) return { kind: 'not-checked', because: 'no-operation' }
  if (fault) return { kind: 'not-checked', because: 'fault' }
  return { kind: 'not-checked', because: 'public-operation' }
}

function decisionOf(record: JournalRecord, problem: ProblemNote | undefined, fault: FaultDescription | undefined, problems: number): WhyDecision {
  if (fault) return { kind: 'fault', fault: ruleOf(fault) }
  const why = problem?.why
  if (why?.kind === 'error') return { kind: 'error', detail: problem!.detail }
  if (record.overridden) return { kind: 'override' }
  if (!record.operation) return { kind: 'route' }
  if (!problem) return { kind: 'operation' }
  switch (why?.kind) {
    case 'authentication':
      return { kind: 'authentication' }
    case 'lookup': {
      const { kind: _, ...lookup } = why
      return { kind: 'lookup', ...lookup }
    }
    case 'body':
      return { kind: 'body', detail: problem.detail }
  }
  if (problem.status === 422 && problem.errors) return { kind: 'validation', problems: problem.errors, count: problems }
  return { kind: 'operation', detail: problem.detail }
}

/** Read and written records, grouped by collection in the order first touched. */
function recordsOf(notes: readonly unknown[] | undefined): [WhyRecords[], WhyRecords[]] {
  const groups = { read: [] as WhyRecords[], written: [] as WhyRecords[] }
  for (let i = 0; notes && i < notes.length; i += 3) {
    const list = groups[notes[i] as 'read' | 'written']
    const collection = notes[i + 1] as CollectionName
    const records = notes[i + 2] as { id: string } | readonly { id: string }[]
    const many: readonly { id: string }[] = Array.isArray(records) ? records : [records]
    let group = list.find((found) => found.collection === collection)
    if (!group) list.push((group = { collection, ids: [], count: 0 }))
    for (const { id } of many) {
      if (group.ids.includes(id)) continue
      group.count++
      if (group.ids.length < RECORD_IDS_SHOWN) group.ids.push(id)
    }
  }
  return [groups.read, groups.written]
}

/** The profile's knobs that took part in the answer, with their values. */
function knobsOf(record: JournalRecord, decision: WhyDecision, read: WhyRecords[], written: WhyRecords[]): Record<string, unknown> {
  const { profile } = record
  const knobs: Record<string, unknown> = {}
  if (!profile) return knobs
  for (const parameter of record.operation?.contract?.parameters ?? []) {
    if (parameter.name === 'current_page') knobs['paging.currentPage'] = profile.paging.currentPage
    if (parameter.name === 'page_size') knobs['paging.pageSize'] = profile.paging.pageSize
  }
  for (const knob of record.knobs ?? []) knobs[knob] = profile[knob]
  const workspaces = [...read, ...written].some((group) => group.collection === 'workspaces')
  if (workspaces || (decision.kind === 'lookup' && decision.collection === 'workspaces')) knobs['idPrefix.workspace'] = profile.idPrefix.workspace
  if (record.method === 'HEAD') knobs.head = profile.head
  if (decision.kind === 'authentication') knobs.wwwAuthenticate = profile.wwwAuthenticate
  if (record.problem) knobs.problemTitles = profile.problemTitles
  return knobs
}
