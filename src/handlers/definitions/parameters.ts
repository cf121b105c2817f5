import { z } from '../../model/zod.ts'
import { MAX_ID_LENGTH } from '../../model/ids.ts'
import type { ErrorDetail } from '../../model/schemas.ts'
import type { ParameterSpec } from '../operation-spec.ts'
import type { PagingBounds } from '../profile.ts'
import { validate } from './validation.ts'

/** A path or header identifier: 1 to 36 characters (spec 8). Prefix and hex form are not checked: 404. */
export const identifierParameter = z
  .string()
  .check(z.minLength(1, 'expected a non-empty identifier'), z.maxLength(MAX_ID_LENGTH, `expected length <= ${MAX_ID_LENGTH}`))

const integerParameter = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^-?[0-9]{1,16}$/, 'expected an integer')), z.transform(Number)),
    z.int().check(z.minimum(min, `expected number >= ${min}`), z.maximum(max, `expected number <= ${max}`)),
  )

/** Paging of GET /api/applications: names, bounds (spec 8) and defaults decided for the mock. */
export const PAGING = {
  currentPage: { name: 'current_page', min: 1, max: 1000, default: 1 },
  pageSize: { name: 'page_size', min: 10, max: 100, default: 10 },
} as const

const pageParameters = {
  currentPage: integerParameter(PAGING.currentPage.min, PAGING.currentPage.max),
  pageSize: integerParameter(PAGING.pageSize.min, PAGING.pageSize.max),
}

/** `X-Workspace-ID`, required on both application operations (spec 5; required by decision) and on every operation scoped to a workspace. */
export const WORKSPACE_HEADER: ParameterSpec<typeof identifierParameter> = {
  in: 'header',
  name: 'X-Workspace-ID',
  required: true,
  schema: identifierParameter,
}

/** `current_page` and `page_size` (spec 4.5, 8): bounds and defaults from `PAGING`. */
export const PAGING_PARAMETERS: readonly ParameterSpec[] = [
  {
    in: 'query',
    name: PAGING.currentPage.name,
    required: false,
    schema: pageParameters.currentPage,
    default: PAGING.currentPage.default,
  },
  {
    in: 'query',
    name: PAGING.pageSize.name,
    required: false,
    schema: pageParameters.pageSize,
    default: PAGING.pageSize.default,
  },
]

/** Bounds and defaults of both paging parameters, as a profile sets them. */
export type PagingProfile = { readonly currentPage: PagingBounds; readonly pageSize: PagingBounds }

// A profile's own bounds get schemas of their own, built once per profile object (the default's are above).
const schemasOf = new WeakMap<PagingProfile, typeof pageParameters>()
function parametersOf(paging: PagingProfile | undefined): typeof pageParameters {
  if (paging === undefined) return pageParameters
  let schemas = schemasOf.get(paging)
  if (schemas === undefined) {
    const { currentPage, pageSize } = paging
    schemas = {
      currentPage: integerParameter(currentPage.min, currentPage.max),
      pageSize: integerParameter(pageSize.min, pageSize.max),
    }
    schemasOf.set(paging, schemas)
  }
  return schemas
}

/**
 * `current_page` and `page_size`. An empty value counts as absent (as in Huma); a repeated one is rejected
 * rather than silently picking one of them. `paging`: the profile's bounds and defaults (default `PAGING`'s).
 */
export function pagingQuery(url: URL, errors: ErrorDetail[], paging?: PagingProfile): { currentPage: number; pageSize: number } {
  const schemas = parametersOf(paging)
  const bounds = paging ?? PAGING
  const read = (key: keyof typeof PAGING): number => {
    const { name } = PAGING[key]
    const value = queryValue(url, name, errors)
    return (value === undefined ? undefined : validate(schemas[key], value, `query.${name}`, errors)) ?? bounds[key].default
  }
  return { currentPage: read('currentPage'), pageSize: read('pageSize') }
}

/**
 * A query parameter's value: undefined when absent or empty (as in Huma); a repeated one is rejected
 * (into `errors`) rather than silently picking one of them.
 */
export function queryValue(url: URL, name: string, errors: ErrorDetail[]): string | undefined {
  const values = url.searchParams.getAll(name).filter((v) => v !== '')
  if (values.length > 1) errors.push({ message: 'expected a single value', location: `query.${name}`, value: values })
  return values.length === 1 ? values[0] : undefined
}
