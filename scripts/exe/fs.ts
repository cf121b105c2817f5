/** `node:fs` for the executable's bundle: packaged files (packaged-files.ts) first, the disk for every other path. */
import * as fs from 'node:fs'
import { isPackagedPath, packagedFile, readPackaged } from './packaged-files.ts'

export * from 'node:fs'

export function existsSync(path: fs.PathLike): boolean {
  return isPackagedPath(path) ? packagedFile(path) !== undefined : fs.existsSync(path)
}

export const readFileSync = ((...args: Parameters<typeof fs.readFileSync>) => {
  const [path, options] = args
  return isPackagedPath(path) ? readPackaged(path, options) : fs.readFileSync(...args)
}) as typeof fs.readFileSync
