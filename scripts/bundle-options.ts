/**
 * The rolldown options of the package's JavaScript (scripts/build.ts), shared with the suites' build of the
 * command (test/support/cli-bundle.ts), so that the suites start the command as the package ships it.
 */
import type { BuildOptions, Plugin } from 'rolldown'

/** Entry points: `dist/<name>.js`. */
export const ENTRIES = {
  index: 'src/index.ts',
  'node/index': 'src/node/index.ts',
  'browser/index': 'src/browser/index.ts',
  'vitest/index': 'src/vitest/index.ts',
  'vitest/coverage-setup': 'src/vitest/coverage-setup.ts',
  'playwright/index': 'src/playwright/index.ts',
  'storybook/index': 'src/storybook/index.ts',
  'devtools/index': 'src/devtools/index.ts',
  'cli/main': 'src/cli/main.ts',
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

/** The build of `input` (entries as in ENTRIES) into `dir`, relative to `cwd`. */
export function bundleOptions(cwd: string, input: Partial<typeof ENTRIES>, dir: string): BuildOptions {
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
