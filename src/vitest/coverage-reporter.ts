/**
 * The work of Vitest's coverage reporter (`CoverageReporter` of index.ts, which loads this module when the
 * run starts, in Vitest's main process only). It adds its setup file (coverage-setup.ts) to every project of the
 * run, so each test file's mocks report what they answered into the file's meta, whichever worker, pool
 * or browser ran it; at the end of the run it merges them (the same result whatever order the files
 * finished in), writes the reports (and the pact, with `pact`), prints the summary and holds the gate.
 * Off unless configured; a mock answers the same either way.
 */
import { fileURLToPath } from 'node:url'
import { CoverageMerger } from '../coverage/assemble.ts'
import { addDocument, reporterOptions, type CoverageReporterOptions } from '../coverage/output.ts'
import { checkedPart } from '../coverage/read.ts'
import { finishCoverageRun } from '../contract/coverage-run.ts'

export type { CoverageReporterOptions } from '../coverage/output.ts'
export type { CoverageGate } from '../coverage/gate.ts'

/** The setup file beside this module, in the source (`.ts`) as in the package (`.js`). */
const SETUP_FILE = fileURLToPath(new URL(`./coverage-setup${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url))

/**
 * What the reporter reads of Vitest's run, structurally: its types come from `vitest/node`, whose own
 * declarations (jsdom's among them) would otherwise reach every consumer's type check of this entry.
 */
export interface VitestRun {
  readonly config: { readonly root: string; readonly shard?: { readonly index: number; readonly count: number } }
  readonly projects: ReadonlyArray<{ readonly config: { readonly setupFiles: string[] } }>
}

export interface TestFile {
  readonly moduleId: string
  meta(): { workspaceApiMockCoverage?: unknown }
}

/** `reporters: ['default', ['workspace-api-mock/vitest', { gate }]]`, or `new CoverageReporter({ gate })`: see index.ts. */
export class CoverageReporterCore {
  readonly #options: CoverageReporterOptions
  #root = process.cwd()
  #shard: string | undefined

  constructor(options?: CoverageReporterOptions) {
    this.#options = reporterOptions(options)
  }

  onInit(vitest: VitestRun): void {
    this.#root = vitest.config.root
    const { shard } = vitest.config
    if (shard) this.#shard = `${shard.index}/${shard.count}`
    for (const project of vitest.projects) {
      if (!project.config.setupFiles.includes(SETUP_FILE)) project.config.setupFiles.push(SETUP_FILE)
    }
  }

  async onTestRunEnd(modules: ReadonlyArray<TestFile>): Promise<void> {
    const merger = new CoverageMerger()
    for (const module of modules) {
      const document = module.meta().workspaceApiMockCoverage
      if (document !== undefined) addDocument(merger, () => checkedPart(document, `the coverage of ${module.moduleId}`))
    }
    const failures = await finishCoverageRun(merger.result(), this.#options, this.#root, this.#shard)
    if (failures.length > 0) process.exitCode = 1
  }
}
