/**
 * The files the demo server reads from its package (the console's script and style sheet, the reference
 * page's renderer, package.json, docs/spec-decisions.md for the MCP decisions resource), served from the
 * single executable's assets.
 *
 * The kit finds them relative to `import.meta.url` (src/server/http/docs-page.ts, src/server/console/assets.ts,
 * src/cli/main.ts). The executable's bundle fixes `import.meta.url` to a file under PACKAGE_ROOT, laid out
 * as dist/ is (bundle.ts), and its `node:fs` imports go through fs.ts and fs-promises.ts, which answer for
 * paths under PACKAGE_ROOT from here and pass every other path to Node. So the kit's sources need no
 * branch of their own for the executable (Node 24's SEA has no virtual file system; 25 has `useVfs`).
 */
import { getAsset, isSea } from 'node:sea'
import { fileURLToPath } from 'node:url'

/** A directory that exists nowhere: the package's root inside the executable. */
export const PACKAGE_ROOT = '/__workspace-api-mock.exe__/'

/** The asset of a path under PACKAGE_ROOT (its key is the path below the root), or undefined for any other path. */
export function packagedFile(path: unknown): Buffer | undefined {
  const name = pathOf(path)
  if (name === undefined || !name.startsWith(PACKAGE_ROOT) || !isSea()) return undefined
  try {
    return Buffer.from(getAsset(name.slice(PACKAGE_ROOT.length)))
  } catch {
    return undefined
  }
}

function pathOf(path: unknown): string | undefined {
  if (typeof path === 'string') return path
  if (path instanceof URL) return path.protocol === 'file:' ? fileURLToPath(path) : undefined
  return undefined
}

/** Node's error for a packaged path with no asset, as `fs` throws it. */
export function noSuchFile(path: unknown, syscall: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`ENOENT: no such file or directory, ${syscall} '${pathOf(path)}'`)
  Object.assign(error, { code: 'ENOENT', errno: -2, syscall, path: pathOf(path) })
  return error
}

/** Whether a path is under PACKAGE_ROOT (a packaged path never falls through to the disk). */
export function isPackagedPath(path: unknown): boolean {
  return pathOf(path)?.startsWith(PACKAGE_ROOT) ?? false
}

/** A packaged file as `readFile` gives it: bytes, or text in the encoding asked for; ENOENT when absent. */
export function readPackaged(path: unknown, options: unknown): Buffer | string {
  const bytes = packagedFile(path)
  if (!bytes) throw noSuchFile(path, 'open')
  const encoding = typeof options === 'string' ? options : (options as { encoding?: BufferEncoding | null } | null | undefined)?.encoding
  return encoding ? bytes.toString(encoding as BufferEncoding) : bytes
}
