/**
 * The served bytes of the OpenAPI documents (GET /api/openapi.json and its YAML and 3.0 variants) and of the
 * shipped copies in fixtures/. Loaded when a document is first asked for; YAML's library only for YAML.
 */
import type { ApiSurface } from '../../api-surface.ts'
import { memoByKey, once } from '../../memo.ts'
import type { ResolvedProfile } from '../../profile.ts'
import { reply, type Reply } from '../../reply/reply.ts'
import { openApiDocument, type OpenApiVersion } from './document.ts'
import { documentProfile, profiled, type DocumentProfile } from './profiled.ts'

export type DocumentFormat = 'json' | 'yaml'

/** Media types of OpenAPI documents (registered by the OpenAPI Initiative). */
export const OPENAPI_MEDIA_TYPES: Record<DocumentFormat, string> = {
  json: 'application/openapi+json',
  yaml: 'application/openapi+yaml',
}

/**
 * `servers` of the copies shipped in the package (`workspace-api-mock/openapi.json`, fixtures/): the demo
 * server's default address, where `npx workspace-api-mock` answers.
 */
export const SHIPPED_SERVER = 'http://127.0.0.1:4010'

/** The shipped copies, by file name under fixtures/. */
export const SHIPPED_DOCUMENTS = { 'openapi.json': 'json', 'openapi.yaml': 'yaml' } as const

const yaml = once(() => import('yaml'))

/**
 * The document as text: JSON indented by two spaces, or YAML (block style, keys in the same order); with
 * what a behaviour profile changes in it, if anything.
 */
export async function openApiText(
  version: OpenApiVersion,
  format: DocumentFormat,
  server: string,
  surface: ApiSurface,
  profile?: DocumentProfile,
): Promise<string> {
  const built = openApiDocument(version, server, surface)
  const document = profile ? profiled(built, profile) : built
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`
  const { stringify } = await yaml()
  return stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })
}

const encoder = new TextEncoder()

/** Per document, server and profile, bounded: in a server the origin comes from the client's Host header. */
function documentBytes(surface: ApiSurface) {
  return memoByKey(
    (key: string): Promise<Uint8Array> => {
      const [version, format, server, profile] = key.split(' ') as [OpenApiVersion, DocumentFormat, string, string | undefined]
      const changes = profile === undefined ? undefined : (JSON.parse(profile) as DocumentProfile)
      return openApiText(version, format, server, surface, changes).then((text) => encoder.encode(text))
    },
    { limit: 64 },
  )
}

// Per API surface: mocks without operations or fields of their own share one (the default), the others have their own.
const bytesBySurface = new WeakMap<ApiSurface, ReturnType<typeof documentBytes>>()

/**
 * The reply of a document request; `server` is what the document's `servers` names, `surface` the mock's
 * API, `mock` its behaviour profile (what it changes in the document is worked out here, in this lazily loaded module: the
 * profiled-document code is then no chunk of its own that a browser bundle would split its eager code for).
 */
export async function openApiReply(
  version: OpenApiVersion,
  format: DocumentFormat,
  server: string,
  mock: ResolvedProfile,
  surface: ApiSurface,
): Promise<Reply> {
  const profile = documentProfile(mock)
  let bytesOf = bytesBySurface.get(surface)
  if (bytesOf === undefined) bytesBySurface.set(surface, (bytesOf = documentBytes(surface)))
  // A URL holds no space, nor does JSON.stringify's output: the key splits back into its parts.
  const bytes = await bytesOf(`${version} ${format} ${server}${profile ? ` ${JSON.stringify(profile)}` : ''}`)
  return reply(200, { 'Content-Type': OPENAPI_MEDIA_TYPES[format] }, [bytes])
}
