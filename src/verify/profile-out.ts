/**
 * `--profile-out`: the knobs of the profile where the target differs from the mock, with the target's
 * values. A bound that differs is searched for (a few more requests, at the same pace); everything else is
 * read from the answers the checks already hold.
 */
import type { Profile, ResolvedProfile } from '../handlers/profile.ts'
import { statusTitle, type TitleStyle } from '../handlers/problem.ts'
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

export async function observedProfile(input: ProfileInput): Promise<Profile> {
  const { report, profile, given } = input
  const check = (id: string) => report.checks.find((candidate) => candidate.id === id)
  const differs = (id: string) => check(id)?.verdict === 'differs'
  const out: Profile = { ...given }
  const paging = await pagingOf(input, differs, (id) => check(id)?.observed)
  if (paging) {
    const merged: Paging = { ...given?.paging }
    for (const key of ['currentPage', 'pageSize'] as const) if (paging[key]) merged[key] = { ...given?.paging?.[key], ...paging[key] }
    out.paging = merged
  }
  if (differs('methods.head.status')) out.head = check('methods.head.status')!.observed === '200' ? 'get' : 'method-not-allowed'
  if (differs('paging.past-the-end.status')) out.pastTheEnd = check('paging.past-the-end.status')!.observed === '404' ? 'not-found' : 'empty-page'
  if (differs('auth.no-credentials.www-authenticate')) out.wwwAuthenticate = check('auth.no-credentials.www-authenticate')!.observed !== '(absent)'
  const prefix = /^(wse|app)_/.exec(check('workspaces.list.id-shape')?.observed ?? '')?.[1] as 'wse' | 'app' | undefined
  if (differs('workspaces.list.id-shape') && prefix) out.idPrefix = { workspace: prefix }
  const titles = titleStyle(report)
  if (titles && titles !== profile.problemTitles) out.problemTitles = titles
  return out
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
