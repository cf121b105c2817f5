/**
 * `workspace-api-mock/vitest`: one call wires the mock into a Vitest file (`useMockApi`), and the coverage
 * reporter (the default export, as Vitest loads a reporter by name). Node-only.
 *
 * Both of Vitest's sides load this module, so it carries nothing but what loads the rest: a test worker
 * loads `useMockApi` (the mock and msw/node, use-mock-api.ts), Vitest's main process (its config, its
 * reporters) loads the reporter's work when the run starts (coverage-reporter.ts). Neither loads the
 * other's (docs/decisions/0022).
 */
import { requireNode } from '../node-version.js'
import type { DefinedOperation } from '../handlers/definitions/define-operation.ts'
import type { CoverageReporterCore, CoverageReporterOptions, TestFile, VitestRun } from './coverage-reporter.ts'
import type { UseMockApiOptions, VitestMockApi } from './use-mock-api.ts'

requireNode()

export type { CoverageReporterOptions, CoverageGate } from './coverage-reporter.ts'
export type { UseMockApiOptions, VitestMockApi } from './use-mock-api.ts'

/**
 * The coverage reporter of Vitest (docs/coverage.md): `reporters: ['default', ['workspace-api-mock/vitest',
 * { gate, pact }]]`, or `new CoverageReporter({ gate, pact })`. Its options are checked when the run
 * starts (a mistake names the key), and its work loads then.
 */
export class CoverageReporter {
  readonly #options: CoverageReporterOptions | undefined
  #core: CoverageReporterCore | undefined

  constructor(options?: CoverageReporterOptions) {
    this.#options = options
  }

  async onInit(vitest: VitestRun): Promise<void> {
    const { CoverageReporterCore } = await import('./coverage-reporter.ts')
    this.#core = new CoverageReporterCore(this.#options)
    this.#core.onInit(vitest)
  }

  async onTestRunEnd(modules: ReadonlyArray<TestFile>): Promise<void> {
    await this.#core?.onTestRunEnd(modules)
  }
}

/** The coverage reporter, as Vitest loads a reporter by name: `reporters: ['default', ['workspace-api-mock/vitest', options]]`. */
export default CoverageReporter

/** Vitest's main process (its config, its reporters): Vitest marks its processes, and its workers by number. */
const vitestMain = (process.env.VITEST ?? '') !== '' && process.env.VITEST_WORKER_ID === undefined

const helper = vitestMain ? undefined : await import('./use-mock-api.ts')

/**
 * Starts `setupServer` before all tests; after each test resets state, faults, overrides and the journal,
 * drops `server.use` handlers, and fails the test if a contract violation happened; closes after all. A
 * failed test's output gets the table of its requests, and its evidence file (docs/evidence.md).
 * @example
 * const api = useMockApi({ scenario: 'demo', seed: 42 })
 * test('lists', async () => { await fetch('/api/workspaces', { headers: { 'X-API-Key': api.credentials.apiKey, ... } }) })
 */
export function useMockApi<const Ops extends readonly DefinedOperation[] = readonly []>(options: UseMockApiOptions<Ops> = {}): VitestMockApi<Ops> {
  if (helper === undefined) throw new Error('useMockApi belongs in a test file: Vitest runs those in its workers, not in the process that loads its config and reporters')
  return helper.useMockApi(options)
}
