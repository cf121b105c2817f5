/** `node:fs` for the executable's bundle: packaged files (packaged-files.ts) first, the disk for every other path. */
import * as fs from 'node:fs'
import { isPackagedPath, noSuchFile, packagedFile } from './packaged-files.ts'

export * from 'node:fs'

export function existsSync(path: fs.PathLike): boolean {
  return isPackagedPath(path) ? packagedFile(path) !== undefined : fs.existsSync(path)
}

export const readFileSync = ((...args: Parameters<typeof fs.readFileSync>) => {
  const [path, options] = args
  if (!isPackagedPath(path)) return fs.readFileSync(...args)
  const bytes = packagedFile(path)
  if (!bytes) throw noSuchFile(path, 'open')
  const encoding = typeof options === 'string' ? options : options?.encoding
  return encoding ? bytes.toString(encoding) : bytes
}) as typeof fs.readFileSync
