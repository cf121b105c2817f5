/**
 * `--profile-out`: the knobs of the profile where the target differs from the mock, with the target's
 * values. A bound that differs is searched for (a few more requests, at the same pace); everything else is
 * read from the answers the checks already hold.
 */
import { ProfileError, resolveProfile, type Profile, type ResolvedProfile } from '../handlers/profile.ts'
import { statusTitle, type TitleStyle } from '../handlers/reply/problem.ts'
import type { Side } from './client.ts'
import type { Report } from './run.ts'

/** The largest value the service accepts, below the hard limit of the profile schema. */
const CEILING = 1_000_000

type Paging = NonNullable<Profile['paging']>

export interface ProfileInput {
  report: Report
  profile: ResolvedProfile
  /** The profile the run was judged with: kept, and the differences added to it. */
  given: Profile | undefined
  target: Side
  workspaceId: string | undefined
}

export interface ObservedProfile {
  /** The profile to write: the given one, plus every difference a knob adopts; `--profile` takes it. */
  profile: Profile
  /** Differences no knob can adopt (a value outside what a profile takes), in words. */
  unadoptable: string[]
}

export async function observedProfile(input: ProfileInput): Promise<ObservedProfile> {
  const { report, profile, given } = input
  const check = (id: string) => report.checks.find((candidate) => candidate.id === id)
  const differs = (id: string) => check(id)?.verdict === 'differs'
  const knobs: Profile[] = []
  const paging = await pagingOf(input, differs, (id) => check(id)?.observed)
  for (const key of ['currentPage', 'pageSize'] as const) if (paging?.[key]) knobs.push({ paging: { [key]: paging[key] } })
  if (differs('methods.head.status')) knobs.push({ head: check('methods.head.status')!.observed === '200' ? 'get' : 'method-not-allowed' })
  if (differs('paging.past-the-end.status')) knobs.push({ pastTheEnd: check('paging.past-the-end.status')!.observed === '404' ? 'not-found' : 'empty-page' })
  if (differs('auth.no-credentials.www-authenticate')) knobs.push({ wwwAuthenticate: check('auth.no-credentials.www-authenticate')!.observed !== '(absent)' })
  const prefix = /^(wse|app)_/.exec(check('workspaces.list.id-shape')?.observed ?? '')?.[1] as 'wse' | 'app' | undefined
  if (differs('workspaces.list.id-shape') && prefix) knobs.push({ idPrefix: { workspace: prefix } })
  const titles = titleStyle(report)
  if (titles && titles !== profile.problemTitles) knobs.push({ problemTitles: titles })
  return adopted(given, knobs)
}

/**
 * The given profile with each knob added that keeps it one `--profile` takes (a bound the schema allows, min
 * not above max, the default between them); the others are differences no knob adopts.
 */
function adopted(given: Profile | undefined, knobs: readonly Profile[]): ObservedProfile {
  let profile: Profile = { ...given }
  const unadoptable: string[] = []
  const add = (knob: Profile, alone: boolean): void => {
    const next = withKnob(profile, knob)
    try {
      resolveProfile(next)
      profile = next
    } catch (error) {
      if (!(error instanceof ProfileError)) throw error
      // A paging bound's members one by one: a default out of range must not keep a good max out.
      const members = alone ? [] : pagingMembers(knob)
      if (members.length > 1) members.forEach((member) => add(member, true))
      else unadoptable.push(`${JSON.stringify(knob)}: ${error.message}`)
    }
  }
  for (const knob of knobs) add(knob, false)
  return { profile, unadoptable }
}

/** A paging knob split into one knob per member (`{ paging: { pageSize: { max } } }`, ...). */
function pagingMembers(knob: Profile): Profile[] {
  return Object.entries(knob.paging ?? {}).flatMap(([key, bounds]) =>
    Object.entries(bounds ?? {}).map(([member, value]) => ({ paging: { [key]: { [member]: value } } })),
  )
}

