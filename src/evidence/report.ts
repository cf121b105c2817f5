/**
 * What a failed test's output says of its mock: the table of its requests, where the evidence file is, and
 * how to serve it. It comes as an error of the test (the one thing both Vitest's and Playwright's reporters
 * print whole once a test has failed), without a stack: it points at no line of the test.
 */
import { shellQuote } from '../text/shell-quote.ts'
import { shown } from '../text/terminal-text.ts'

/** The table, then the file (`path`, relative to the working directory) and the command that serves it. */
export function evidenceReport(table: string, path: string): string {
  return `${table}\nEvidence: ${shown(path)}\nServe the state this test started from: npx workspace-api-mock --state ${shown(shellQuote(path))}`
}

/** The report when the evidence could not be written: the test's own failure stays what the output shows. */
export function unwrittenReport(error: unknown): string {
  return `the evidence of this test could not be written: ${shown(String((error as Error)?.message ?? error))}`
}

/** The error a failed test gets: the report, below `violations` (the contract violations that failed it) when there are some. */
export function evidenceError(report: string, violations?: Error): Error {
  const error = violations ?? new Error()
  error.name = violations ? error.name : 'MockEvidence'
  error.message = violations ? `${violations.message}\n\n${report}` : `workspace-api-mock: ${report}`
  error.stack = `${error.name}: ${error.message}`
  return error
}
