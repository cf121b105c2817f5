/**
 * The end of a reporter's run with coverage (Node only), for Vitest's and Playwright's alike: the reports,
 * the summary and the gate (src/coverage/output.ts), then the pact when the options ask for one
 * (coverage-pact.ts, loaded only then: the contract reads the kit's OpenAPI document). A shard writes no
 * pact: the merge does, as it holds the gate.
 */
import type { CoverageDocument } from '../coverage/document.ts'
import { filesOf, finishCoverage, pactOptionsOf, type CoverageReporterOptions } from '../coverage/output.ts'

/** Answers what the gate finds missing (empty: the run passes as it would have). `root`: where the reports go from; `shard`: `1/2`. */
export async function finishCoverageRun(document: CoverageDocument, options: CoverageReporterOptions, root: string, shard: string | undefined): Promise<string[]> {
  const files = filesOf(options, root)
  const print = (text: string) => void process.stdout.write(text)
  const failures = finishCoverage(document, files, options, print, shard)
  if (files.pact !== undefined && shard === undefined) {
    const { finishPact } = await import('./coverage-pact.ts')
    finishPact(document, files.pact, { ...pactOptionsOf(options), summary: options.summary }, print)
  }
  return failures
}
