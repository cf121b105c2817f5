/**
 * For `npm run mutation` only (vitest.mutation.config.ts). StrykerJS records which test ran each mutant's code
 * (per-test coverage) from the test's name, set in a `beforeEach`; code run by a file's `beforeAll`/`afterAll`
 * (the scenario a file builds once, the server it starts) has no current test, so Stryker calls such mutants
 * static and runs every related test file for each, a full suite per mutant. Yet a file's hooks are part of
 * each of its tests: this moves what they covered to the file's tests, where Stryker's runtime activation (set
 * in its own `beforeAll`, which runs before the file's) reaches it. What runs while modules load stays static.
 */
import { afterAll, beforeAll, inject } from 'vitest'
import type { RunnerTask as Task, RunnerTestFile as File } from 'vitest'
import { testsOf } from './task-tests.ts'

interface MutantCoverage {
  static: Record<string, number>
  perTest: Record<string, Record<string, number>>
}

const namespace = inject('globalNamespace' as never) as string
const mode = inject('mode' as never) as string
const separator = inject('testNameSeparator' as never) as string
const ns = (globalThis as Record<string, any>)[namespace] as { mutantCoverage?: MutantCoverage } | undefined

/** The test id Stryker's own setup gives a test: the file path, `#`, then the suite and test names. */
function testId(task: Task): string {
  const names = [task.name]
  for (let suite = task.suite; suite; suite = suite.suite) names.unshift(suite.name)
  return `${task.file?.filepath ?? 'unknown.js'}#${names.join(separator).trim()}`
}

if (mode === 'dry-run' && ns) {
  let before: Record<string, number> = {}
  beforeAll(() => {
    before = { ...ns.mutantCoverage?.static }
  })
  // Vitest requires the destructuring pattern for the first argument.
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, file) => {
    const coverage = ns.mutantCoverage
    if (!coverage) return
    const hooks = Object.entries(coverage.static)
      .map(([mutant, hits]) => [mutant, hits - (before[mutant] ?? 0)] as const)
      .filter(([, hits]) => hits > 0)
    const tests = testsOf(file as File)
    if (hooks.length === 0 || tests.length === 0) return
    for (const test of tests) {
      const covered = (coverage.perTest[testId(test)] ??= {})
      for (const [mutant, hits] of hooks) covered[mutant] = (covered[mutant] ?? 0) + hits
    }
    for (const [mutant, hits] of hooks) {
      const left = coverage.static[mutant]! - hits
      if (left > 0) coverage.static[mutant] = left
      else delete coverage.static[mutant]
    }
  })
}
