/**
 * Coverage under Playwright: the reporter (`reporter: [['workspace-api-mock/playwright', { gate }]]`) asks
 * its run for it through the environment, each worker process then collects what its mocks answer, and an
 * automatic fixture hands it over after each test as an attachment, which reaches the reporter whichever
 * worker or shard ran the test. A session's coverage comes from its demo server (session.ts).
 */
import type { TestInfo } from '@playwright/test'
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { CoverageMerger } from '../coverage/assemble.ts'
import { startProcessCoverage } from '../coverage/collector.ts'
import type { CoveragePart } from '../coverage/document.ts'
import { addDocument, reporterOptions, type CoverageReporterOptions } from '../coverage/output.ts'
import { parseCoveragePart } from '../coverage/read.ts'
import { COVERAGE_ENV, coverageRequested } from '../coverage/switch.ts'
import { finishCoverageRun } from '../contract/coverage-run.ts'

export type { CoverageReporterOptions } from '../coverage/output.ts'
export type { CoverageGate } from '../coverage/gate.ts'

// A worker of the reporter's run collects from its first mock on (a worker-scoped fixture's included).
if (coverageRequested()) startProcessCoverage()

/** The attachment a test's coverage travels in. */
export const COVERAGE_ATTACHMENT = 'workspace-api-mock coverage'

/** Attaches a coverage document to the test. */
export async function attachCoverage(testInfo: TestInfo, document: CoveragePart): Promise<void> {
  await testInfo.attach(COVERAGE_ATTACHMENT, { body: JSON.stringify(document), contentType: 'application/json' })
}

/** The automatic fixture: after each test, what the worker's mocks answered during it, attached. */
export async function coverageFixture({}: object, use: () => Promise<void>, testInfo: TestInfo): Promise<void> {
  const collector = coverageRequested() ? startProcessCoverage() : undefined
  // Before the test: what came earlier (a worker fixture's set-up) belongs to no test.
  collector?.drain()
  await use()
  const document = collector?.drain()
  if (document) await attachCoverage(testInfo, document)
}

export class CoverageReporter implements Reporter {
  readonly #options: CoverageReporterOptions
  readonly #merger = new CoverageMerger()
  #root = process.cwd()
  #shard: string | undefined

  constructor(options?: CoverageReporterOptions) {
    // Playwright adds `configDir` (where the config is) and keys of its own (`_mode`) to a reporter's options.
    const { configDir, ...given } = (options ?? {}) as CoverageReporterOptions & { configDir?: string }
    this.#options = reporterOptions(Object.fromEntries(Object.entries(given).filter(([key]) => !key.startsWith('_'))))
    if (typeof configDir === 'string') this.#root = configDir
    // The workers (and a web server the run starts) are started after the reporters: they inherit it.
    process.env[COVERAGE_ENV] = '1'
  }

  printsToStdio(): boolean {
    return false
  }

  onBegin(config: FullConfig): void {
    if (config.shard) this.#shard = `${config.shard.current}/${config.shard.total}`
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    for (const attachment of result.attachments) {
      const { body } = attachment
      if (attachment.name === COVERAGE_ATTACHMENT && body !== undefined) addDocument(this.#merger, () => parseCoveragePart(body.toString('utf8'), `the coverage of "${test.title}"`))
    }
  }

  async onEnd(): Promise<{ status?: FullResult['status'] } | undefined> {
    const failures = await finishCoverageRun(this.#merger.result(), this.#options, this.#root, this.#shard)
    return failures.length > 0 ? { status: 'failed' } : undefined
  }
}
