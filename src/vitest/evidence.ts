/**
 * `useMockApi`'s evidence of a failed test (docs/evidence.md): the table of its requests in the failure
 * output, and the evidence file as a test attachment. Vitest refuses `annotate` once a test has failed,
 * so the table comes as one more error of the failed test (the default reporter prints it whole, under
 * the assertion), and the file as an artifact Vitest copies into its `attachmentsDir`.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as vitest from 'vitest'
import type { TestContext } from 'vitest'
import type { MockApi, MockApiOptions } from '../api/mock-api.ts'
import { evidenceStart, mockEvidence, scenarioName, type EvidenceStart } from '../evidence/mock.ts'
import { evidenceReport, unwrittenReport } from '../evidence/report.ts'
import { shownPath } from '../files/shown-path.ts'
import { writeFileAtomically } from '../files/write-atomically.ts'

/** `recordArtifact` (Vitest 4.0.11 and later; before, the file is written into `.vitest/attachments` itself). */
type RecordArtifact = (task: TestContext['task'], artifact: { type: string; attachments: Array<{ path?: string; contentType?: string }> }) => Promise<{ attachments?: Array<{ path?: string }> }>

/** The test's describe blocks and title, outermost first (its file left out). */
function titleOf(task: TestContext['task']): string[] {
  const title: string[] = []
  for (let at: { name: string; suite?: unknown } | undefined = task; at !== undefined && !('filepath' in at); at = at.suite as typeof at) title.unshift(at.name)
  return title
}

/** Attaches the evidence file to the test; answers where it is, relative to the working directory. */
async function attach(task: TestContext['task'], text: string): Promise<string> {
  const record = (vitest as { recordArtifact?: RecordArtifact }).recordArtifact
  const name = `workspace-api-mock-evidence-${task.id}.json`
  if (!record) {
    const folder = join(process.cwd(), '.vitest', 'attachments')
    mkdirSync(folder, { recursive: true })
    writeFileAtomically(join(folder, name), text)
    return shownPath(join(folder, name))
  }
  // Vitest copies the file into its attachments folder under a name of its own, and says which.
  const folder = mkdtempSync(join(tmpdir(), 'workspace-api-mock-evidence-'))
  try {
    writeFileSync(join(folder, name), text)
    const artifact = await record(task, { type: 'workspace-api-mock:evidence', attachments: [{ path: join(folder, name), contentType: 'application/json' }] })
    return shownPath(artifact.attachments?.[0]?.path ?? join(folder, name))
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The hooks `useMockApi` calls: where each test starts, and the evidence of one that failed. */
export function vitestEvidence(api: MockApi, options: Pick<MockApiOptions, 'scenario' | 'state'>) {
  const scenario = scenarioName(options)
  let start: EvidenceStart | undefined
  return {
    start(): void {
      start = evidenceStart(api)
    },
    /**
     * The table and the file's path, for a test that failed (or is failing: `failing`); else undefined. A
     * `test.fails` test is not: Vitest turns its failure into a pass after the hooks.
     */
    async report(context: TestContext, failing: boolean): Promise<string | undefined> {
      if (!start || context.task.fails || !(failing || context.task.result?.state === 'fail')) return undefined
      const test = { runner: 'vitest' as const, fixture: 'useMockApi' as const, title: titleOf(context.task), file: context.task.file.name }
      try {
        const { table, text } = mockEvidence(api, start, { test, scenario })
        return evidenceReport(table, await attach(context.task, text))
      } catch (error) {
        return unwrittenReport(error)
      }
    },
  }
}
