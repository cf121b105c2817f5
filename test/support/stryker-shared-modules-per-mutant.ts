/**
 * For `npm run mutation` only (vitest.mutation.config.ts): a Vitest reporter that keeps files isolated for
 * StrykerJS's dry run and lets them share one module graph in each mutant's run.
 *
 * Why both: the dry run records which tests cover each mutant. With files sharing modules, code the kit builds
 * lazily and keeps per module (validators, routes, encoded heads) would be charged to the first file that
 * needed it, and a mutant there would be tried against that file's tests alone. Isolated, every file that
 * runs the code is charged with it. A mutant's run then needs no isolation: Stryker starts it in a fresh
 * worker (Vitest stops a run's workers when the run ends), with the mutant active from the first module
 * load, so whatever one file builds under the mutant is what the next file would have built. Sharing loads
 * the kit once per mutant instead of once per covering file: about three times faster.
 *
 * It also charges each test, in the dry run, its share of its file's loading and hooks. Stryker gives a mutant
 * `timeoutFactor x (its covering tests' time) + timeoutMS + overhead`, where the overhead is the whole dry run's
 * time outside tests: with files isolated, mostly every file loading the kit again (32.7 s of a 55 s dry run
 * of src/model/ordering.ts's 822 tests). Each of the 25 mutants that hang (an endless loop no test time limit
 * can stop) waited for it, up to 88 s, before the runner was restarted. Charged to the tests that need it, a
 * file's loading counts only for the mutants its tests cover (9.6 s left over in that dry run).
 */
import type { Reporter, Vitest } from 'vitest/node'
import { testsOf } from './task-tests.ts'

/** Over twice the slowest test of these suites (1 s, in the dry run's timings) but the properties, which set their own. */
const MUTANT_TEST_TIMEOUT_MS = 2_500

export default class SharedModulesPerMutant implements Reporter {
  #vitest: Vitest | undefined

  onInit(vitest: Vitest): void {
    this.#vitest = vitest
  }

  // Vitest reads `isolate` when it groups a run's files into workers, after this event.
  onTestRunStart(): void {
    const vitest = this.#vitest
    if (!vitest) return
    const mode = (vitest.getProvidedContext() as { mode?: string }).mode
    for (const project of vitest.projects) {
      project.config.isolate = mode !== 'mutant'
      // A mutant that leaves a request waiting fails its test at this limit (97 mutants in the whole run). The
      // dry run keeps the config's 4 s: it runs instrumented and isolated, and a failure there stops everything.
      if (mode === 'mutant') project.config.testTimeout = Math.min(project.config.testTimeout, MUTANT_TEST_TIMEOUT_MS)
    }
  }

  onTestRunEnd(): void {
    const vitest = this.#vitest
    if (!vitest || (vitest.getProvidedContext() as { mode?: string }).mode !== 'dry-run') return
    // The tasks Stryker reads its results from once the run is over.
    for (const file of vitest.state.getFiles()) {
      const tests = testsOf(file).filter((test) => test.result?.duration !== undefined)
      if (tests.length === 0) continue
      const inTests = tests.reduce((sum, test) => sum + test.result!.duration!, 0)
      const loading = (file.prepareDuration ?? 0) + (file.environmentLoad ?? 0) + (file.setupDuration ?? 0) + (file.collectDuration ?? 0)
      const hooks = Math.max(0, (file.result?.duration ?? 0) - inTests)
      const share = (loading + hooks) / tests.length
      for (const test of tests) test.result!.duration! += share
    }
  }
}
