import { execFileSync } from 'node:child_process'

/**
 * A Node on this machine older than the kit needs (the system's, beside the project's own Node 24), or
 * undefined when there is none.
 */
export function oldNode(): { path: string; version: string } | undefined {
  let paths: string[]
  try {
    paths = execFileSync('which', ['-a', 'node'], { encoding: 'utf8' }).split('\n').filter(Boolean)
  } catch {
    return undefined
  }
  for (const path of paths) {
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
    const [major = 0, minor = 0] = version.split('.').map(Number)
    if (major < 22 || (major === 22 && minor < 12)) return { path, version }
  }
  return undefined
}
