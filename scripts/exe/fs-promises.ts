/** `node:fs/promises` for the executable's bundle: packaged files (packaged-files.ts) first, the disk for every other path. */
import * as fs from 'node:fs/promises'
import { isPackagedPath, noSuchFile, packagedFile } from './packaged-files.ts'

export * from 'node:fs/promises'

export const readFile = (async (...args: Parameters<typeof fs.readFile>) => {
  const [path, options] = args
  if (!isPackagedPath(path)) return fs.readFile(...args)
  const bytes = packagedFile(path)
  if (!bytes) throw noSuchFile(path, 'open')
  const encoding = typeof options === 'string' ? options : options?.encoding
  return encoding ? bytes.toString(encoding) : bytes
}) as typeof fs.readFile
