/**
 * A verify run: discover a workspace and an application on each side, send every probe to the target and
 * to the reference mock (same profile), and compare each aspect of the two answers.
 */
import { createMockApi } from '../api/create-mock-api.ts'
import { servedSurfaceOf } from '../api/internals.ts'
import type { DefinedOperation } from '../handlers/definitions/define-operation.ts'
import type { RecordFields } from '../model/fields.ts'
import { judgeOf, type Judge } from '../checks/openapi-judge.ts'
import { resolveProfile, type Profile, type ResolvedProfile } from '../handlers/profile.ts'
import { REDACTED } from '../testkit/journal.ts'
import { kept } from '../text/check-line.ts'
import { shown } from '../text/terminal-text.ts'
import { ASPECTS, type AspectName, type Discovered } from '../checks/aspects.ts'
import type { ApiSurface } from '../handlers/api-surface.ts'
import { referenceSide, targetSide, TargetError, type Answer, type Credentials, type Fetch, type RequestSpec, type Side } from './client.ts'
import { probesOf, type Probe, type ProbeContext } from './probes.ts'
import type { Check, Report, Verdict } from './report-format.ts'

export interface VerifyOptions {
  /** Base URL of the service, without `/api`. */
  target: string
  credentials: Credentials
  /** The workspace to read (and, with `write`, to update) instead of the first one with applications. */
  workspaceId?: string
  write: boolean
  /** The profile the mock is judged with (default: today's behaviour). */
  profile?: Profile
  /** Operations of your own the mock serves too (`--operations`): probed, and judged by the mock's document. */
  operations?: readonly DefinedOperation[]
  /** Fields of your own the mock's records have (`--operations`' `fields`). */
  fields?: RecordFields
  /** Requests a second to the target. */
  rate: number
  /** Milliseconds each request to the target may take, its answer read whole. */
  timeout: number
  /** Most bytes of one answer of the target, decompressed (default MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number
  /** How requests reach the target; default `fetch` (tests hold an in-process mock's `api.handle` with it). */
  fetch?: Fetch
  /** Told each check as soon as it is judged (redacted, as the report has it): the command prints it then. */
  onCheck?: (check: Check) => void
  /** Told each answer of the target, with the probe and the request (`--operations-out` reads records from them). */
  onTargetAnswer?: TargetAnswerHook
}

export type TargetAnswerHook = (probe: Probe, request: RequestSpec, answer: Answer) => void

export type { Check, Report, Verdict } from './report-format.ts'
export { MAX_CHECK_VALUE } from '../text/check-line.ts'

export interface VerifyResult {
  report: Report
  /** The target's side: sends more requests (the profile's bound searches) at the same pace. */
  target: Side
  profile: ResolvedProfile
  /** The target's workspace the paging probes read. */
  workspaceId: string | undefined
  /** What `--write` wrote, in words. */
  wrote: string[]
  /** The target's workspace the write probes updated (as it answered), with `--write`. */
  writeTo: Record<string, unknown> | undefined
  /** The API the reference mock serves (its operations and fields of your own included). */
  surface: ApiSurface
}

/** Where the reference mock answers (in-process: no request leaves the process). */
const REFERENCE_BASE = 'http://reference.invalid'

