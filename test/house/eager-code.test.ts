/**
 * The browser entry's eager code: what a page loads before the mock's first answer. Bundled as the package
 * builds it (scripts/bundle-options.ts), minified as an app's bundler does, with msw outside (the app has
 * it anyway): the entry's chunk and every chunk it imports statically, each gzipped. The figure tracks
 * what `npm run bench` measures in Chromium as the kit's cost over a plain MSW app (docs/benchmark.md,
 * "Browser entry"), whose goal is +64 KiB; code loaded on demand (the router and the catch-all, the
 * OpenAPI documents, the icons, YAML, strict mode) must stay out of it. The main entry (Node's import,
 * unminified) is held to what must not load with it.
 */
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { build, type OutputChunk } from 'rolldown'
import { beforeAll, expect, test } from 'vitest'
import { bundleOptions } from '../../scripts/bundle-options.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const GOAL_BYTES = 64 * 1024

/** Modules that load on demand: each one eager again would undo a split made for the first answer's sake. */
const LAZY = [
  'src/handlers/routing/matcher.ts',
  'src/handlers/routing/fallback.ts',
  'src/handlers/routing/dispatch.ts',
  'src/handlers/kit-routes/openapi/served-documents.ts',
  'src/handlers/kit-routes/icon-data.ts',
  // The public file routes' answers (file-routes.ts carries the routes): on the first request for a file.
  'src/handlers/kit-routes/icons.ts',
  'src/handlers/kit-routes/schemas.ts',
  'src/testkit/contract.ts',
  // What a fault does to a request, and an override's builders: with the first request one meets.
  'src/testkit/fault-effects.ts',
  'src/testkit/override-tools.ts',
  'src/browser/storage-full.ts',
  // The devtools: the launcher only with `devtools: true`, the panel (the console UI) only once opened.
  'src/devtools/index.ts',
  'src/devtools/panel.ts',
  'src/console-ui/',
  'src/mock-admin/',
  // The evidence reader: the console UI's Scenario tab reads an evidence file.
  'src/evidence/',
  // The live service beside the mock: only with `live` (src/live/load.ts, the hook, is all of it that is eager).
  'src/live/gate.ts',
  'src/live/forward.ts',
  'src/live/drift.ts',
  'src/live/follow.ts',
  'src/live/seen.ts',
  'src/checks/',
  'src/service-client/',
  'node_modules/yaml/',
  'node_modules/zod/v4/core/json-schema',
]

let eager: OutputChunk[]
let lazy: OutputChunk[]
let mainEager: OutputChunk[]

/** The chunks `entry` loads at import (its chunk and every chunk it imports statically), and the others. */
async function split(name: string, source: string, minify: boolean): Promise<{ eager: OutputChunk[]; lazy: OutputChunk[] }> {
  const options = bundleOptions(ROOT, { [name]: source }, 'unused')
  const output = await build({ ...options, write: false, logLevel: 'silent', output: { ...options.output, minify } })
  const chunks = new Map(output.output.filter((item): item is OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]))
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !chunks.has(file)) return
    seen.add(file)
    for (const imported of chunks.get(file)!.imports) visit(imported)
  }
  visit(`${name}.js`)
  return { eager: [...seen].map((file) => chunks.get(file)!), lazy: [...chunks.values()].filter((chunk) => !seen.has(chunk.fileName)) }
}

beforeAll(async () => {
  ;({ eager, lazy } = await split('browser/index', 'src/browser/index.ts', true))
  ;({ eager: mainEager } = await split('index', 'src/index.ts', false))
}, 60_000)

const modulesOf = (chunks: OutputChunk[]) => chunks.flatMap((chunk) => Object.keys(chunk.modules)).map((id) => id.replace(ROOT, ''))

test(`the eager code stays within the goal of ${GOAL_BYTES / 1024} KiB gzipped`, () => {
  const gzipped = eager.reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0)
  console.log(`browser entry, eager code: ${(gzipped / 1024).toFixed(1)} KiB gzipped in ${eager.length} chunks`)
  expect(gzipped).toBeLessThanOrEqual(GOAL_BYTES)
})

test('what loads on demand stays out of the eager code, and is still built', () => {
  const eagerModules = modulesOf(eager)
  const lazyModules = modulesOf(lazy)
  for (const path of LAZY) {
    expect(eagerModules.filter((id) => id.includes(path)), `${path} is eager`).toEqual([])
    expect(lazyModules.some((id) => id.includes(path)), `${path} is built`).toBe(true)
  }
})

test("faker's base locale data and tables, which the kit never reads, are not in the bundle", () => {
  const code = eager.map((chunk) => chunk.code).join('\n')
  // Faker is there (its locale proxy's name survives minifying); its time zones and emoji are not.
  expect(code.includes('FakerLocaleProxy'), 'faker is in the eager code').toBe(true)
  expect(code.includes('Africa/Abidjan'), 'the base locale data is in the eager code').toBe(false)
  // Nor the transliteration table of `internet.username` (Armenian, Cyrillic, Greek, ...), which only `Faker` has.
  expect(code.includes('Ա'), 'the transliteration table is in the eager code').toBe(false)
})

/**
 * The main entry is what every test file of a consumer imports (Node pays per byte it compiles): the
 * products beside the mock load when used, and of coverage and `live` only the switch and the hook are eager.
 */
const MAIN_LAZY = ['src/coverage/', 'src/live/', 'src/evidence/', 'src/codegen/', 'src/contract/', 'src/testkit/contract.ts', 'src/checks/', 'src/verify/', 'src/record/', 'src/server/', 'src/service-client/']
const MAIN_EAGER_HOOKS = ['src/coverage/switch.ts', 'src/live/load.ts']

test('the main entry loads no coverage collector, live gate, evidence, codegen, contract or checks at import', () => {
  const eagerModules = modulesOf(mainEager)
  for (const path of MAIN_LAZY) {
    expect(eagerModules.filter((id) => id.includes(path) && !MAIN_EAGER_HOOKS.includes(id)), `${path} is eager`).toEqual([])
  }
  // The walk sees them: the hooks are there.
  expect(MAIN_EAGER_HOOKS.filter((id) => eagerModules.includes(id))).toEqual(MAIN_EAGER_HOOKS)
})
