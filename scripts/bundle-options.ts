/**
 * The rolldown options of the package's JavaScript (scripts/build.ts), shared with the suites' build of the
 * command (test/support/cli-bundle.ts), so that the suites start the command as the package ships it.
 */
import { dirname, relative, resolve } from 'node:path'
import type { BuildOptions, Plugin } from 'rolldown'

/** Entry points: `dist/<name>.js`. */
export const ENTRIES = {
  index: 'src/index.ts',
  'node/index': 'src/node/index.ts',
  'browser/index': 'src/browser/index.ts',
  // What `workspace-api-mock/vitest` (SEPARATE) loads in Vitest's workers, and with a pact to write.
  'vitest/use-mock-api': 'src/vitest/use-mock-api.ts',
  'contract/coverage-pact': 'src/contract/coverage-pact.ts',
  'vitest/coverage-setup': 'src/vitest/coverage-setup.ts',
  'playwright/index': 'src/playwright/index.ts',
  'storybook/index': 'src/storybook/index.ts',
  'devtools/index': 'src/devtools/index.ts',
  'cli/main': 'src/cli/main.ts',
} as const

/**
 * Entries bundled on their own: `workspace-api-mock/vitest`, which Vitest's main process loads for the
 * coverage reporter alone (its config, its reporters), so that it loads neither msw/node nor the mock, and
 * a test worker for `useMockApi`, so that it loads nothing of the reporter (src/vitest/index.ts). The
 * modules the reporter shares with the kit (zod, the coverage reports) are copied into its own chunk:
 * bundled with ENTRIES, they would split the kit's chunks into more files, which every test file loads.
 * What it imports of ENTRIES (`useMockApi`, the pact) stays an import of their files.
 */
export const SEPARATE = {
  'vitest/index': 'src/vitest/index.ts',
} as const

/**
 * Imports that stay imports: the peers, which must be the consumer's own copies; the packages msw itself
 * depends on (@msw/data uses them too), so that a consumer's bundle carries one copy, msw's; and Node's
 * built-ins. The shared ones are `dependencies` of the package, with msw's ranges.
 */
const EXTERNAL = [/^msw(\/|$)/, /^vitest(\/|$)/, /^@playwright\/test(\/|$)/, /^rettime(\/|$)/, /^outvariant(\/|$)/, /^node:/]

/**
 * Faker's shared chunk holds the data of its `base` locale as strings split at run time
 * (`` `a.b.c`.split(`.`) ``), about 13 KiB gzipped of emoji, time zones and routing numbers that the kit,
 * which uses only `SimpleFaker`, never reads; beside them, the tables of the modules `SimpleFaker` lacks
 * (IBAN formats, colour spaces: more splits), their enums (TypeScript's `let E=function(e){...}({})`) and
 * the transliteration table of `internet.username` (`B={...Be,...Ve}` over `Object.fromEntries([...])`,
 * about 1.6 KiB gzipped). A call or a spread is kept unless it is known to be pure, and the bundler cannot
 * know that of `split`, of an enum's function, of `Object.fromEntries` or of a spread (a getter could run):
 * marked pure (the spread as the `Object.assign` onto a new object it is), the unread ones go
 * (test/house/eager-code.test.ts holds the browser entry's size).
 */
const PURE_IN_FAKER: [RegExp, (match: string, ...groups: string[]) => string][] = [
  [/(?<![\w$.\])\]\\])(`(?:[^`$\\]|\$(?!\{))*`)\.split\((`[^`$\\]*`)\)/g, (_, text, separator) => `/* @__PURE__ */ ${text}.split(${separator})`],
  [/(let [\w$]+=)(function\([\w$]+\)\{return [\w$]+\.[\w$]+=)/g, (_, head, enumFunction) => `${head}/* @__PURE__ */ ${enumFunction}`],
  [/([ ,][\w$]+=)(Object\.fromEntries\(\[)/g, (_, head, call) => `${head}/* @__PURE__ */ ${call}`],
  [/([ ,][\w$]+=)\{((?:\.\.\.[\w$]+,)+\.\.\.[\w$]+)\}/g, (_, head, spreads) => `${head}/* @__PURE__ */ Object.assign({},${spreads.replaceAll('...', '')})`],
]

const pureLiteralSplits: Plugin = {
  name: 'pure-literal-splits',
  transform: {
    filter: { id: /@faker-js[\\/]faker[\\/]dist[\\/]/ },
    handler(code) {
      return { code: PURE_IN_FAKER.reduce((marked, [pattern, mark]) => marked.replace(pattern, mark), code), map: null }
    },
  },
}

/** Every build of the package into `dir`, relative to `cwd`: ENTRIES together, then each of SEPARATE on its own. */
export function packageBuilds(cwd: string, dir: string): BuildOptions[] {
  return [bundleOptions(cwd, ENTRIES, dir), ...Object.entries(SEPARATE).map(([name, source]) => separateOptions(cwd, name, source, dir))]
}

/** The build of one SEPARATE entry: its own modules copied in (its chunks beside it), the files of ENTRIES it imports left imports of them. */
export function separateOptions(cwd: string, name: string, source: string, dir: string): BuildOptions {
  const from = dirname(resolve(cwd, dir, `${name}.js`))
  // The source of each entry, and how the one file this build writes imports what ENTRIES' build writes of it.
  const specifier = (entry: string) => relative(from, resolve(cwd, dir, `${entry}.js`)).replace(/^(?!\.)/, './')
  const entries = new Map(Object.entries(ENTRIES).map(([entry, file]) => [resolve(cwd, file), specifier(entry)]))
  const ofEntries: Plugin = {
    name: 'imports-of-entries',
    resolveId(specifier, importer) {
      if (importer === undefined || !specifier.startsWith('.')) return null
      const built = entries.get(resolve(dirname(importer), specifier))
      return built === undefined ? null : { id: built, external: true }
    },
  }
  const options = bundleOptions(cwd, { [name]: source }, dir)
  // What it loads on demand goes beside it (a module that finds a file beside itself finds it there too).
  return { ...options, plugins: [ofEntries, pureLiteralSplits], output: { ...options.output, chunkFileNames: `${dirname(name)}/[name]-[hash].js`, codeSplitting: true } }
}

/** The build of `input` (entries as in ENTRIES) into `dir`, relative to `cwd`. */
export function bundleOptions(cwd: string, input: Readonly<Record<string, string>>, dir: string): BuildOptions {
  return {
    cwd,
    input,
    plugins: [pureLiteralSplits],
    external: EXTERNAL,
    platform: 'neutral',
    resolve: { mainFields: ['module', 'main'], conditionNames: ['import', 'default'] },
    treeshake: true,
    output: {
      dir,
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // The YAML library (lazy: loaded for /api/openapi.yaml only) under its own name, not its `browser/` path's.
      codeSplitting: { groups: [{ name: 'yaml', test: /[\\/]node_modules[\\/]yaml[\\/]/ }] },
      // Readable output: the consumer's own bundler minifies for the browser; stack traces stay useful.
      minify: false,
      comments: { legal: true, annotation: true, jsdoc: false },
    },
  }
}