export async function runVerify(options: VerifyOptions): Promise<VerifyResult> {
  const startedAt = new Date().toISOString()
  const profile = resolveProfile(options.profile)
  const target = targetSide(options)
  // The target first: a base URL it cannot use is reported before the reference is built.
  const targetFound = await discover(target, options.workspaceId, options.write, true)
  // As the demo server runs it: contract-strict mode is a test-runner aid, and nobody reads this journal.
  const api = createMockApi({
    scenario: 'demo',
    seed: 1,
    baseUrl: REFERENCE_BASE,
    profile: options.profile,
    operations: options.operations,
    fields: options.fields,
    strict: false,
    journalLimit: 0,
  })
  await api.ready
  const reference = referenceSide(api, REFERENCE_BASE)
  const sides = {
    target: { side: target, found: targetFound },
    reference: { side: reference, found: await discover(reference, undefined, false, false) },
  }
  const checks: Check[] = []
  const wrote: string[] = []
  const surface = servedSurfaceOf(api)
  const judge = judgeOf(surface)
  for (const probe of probesOf(options.write, surface)) {
    for (const check of await runProbe(probe, sides, { profile, judge, onTargetAnswer: options.onTargetAnswer }, wrote)) {
      const redacted = redact(check, options.credentials.apiSecret)
      checks.push(redacted)
      options.onCheck?.(redacted)
    }
  }
  const report = { target: options.target, startedAt, score: scoreOf(checks), checks }
  return { report, target, profile, workspaceId: targetFound.workspaceId, wrote, writeTo: targetFound.writeTo, surface }
}

type Sides = Record<'target' | 'reference', { side: Side; found: Discovered }>

interface ProbeRun {
  profile: ResolvedProfile
  judge: Judge
  onTargetAnswer: TargetAnswerHook | undefined
}

async function runProbe(probe: Probe, sides: Sides, { profile, judge, onTargetAnswer }: ProbeRun, wrote: string[]): Promise<Check[]> {
  const context = (found: Discovered): ProbeContext => ({ ...found, profile })
  const targetSpec = probe.request(context(sides.target.found))
  const referenceSpec = probe.request(context(sides.reference.found))
  const answers: Partial<Record<'target' | 'reference', Answer>> = {}
  for (const name of ['reference', 'target'] as const) {
    const spec = name === 'target' ? targetSpec : referenceSpec
    if (spec === undefined) continue
    const answer = await sides[name].side.send(spec)
    probe.after?.(answer.json, sides[name].found)
    answers[name] = answer
    if (name === 'target' && probe.write && answer.status < 300) wrote.push(`${spec.method} ${spec.path}`)
    if (name === 'target') onTargetAnswer?.(probe, spec, answer)
  }
  const shown = targetSpec ?? referenceSpec
  const request = { method: shown?.method ?? 'GET', path: shortPath(shown?.path ?? '') }
  return (Object.entries(probe.checks) as Array<[AspectName, string]>).map(([aspect, topic]) => {
    const read = (name: 'target' | 'reference') => {
      const answer = answers[name]
      return answer && ASPECTS[aspect](answer, sides[name].found, probe.operation, judge)
    }
    const expected = read('reference')
    const observed = read('target')
    const verdict: Verdict = expected === undefined || observed === undefined ? 'not-observed' : expected === observed ? 'same' : 'differs'
    const names = verdict === 'differs' && NAME_LISTS.has(aspect) ? difference(expected!, observed!) : undefined
    return { id: `${probe.id}.${aspect}`, topic, request, expected: kept(expected), observed: kept(observed), verdict, ...names }
  })
}

/** The aspects whose value is a list of names (aspects.ts): a field set per record shape, component names, error locations. */
const NAME_LISTS = new Set<AspectName>(['fields', 'component-names', 'error-locations'])

/** Most names a check lists as added or as missing; past them, `… and N more`. */
export const MAX_LISTED_NAMES = 50

/**
 * The names only the target shows and those it lacks, or nothing when both show the same names (then
 * their order, or how they group into records, differs: `expected` and `observed` say how).
 */
function difference(expected: string, observed: string): Pick<Check, 'added' | 'missing'> | undefined {
  // `(none)`, `(no records)`: no names.
  const names = (value: string) => new Set(/^\(.*\)$/.test(value) ? [] : value.split(/,\s*/))
  const reference = names(expected)
  const target = names(observed)
  const added = [...target].filter((name) => !reference.has(name))
  const missing = [...reference].filter((name) => !target.has(name))
  return added.length + missing.length === 0 ? undefined : { added: listed(added), missing: listed(missing) }
}

