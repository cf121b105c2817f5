import type { Icons } from './schemas.ts'

/** The origin icon URLs point at when none is given: the demo server's default address. */
export const DEFAULT_ASSETS_ORIGIN = 'http://localhost:4010'

/** Spec 2.5: the four icon URLs of one image, served by the mock under `<origin>/api/icons/`. */
export function iconUrls(origin: string, imageId: string): Icons {
  const stem = `${origin}/api/icons/${imageId}`
  return {
    base: `${stem}_512.webp`,
    medium: `${stem}_192.webp`,
    small: `${stem}_72.webp`,
    original: `${stem}_original`,
  }
}
