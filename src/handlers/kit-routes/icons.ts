import type { OperationInput } from '../operation.ts'
import { fileParam } from './file-param.ts'
import { memoByKey, once } from '../memo.ts'
import { Problem } from '../reply/problem.ts'
import { reply, type Reply } from '../reply/reply.ts'

/** The icon variants of spec 2.5, by the file-name suffix their URLs end with. */
export const ICON_VARIANTS = ['512.webp', '192.webp', '72.webp', 'original'] as const

export type IconVariant = (typeof ICON_VARIANTS)[number]

/** `<img_id>_<variant>`: an image id (prefix `img_`, at most 36 characters) and a known variant. */
const ICON_FILE = /^(img_[0-9a-f]{1,32})_(512\.webp|192\.webp|72\.webp|original)$/

// The images (small WebP files from fixtures/icons, embedded in icon-data.ts) are loaded when an icon is
// first asked for, not at import: most tests never ask, and in a browser bundle they are a lazy chunk.
const iconData = once(() => import('./icon-data.ts'))

/** The bytes of a variant, decoded once. */
export const iconBytes = memoByKey(async (variant: IconVariant): Promise<Uint8Array<ArrayBuffer>> => {
  const { ICON_BASE64 } = await iconData()
  const binary = atob(ICON_BASE64[variant])
  const bytes = new Uint8Array(binary.length)
  // Stryker disable next-line EqualityOperator: same-value
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
})

/**
 * GET /api/icons/<img_id>_<512.webp|192.webp|72.webp|original> (file-routes.ts): the images the `icons`
 * URLs of records point at. Public (an `<img>` sends no API headers); every image id gets the same artwork.
 */
export async function iconReply({ params }: OperationInput): Promise<Reply> {
  const file = fileParam(params)
  const match = ICON_FILE.exec(file)
  if (!match) throw new Problem(404, `no icon named ${file}`)
  const bytes = await iconBytes(match[2] as IconVariant)
  return reply(200, { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=86400' }, [bytes])
}
