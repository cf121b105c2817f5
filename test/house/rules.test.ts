/**
 * The house's rules (docs/decisions/0003-request-pipeline.md), held over the imports of every file under
 * src/, type-only imports and `import()` included: no import circle; no import from a floor to a higher
 * one; the browser and Storybook entries reach nothing of the server, the commands or Node's built-ins.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { circles, importGraph, reachable } from './import-graph.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * The floors, lowest first: a file may import its own floor and the floors below it. A folder is named
 * with a trailing slash, a file whole; a file of src/ that no floor names fails the test below.
 */
const FLOORS: ReadonlyArray<{ name: string; paths: readonly string[] }> = [
  { name: 'leaves', paths: ['src/text/', 'src/node-version.js'] },
  { name: "files: Node's writing and naming of files", paths: ['src/files/'] },
  // Platform-free (fetch, no Node built-ins): record and verify ask a service with it, and so does `live` in a page.
  { name: 'service-client: how the kit asks a live service', paths: ['src/service-client/'] },
  { name: 'model', paths: ['src/model/'] },
  { name: 'factories', paths: ['src/factories/'] },
  { name: 'scenarios', paths: ['src/scenarios/'] },
  { name: 'handlers', paths: ['src/handlers/'] },
  { name: 'testkit', paths: ['src/testkit/'] },
  { name: "checks: verify's comparisons of an answer, which live's drift makes too", paths: ['src/checks/'] },
  { name: 'live: the service beside the mock', paths: ['src/live/'] },
  { name: 'codegen: the code that follows a service', paths: ['src/codegen/'] },
  { name: 'coverage: what a run\'s mocks answered', paths: ['src/coverage/'] },
  { name: 'api', paths: ['src/api/'] },
  { name: 'contract: the consumer contract (Pact)', paths: ['src/contract/'] },
  { name: 'evidence: what a mock saw during a failed test', paths: ['src/evidence/'] },
  { name: 'wire', paths: ['src/wire/'] },
  { name: 'mock-admin: what a person asks of one mock', paths: ['src/mock-admin/'] },
  { name: 'console-ui: the console and devtools UI', paths: ['src/console-ui/'] },
  { name: 'the platform-free entry and the published client', paths: ['src/index.ts', 'src/exports.ts', 'src/client/'] },
  { name: 'the clients of a service: record and verify', paths: ['src/record/', 'src/verify/'] },
  { name: 'server: its limits', paths: ['src/server/limits.ts', 'src/server/package-info.ts'] },
  { name: 'server: sessions', paths: ['src/server/sessions/'] },
  { name: 'server: console', paths: ['src/server/console/'] },
  { name: 'server: admin', paths: ['src/server/admin/'] },
  { name: 'server: mcp', paths: ['src/server/mcp/'] },
  { name: 'server: the HTTP edge', paths: ['src/server/http/'] },
  { name: 'server', paths: ['src/server/server.ts'] },
  { name: 'entries', paths: ['src/node/', 'src/browser/', 'src/vitest/', 'src/playwright/', 'src/storybook/', 'src/devtools/', 'src/console-page/'] },
  { name: 'the command', paths: ['src/cli/'] },
]

const graph = importGraph(ROOT)

function floorOf(file: string): number {
  return FLOORS.findIndex((floor) => floor.paths.some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path)))
}

describe('the house', () => {
  test('every file of src/ stands on a named floor', () => {
    expect(graph.files.filter((file) => floorOf(file) === -1)).toEqual([])
  })

  test('no import circle, type-only imports and import() included', () => {
    expect(circles(graph)).toEqual([])
  })

  test('no import runs up a floor', () => {
    const upward = graph.edges
      .filter((edge) => floorOf(edge.to) > floorOf(edge.from))
      .map((edge) => `${edge.from} (${FLOORS[floorOf(edge.from)]!.name}) imports ${edge.to} (${FLOORS[floorOf(edge.to)]!.name})`)
    expect(upward).toEqual([])
  })

  // The console's page script runs in a browser too.
  test.each(['src/browser/index.ts', 'src/storybook/index.ts', 'src/devtools/index.ts', 'src/console-page/main.ts'])('%s reaches nothing of the server, the commands or Node', (entry) => {
    const reached = [...reachable(graph, entry)]
    const forbidden = reached.filter((file) => /^src\/(server|cli|verify|record)\//.test(file))
    const builtIns = reached.flatMap((file) => (graph.external.get(file) ?? []).filter((name) => name.startsWith('node:')).map((name) => `${file}: ${name}`))
    expect(forbidden).toEqual([])
    expect(builtIns).toEqual([])
  })

  // What a mock keeps behind its public face is read through named readers (src/api/internals.ts), never
  // taken whole: `internalsOf` is private to that module.
  test('no file but src/api/internals.ts names internalsOf', () => {
    const naming = graph.files.filter((file) => file !== 'src/api/internals.ts' && readFileSync(join(ROOT, file), 'utf8').includes('internalsOf'))
    expect(naming).toEqual([])
  })

  test('the rules can fail: a circle and an upward import are found in a graph that has them', () => {
    const made = {
      files: ['src/model/a.ts', 'src/model/b.ts', 'src/api/c.ts'],
      edges: [
        { from: 'src/model/a.ts', to: 'src/model/b.ts', kind: 'type' as const },
        { from: 'src/model/b.ts', to: 'src/model/a.ts', kind: 'dynamic' as const },
        { from: 'src/model/b.ts', to: 'src/api/c.ts', kind: 'value' as const },
      ],
      external: new Map(),
    }
    expect(circles(made)).toEqual([['src/model/a.ts', 'src/model/b.ts']])
    expect(made.edges.filter((edge) => floorOf(edge.to) > floorOf(edge.from))).toHaveLength(1)
  })
})
