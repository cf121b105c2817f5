/**
 * `workspace-api-mock/vitest/coverage-setup`: the setup file the coverage reporter adds to every project
 * of its run (coverage-reporter.ts), in Node workers and in the browser (Storybook's story tests alike).
 * It turns the process's coverage on before the test file loads, so that each mock the file makes reports
 * to it, and after the file puts what its mocks answered into the file's meta, which Vitest carries to
 * the reporter (and into blob reports, for `--merge-reports`). Platform-free.
 */
import { afterAll } from 'vitest'
import { startProcessCoverage } from '../coverage/collector.ts'
import type { CoveragePart } from '../coverage/document.ts'

declare module 'vitest' {
  interface TaskMeta {
    /** What the file's mocks answered (workspace-api-mock's coverage). */
    workspaceApiMockCoverage?: CoveragePart
  }
}

const collector = startProcessCoverage()

// Vitest reads a hook's first parameter as its fixtures: an object pattern it must be.
afterAll(({}, file) => {
  const document = collector.drain()
  if (document) file.meta.workspaceApiMockCoverage = document
})
