/**
 * What the package tells about itself at run time: its version and the README's "Decisions where the spec
 * is silent" (the MCP resource). Both files ship in the package; this module is two levels below its root
 * in the sources (src/server/) and in the build (dist/chunks/) alike, and the executable packs them too.
 */
import { readFileSync } from 'node:fs'

const ROOT = new URL('../../', import.meta.url)
const HEADING = '## Decisions where the spec is silent'

export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { version: string }).version
}

/** The README's section, from its heading to the next one. */
export function decisionsTable(): string {
  const readme = readFileSync(new URL('README.md', ROOT), 'utf8')
  const start = readme.indexOf(HEADING)
  if (start === -1) throw new Error(`README.md has no "${HEADING}" section`)
  const end = readme.indexOf('\n## ', start + HEADING.length)
  return readme.slice(start, end === -1 ? undefined : end).trimEnd() + '\n'
}
