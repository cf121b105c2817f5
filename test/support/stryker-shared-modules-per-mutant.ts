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
 */
import type { Reporter, Vitest } from 'vitest/node'

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
    for (const project of vitest.projects) project.config.isolate = mode !== 'mutant'
  }
}
