import { DEFAULT_ASSETS_ORIGIN, type ResolvedFactoryOptions } from '../factories/factories.ts'
import type { ApiSurface } from '../handlers/api-surface.ts'
import type { Operation } from '../handlers/operation.ts'
import { normalizeBaseUrl } from './base-url.ts'
import type { MockApiOptions } from './mock-api.ts'
import { surfaceOf } from './mock-surface.ts'

/**
 * Not public API: `createMockApi`'s options resolved once, for the initial state and the mock alike:
 * defaults applied, `baseUrl` normalized, operations and fields checked into the API surface.
 */
export interface ResolvedMockOptions {
  readonly seed: number
  readonly baseUrl: string | undefined
  readonly surface: ApiSurface<Operation>
  /** What the mock's scenarios and factories are built with besides the seed (its fields checked). */
  readonly build: Omit<ResolvedFactoryOptions, 'seed'> & { readonly assetsOrigin: string }
}

export function resolveMockOptions(options: MockApiOptions): ResolvedMockOptions {
  const baseUrl = normalizeBaseUrl(options.baseUrl)
  const surface = surfaceOf(options)
  return {
    seed: options.seed ?? 1,
    baseUrl,
    surface,
    build: {
      assetsOrigin: options.assetsOrigin ?? baseUrl ?? DEFAULT_ASSETS_ORIGIN,
      accessTypes: options.accessTypes,
      protocols: options.protocols,
      fields: surface.model.fields,
    },
  }
}
