/**
 * The served OpenAPI documents under a behaviour profile: the paging bounds and defaults the mock answers
 * with, what a page past the end is, and a 401 without `WWW-Authenticate` when the profile leaves it out.
 * The default profile changes nothing (the documents stay byte for byte those of the spec, as shipped).
 */
import { PAGING } from '../../definitions/parameters.ts'
import type { ResolvedProfile } from '../../profile.ts'

/** What a profile changes in the documents; undefined when it changes nothing. */
export interface DocumentProfile {
  paging?: ResolvedProfile['paging']
  wwwAuthenticate?: false
  pastTheEnd?: 'not-found'
}

export function documentProfile(profile: ResolvedProfile): DocumentProfile | undefined {
  // Against PAGING, the documents' own bounds (the default profile's too): an import of profile.ts from the
  // documents' lazy chunk would split a page's eager code.
  const pagingChanged = (['currentPage', 'pageSize'] as const).some((key) => (['min', 'max', 'default'] as const).some((bound) => profile.paging[key][bound] !== PAGING[key][bound]))
  const notFound = profile.pastTheEnd === 'not-found'
  if (!pagingChanged && profile.wwwAuthenticate && !notFound) return undefined
  return {
    ...(pagingChanged ? { paging: profile.paging } : {}),
    ...(profile.wwwAuthenticate ? {} : { wwwAuthenticate: false }),
    ...(notFound ? { pastTheEnd: 'not-found' } : {}),
  }
}

type Json = Record<string, unknown>

/** Applies the profile to a freshly built document (changed in place and returned). */
export function profiled(document: Json, profile: DocumentProfile): Json {
  for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(item)) {
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        const key = (Object.keys(PAGING) as Array<keyof typeof PAGING>).find((k) => PAGING[k].name === parameter.name && parameter.in === 'query')
        if (!key) continue
        if (profile.paging) {
          const { min, max, default: fallback } = profile.paging[key]
          Object.assign(parameter.schema as Json, { minimum: min, maximum: max, default: fallback })
        }
        if (profile.pastTheEnd && key === 'currentPage') {
          parameter.description = String(parameter.description).replace('Past the last page: 200 with empty `data`.', 'Past the last page: 404.')
        }
      }
      const unauthorized = (operation.responses as Record<string, Json>)['401']
      if (profile.wwwAuthenticate === false && unauthorized) delete (unauthorized.headers as Json)['WWW-Authenticate']
    }
  }
  return document
}
