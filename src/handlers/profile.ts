/**
 * The behaviour profile: the decisions of the mock that are plain values (bounds, defaults, a header's
 * presence, how HEAD is answered, the style of problem titles, the workspace id prefix, the status of a
 * page past the end), as one option.
 * `workspace-api-mock verify --profile-out` writes one from what a live service does, so the mock can adopt
 * it. The schema is the single source of the type, the validation and fixtures/profile.schema.json.
 */
import { described, z } from '../model/zod.ts'

const bound = (what: string) => described(z.optional(z.int().check(z.minimum(0), z.maximum(1_000_000))), { description: what })

const paging = (name: string) =>
  z.optional(
    z.strictObject({
      default: bound(`${name} when the query has none`),
      min: bound(`smallest ${name} accepted (below it: 422)`),
      max: bound(`largest ${name} accepted (above it: 422)`),
    }),
  )

export const profileSchema = described(
  z.strictObject({
    $schema: z.optional(z.string()),
    paging: z.optional(z.strictObject({ currentPage: paging('current_page'), pageSize: paging('page_size') })),
    idPrefix: z.optional(
      z.strictObject({
        workspace: described(z.optional(z.enum(['wse', 'app'])), { description: 'prefix of the id field of workspace records' }),
      }),
    ),
    head: described(z.optional(z.enum(['method-not-allowed', 'get'])), {
      description: 'HEAD on a GET path: 405 with Allow, or the GET answer without its body',
    }),
    problemTitles: described(z.optional(z.enum(['go', 'rfc9110'])), {
      description: "problem title: Go's http.StatusText (Unprocessable Entity) or RFC 9110's reason phrase (Unprocessable Content)",
    }),
    wwwAuthenticate: described(z.optional(z.boolean()), { description: 'whether a 401 carries WWW-Authenticate' }),
    pastTheEnd: described(z.optional(z.enum(['empty-page', 'not-found'])), {
      description: 'a page of applications past the last one: 200 with empty data, or a 404 problem',
    }),
  }),
  { title: 'Profile', description: 'Behaviour profile of workspace-api-mock: every knob optional, absent knobs keep the default' },
)

/** A profile as written in a file or passed as the `profile` option: every knob optional. */
export type Profile = z.infer<typeof profileSchema>

export interface PagingBounds {
  readonly default: number
  readonly min: number
  readonly max: number
}

/** A profile with every knob set. */
export interface ResolvedProfile {
  readonly paging: { readonly currentPage: PagingBounds; readonly pageSize: PagingBounds }
  readonly idPrefix: { readonly workspace: 'wse' | 'app' }
  readonly head: 'method-not-allowed' | 'get'
  readonly problemTitles: 'go' | 'rfc9110'
  readonly wwwAuthenticate: boolean
  readonly pastTheEnd: 'empty-page' | 'not-found'
}

/** Today's behaviour: the profile of a mock created without one. */
export const DEFAULT_PROFILE: ResolvedProfile = {
  paging: { currentPage: { default: 1, min: 1, max: 1000 }, pageSize: { default: 10, min: 10, max: 100 } },
  idPrefix: { workspace: 'wse' },
  head: 'method-not-allowed',
  problemTitles: 'go',
  wwwAuthenticate: true,
  pastTheEnd: 'empty-page',
}

/** A profile that does not fit the schema: the message names the key. */
export class ProfileError extends Error {
  readonly key: string
  constructor(key: string, reason: string) {
    super(`profile: ${key}: ${reason}`)
    this.name = 'ProfileError'
    this.key = key
  }
}

/** Checks a profile (any value, e.g. parsed JSON) and fills in the defaults; throws `ProfileError`. */
export function resolveProfile(value: unknown, workspaceIdPrefix: 'wse' | 'app' = 'wse'): ResolvedProfile {
  const result = profileSchema.safeParse(value ?? {})
  if (!result.success) {
    const issue = result.error.issues[0]!
    throw new ProfileError(issue.path.join('.') || '(profile)', issue.message)
  }
  const given = result.data
  const resolved: ResolvedProfile = {
    paging: {
      currentPage: { ...DEFAULT_PROFILE.paging.currentPage, ...given.paging?.currentPage },
      pageSize: { ...DEFAULT_PROFILE.paging.pageSize, ...given.paging?.pageSize },
    },
    idPrefix: { workspace: given.idPrefix?.workspace ?? workspaceIdPrefix },
    head: given.head ?? DEFAULT_PROFILE.head,
    problemTitles: given.problemTitles ?? DEFAULT_PROFILE.problemTitles,
    wwwAuthenticate: given.wwwAuthenticate ?? DEFAULT_PROFILE.wwwAuthenticate,
    pastTheEnd: given.pastTheEnd ?? DEFAULT_PROFILE.pastTheEnd,
  }
  for (const key of ['currentPage', 'pageSize'] as const) {
    const { min, max, default: fallback } = resolved.paging[key]
    if (min > max) throw new ProfileError(`paging.${key}.min`, `${min} is above max ${max}`)
    if (fallback < min || fallback > max) throw new ProfileError(`paging.${key}.default`, `${fallback} is outside ${min}..${max}`)
  }
  return resolved
}
