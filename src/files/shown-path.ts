import { isAbsolute, relative } from 'node:path'

/** `path` as a message shows it: relative to the working directory, or whole when it lies outside it. */
export function shownPath(path: string): string {
  const near = relative(process.cwd(), path)
  return near === '' || near.startsWith('..') || isAbsolute(near) ? path : near
}
