/** `node:fs/promises` for the executable's bundle: packaged files (packaged-files.ts) first, the disk for every other path. */
import * as fs from 'node:fs/promises'
import { isPackagedPath, readPackaged } from './packaged-files.ts'

export * from 'node:fs/promises'

export const readFile = (async (...args: Parameters<typeof fs.readFile>) => {
  const [path, options] = args
  return isPackagedPath(path) ? readPackaged(path, options) : fs.readFile(...args)
}) as typeof fs.readFile
