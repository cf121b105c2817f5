import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

/** The counts of a run, as scripts/test.ts reads them. */
export interface Counts {
  passed: number
  failed: number
  skipped: number
}

/**
 * Counts a Vitest run. A test file that fails to load and an unhandled error each count as a failure, so
 * they cannot hide. Under scripts/test.ts (`WAM_VITEST_COUNTS` names a file) it writes the counts there as
 * JSON, and the script prints the closing line for every runner; run alone, it prints one plain closing
 * line itself, `N passed, N failed` (`, N skipped` when some are).
 */
export default class CountReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts: Counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 }
    for (const module of modules) {
      let tests = 0
      for (const test of module.children.allTests()) {
        tests++
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
      if (tests === 0 && module.state() === 'failed') counts.failed++
    }
    const file = process.env.WAM_VITEST_COUNTS
    if (file) writeFileSync(file, JSON.stringify(counts))
    else process.stdout.write(`\n${countLine(counts)}\n`)
  }
}

/** `N passed, N failed`, and `, N skipped` when some are. */
export function countLine({ passed, failed, skipped }: Counts): string {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`
}
