import { readFileSync } from 'node:fs'
import type { Counts } from '../test/support/count-reporter.ts'

/** Playwright's JSON report: expected (passed), flaky (passed on a retry), unexpected, skipped, and errors outside tests. */
export function playwrightCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number }
    errors: unknown[]
  }
  const { expected, unexpected, flaky, skipped } = report.stats
  return { passed: expected + flaky, failed: unexpected + report.errors.length, skipped }
}
