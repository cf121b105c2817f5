/**
 * `workspace-api-mock/vitest` as the package builds it (scripts/bundle-options.ts, SEPARATE): both of
 * Vitest's sides load it, so it loads nothing at import. Vitest's main process loads the reporter's work
 * on init, which reaches neither msw nor the mock; a test worker loads `useMockApi`, the kit's own file
 * (shared with every other entry of the kit, so that the mock is one). The reporter's modules are copied
 * into its chunk rather than shared with the kit's chunks, which they would split (bundle-options.ts).
 */
import { fileURLToPath } from 'node:url'
import { build, type OutputChunk } from 'rolldown'
import { beforeAll, expect, test } from 'vitest'
import { separateOptions, SEPARATE } from '../../scripts/bundle-options.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
let chunks: Map<string, OutputChunk>

beforeAll(async () => {
  const options = separateOptions(ROOT, 'vitest/index', SEPARATE['vitest/index'], 'unused')
  const output = await build({ ...options, write: false, logLevel: 'silent' })
  chunks = new Map(output.output.filter((item): item is OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]))
}, 60_000)

test('the entry loads nothing at import: the reporter\'s work and useMockApi each on demand', () => {
  const entry = chunks.get('vitest/index.js')!
  expect(entry.imports).toEqual([])
  const reporter = [...chunks.keys()].find((name) => /^vitest\/coverage-reporter-[\w-]+\.js$/.test(name))!
  expect(entry.dynamicImports.sort()).toEqual([reporter, './use-mock-api.js'].sort())
  expect(entry.code.length).toBeLessThan(4096)
})

test("the reporter's work reaches neither msw nor the mock; the pact, and useMockApi, are the kit's own files", () => {
  const reporter = [...chunks.values()].find((chunk) => chunk.fileName.startsWith('vitest/coverage-reporter-'))!
  const modules = Object.keys(reporter.modules).map((id) => id.replace(ROOT, ''))
  expect(modules.filter((id) => /^src\/(api|handlers|testkit|vitest\/use-mock-api)|node_modules\/(msw|@mswjs|@msw|@faker-js)\//.test(id))).toEqual([])
  expect(reporter.imports.filter((name) => !name.startsWith('node:'))).toEqual([])
  expect(reporter.dynamicImports).toEqual(['../contract/coverage-pact.js'])
  expect([...chunks.keys()].sort()).toEqual(['vitest/index.js', reporter.fileName].sort())
})
