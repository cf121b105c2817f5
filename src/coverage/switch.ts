/**
 * Whether this process collects coverage, and where a mock's answered requests go when it does: one
 * collector for the whole process (a Vitest worker, a Playwright worker, a Storybook preview), kept on
 * `globalThis` under a registered symbol, so that every copy of the kit loaded in the process (a test
 * file's, a setup file's, a story's) finds the same one. Off unless a runner's hook turns it on: then a
 * mock made from then on sends each request it answers to it; while off, no mock pays anything.
 */
import type { ApiSurface } from '../handlers/api-surface.ts'
import type { JournalRecord, RequestJournal } from '../handlers/ports.ts'

/** A mock as coverage knows it: what it serves, and what it was made from. */
export interface CoveredMock {
  surface: ApiSurface
  scenario: string
  seed: number
}

/** Where one mock's answered requests go. */
export interface CoverageTap {
  observe(record: JournalRecord): void
}

/** What collects coverage: each mock attaches to it once. */
export interface CoverageSink {
  attach(mock: CoveredMock): CoverageTap
  /** `journal` as the pipeline of `mock` records into it from now on: the journal, and this sink (tap.ts). */
  journal(journal: RequestJournal, mock: CoveredMock): RequestJournal
}

/** The environment variable a runner's reporter sets for the processes of its run: coverage is on in them. */
export const COVERAGE_ENV = 'WORKSPACE_API_MOCK_COVERAGE'

const KEY = Symbol.for('workspace-api-mock.coverage')
type Holder = { [KEY]?: CoverageSink }

/** The process's collector, if coverage is on. */
export function processCoverage(): CoverageSink | undefined {
  return (globalThis as Holder)[KEY]
}

/** Turns the process's coverage on with `sink` (or off with undefined). */
export function setProcessCoverage(sink: CoverageSink | undefined): void {
  if (sink === undefined) delete (globalThis as Holder)[KEY]
  else (globalThis as Holder)[KEY] = sink
}

/** Whether the environment asks for coverage (a reporter's run, or a server started for one). */
export function coverageRequested(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
  const value = env?.[COVERAGE_ENV]
  return value !== undefined && value !== '' && value !== '0'
}