/** `profile` with `knob` set: a paging bound merged into the given one, key by key. */
function withKnob(profile: Profile, knob: Profile): Profile {
  if (!knob.paging) return { ...profile, ...knob }
  const paging: Paging = { ...profile.paging }
  for (const key of ['currentPage', 'pageSize'] as const) if (knob.paging[key]) paging[key] = { ...profile.paging?.[key], ...knob.paging[key] }
  return { ...profile, paging }
}

/** The style every observed problem title follows, if one does. */
function titleStyle(report: Report): TitleStyle | undefined {
  const pairs = report.checks
    .filter((check) => check.id.endsWith('.title') && check.verdict !== 'not-observed')
    .map((check) => {
      const status = report.checks.find((other) => other.id === check.id.replace(/\.title$/, '.status'))?.observed
      return { status: Number(status), title: check.observed }
    })
    .filter((pair) => Number.isInteger(pair.status))
  if (pairs.length === 0) return undefined
  return (['go', 'rfc9110'] as const).find((style) => pairs.every((pair) => statusTitle(pair.status, style) === pair.title))
}

async function pagingOf(
  input: ProfileInput,
  differs: (id: string) => boolean,
  observed: (id: string) => string | undefined,
): Promise<Paging | undefined> {
  const accepted = async (name: string, value: number) => {
    const spec = { method: 'GET', path: `/api/applications?${name}=${value}`, auth: 'valid' as const, headers: { 'X-Workspace-ID': input.workspaceId ?? '' } }
    return isAccepted((await input.target.send(spec)).status)
  }
  // A bound differs when the target refuses the mock's bound, or accepts one past it (not for another status).
  const refusedAt = (id: string) => differs(id) && !isAccepted(Number(observed(id)))
  const acceptedAt = (id: string) => differs(id) && isAccepted(Number(observed(id)))
  const out: Paging = {}
  const defaults = /current_page (\d+), page_size (\d+)/.exec(observed('paging.defaults.paging') ?? '')
  for (const [key, name, index] of [['currentPage', 'current_page', 1], ['pageSize', 'page_size', 2]] as const) {
    const bounds = { ...input.profile.paging[key] }
    const id = (probe: string) => `paging.${name}-${probe}.status`
    const ok = (value: number) => accepted(name, value)
    if (refusedAt(id('at-max'))) bounds.max = await largest(ok, bounds.min, bounds.max - 1)
    else if (acceptedAt(id('above-max'))) bounds.max = await largest(ok, bounds.max + 1, CEILING)
    if (refusedAt(id('at-min'))) bounds.min = await smallest(ok, bounds.min + 1, bounds.max)
    else if (acceptedAt(id('below-min'))) bounds.min = await smallest(ok, 0, bounds.min - 1)
    if (differs('paging.defaults.paging') && defaults) bounds.default = Number(defaults[index])
    const before = input.profile.paging[key]
    const changed = Object.fromEntries((['default', 'min', 'max'] as const).filter((k) => bounds[k] !== before[k]).map((k) => [k, bounds[k]]))
    if (Object.keys(changed).length > 0) out[key] = changed
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/** Whether a paging value was accepted: answered, or a page past the end that a service may call 404. */
function isAccepted(status: number): boolean {
  return status < 400 || status === 404
}

/** The largest value in lo..hi that `ok` accepts (values above it are refused), lo - 1 when none is. */
async function largest(ok: (value: number) => Promise<boolean>, lo: number, hi: number): Promise<number> {
  let best = lo - 1
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (await ok(mid)) {
      best = mid
      lo = mid + 1
    } else {
      hi = mid - 1
    }
  }
  return best
}

/** The smallest value in lo..hi that `ok` accepts (values below it are refused), hi + 1 when none is. */
async function smallest(ok: (value: number) => Promise<boolean>, lo: number, hi: number): Promise<number> {
  let best = hi + 1
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (await ok(mid)) {
      best = mid
      hi = mid - 1
    } else {
      lo = mid + 1
    }
  }
  return best
}
