/**
 * The tests of a Vitest task tree (a file or a suite), in order. Shared by the mutation run's worker setup
 * (stryker-hook-coverage.ts) and its reporter (stryker-shared-modules-per-mutant.ts), which run on the two
 * sides of Vitest: a plain module, importing nothing at run time, loads on either.
 */
import type { RunnerTask as Task } from 'vitest'

export function testsOf(task: Task): Task[] {
  return 'tasks' in task ? task.tasks.flatMap(testsOf) : task.type === 'test' ? [task] : []
}
