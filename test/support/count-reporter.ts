import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints one plain closing line, `N passed, N failed` (`, N skipped` when some are), which CI reads.
 * A test file that fails to load and an unhandled error each count as a failure, so they cannot hide.
 */
export default class CountReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0
    let failed = unhandledErrors.length
    let skipped = 0
    for (const module of modules) {
      let tests = 0
      for (const test of module.children.allTests()) {
        tests++
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
      if (tests === 0 && module.state() === 'failed') failed++
    }
    const line = `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`
    process.stdout.write(`\n${line}\n`)
  }
}
