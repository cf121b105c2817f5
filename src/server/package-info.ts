/**
 * What the package tells about itself at run time: its version and docs/spec-decisions.md, the decisions
 * where the API's specification is silent (an MCP resource). Both files ship in the package; this module
 * is two levels below its root in the sources (src/server/) and in the build (dist/chunks/) alike, and the
 * executable packs them too.
 */
import { readFileSync } from 'node:fs'

const ROOT = new URL('../../', import.meta.url)

export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { version: string }).version
}

/** docs/spec-decisions.md, whole. */
export function specDecisions(): string {
  return readFileSync(new URL('docs/spec-decisions.md', ROOT), 'utf8')
}