/** Names as a check keeps them: each cut as a compared value is, at most MAX_LISTED_NAMES of them. */
function listed(names: string[]): string[] {
  const shown = names.slice(0, MAX_LISTED_NAMES).map((name) => kept(name))
  return names.length > MAX_LISTED_NAMES ? [...shown, `… and ${names.length - MAX_LISTED_NAMES} more`] : shown
}

/** Over-long paths (the 414 probe) are shown cut, with their length. */
function shortPath(path: string): string {
  return path.length <= 120 ? path : `${path.slice(0, 60)}… (${path.length} characters)`
}

/**
 * What a side serves: its first workspace with applications (or the one named), an application of it and
 * their number. The target's first answer also tells a wrong base URL or credentials apart (exit 2).
 */
async function discover(side: Side, workspaceId: string | undefined, write: boolean, isTarget: boolean): Promise<Discovered> {
  const list = await side.send({ method: 'GET', path: '/api/workspaces', auth: 'valid' })
  if (isTarget) usable(list, side.base)
  const data = (list.json as { data?: unknown } | undefined)?.data
  const workspaces = (Array.isArray(data) ? data : []) as Array<Record<string, unknown>>
  const candidates = workspaceId !== undefined ? [workspaceId] : workspaces.slice(0, 5).map((w) => String(w.id))
  let found: Discovered = { base: side.base, workspaceId: candidates[0], applicationId: undefined, total: undefined }
  for (const id of candidates) {
    const page = await side.send({ method: 'GET', path: '/api/applications', auth: 'valid', headers: { 'X-Workspace-ID': id } })
    const body = page.json as { data?: unknown; total?: unknown } | undefined
    if (page.status !== 200 || !body) continue
    const first = Array.isArray(body.data) ? (body.data[0] as { id?: unknown } | undefined) : undefined
    const total = typeof body.total === 'number' ? body.total : undefined
    found = { base: side.base, workspaceId: id, applicationId: typeof first?.id === 'string' ? first.id : undefined, total }
    if (found.applicationId !== undefined) break
  }
  if (write && workspaceId !== undefined) {
    const named = await side.send({ method: 'GET', path: `/api/workspaces/${workspaceId}`, auth: 'valid' })
    if (named.status !== 200) throw new TargetError(`--workspace-id ${workspaceId}: the target answered ${named.status} to GET /api/workspaces/${workspaceId}`)
    found.writeTo = (named.json as { data?: Record<string, unknown> } | undefined)?.data
  }
  return found
}

/** The target's answer to the first request: the API's JSON, with these credentials accepted. */
function usable(answer: Answer, base: string): void {
  const type = shown(answer.headers.get('Content-Type')?.split(';')[0] ?? 'no content type', 80)
  if (answer.status === 401) throw new TargetError(`${base} answered 401 to GET /api/workspaces: check --api-key and --api-secret`)
  if (answer.status >= 300 && answer.status < 400) {
    const location = shown(answer.headers.get('Location') ?? 'nowhere said')
    throw new TargetError(
      `${base} answered ${answer.status} to GET /api/workspaces, a redirect to ${location}: verify does not follow redirects (they would carry the credentials); give the address it redirects to as --target`,
    )
  }
  if (!/json/.test(type)) throw new TargetError(`${base} answered ${type}, not JSON, to GET /api/workspaces: is it the API's base URL (without /api)?`)
  if (answer.status !== 200) throw new TargetError(`${base} answered ${answer.status} to GET /api/workspaces: cannot discover its workspaces`)
}

function redact(check: Check, secret: string): Check {
  if (secret === '') return check
  const clean = (text: string) => text.split(secret).join(REDACTED)
  const names = check.added && { added: check.added.map(clean), missing: check.missing!.map(clean) }
  return { ...check, expected: clean(check.expected), observed: clean(check.observed), ...names }
}

/** The percentage of observed checks that are `same` (one decimal). */
export function scoreOf(checks: readonly Check[]): number {
  const observed = checks.filter((check) => check.verdict !== 'not-observed')
  if (observed.length === 0) return 0
  return Math.round((observed.filter((check) => check.verdict === 'same').length / observed.length) * 1000) / 10
}
