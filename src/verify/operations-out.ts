/**
 * `--operations-out`: the module that makes the mock follow the target (src/codegen/), written from what
 * the run found (found.ts): with `--write`, after asking the target whether it takes each new workspace
 * field in a write (writable-probe.ts). The target's credentials are taken out of everything found before
 * any of it becomes code.
 */
import { operationsModule, type OperationsModule } from '../codegen/operations-module.ts'
import { redactFindings, type Findings } from '../codegen/findings.ts'
import { shown, visible } from '../text/terminal-text.ts'
import type { Credentials } from './client.ts'
import { foundOfRun, type FoundOfRun } from './found.ts'
import { get, type Probe } from './probe-kit.ts'
import type { TargetAnswerHook, VerifyResult } from './run.ts'
import { writableFields } from './writable-probe.ts'

export interface OperationsOut {
  /** For runVerify: keeps what the target's answers show. */
  onTargetAnswer: TargetAnswerHook
  /** The module after the run, merged into `existing` when there is one; `wrote`: the writes the writable probe made. */
  module(result: VerifyResult, openapi?: Findings['openapi']): Promise<OperationsModule & { wrote: string[] }>
}

export interface OperationsOutOptions {
  target: string
  credentials: Credentials
  write: boolean
  /** The text of the module written before, if any. */
  existing: string | undefined
}

export function operationsOut(options: OperationsOutOptions): OperationsOut {
  const found = foundOfRun(options.target)
  return {
    onTargetAnswer: found.onTargetAnswer,
    async module(result, openapi) {
      await sampleApplications(found, result)
      const tried = options.write ? await writableFields(result.target, result.writeTo, found.findings(result.surface, [], openapi)) : { writable: [], wrote: [] }
      const findings = redactFindings(found.findings(result.surface, tried.writable, openapi), [options.credentials.apiKey, options.credentials.apiSecret])
      return { ...operationsModule(findings, options.existing), wrote: tried.wrote }
    },
  }
}

/** Workspaces whose applications are read for more values, and the probe those requests count as. */
const SAMPLED_WORKSPACES = 5
const SAMPLE: Probe = { id: 'operations-out.sample', operation: 'listApplications', request: () => undefined, checks: {} }

/**
 * A page of the profile's largest size of the applications of up to five of the target's workspaces: the
 * probes read one workspace's, and an enum shows across many records (a few requests more, at the same pace).
 */
async function sampleApplications(found: FoundOfRun, result: VerifyResult): Promise<void> {
  const workspaces = found.findings(result.surface, []).records.filter((row) => row.record === 'workspace')
  const ids = [...new Set(workspaces.map((row) => row.values.id).filter((id): id is string => typeof id === 'string'))]
  for (const id of ids.slice(0, SAMPLED_WORKSPACES)) {
    const request = get(`/api/applications?page_size=${result.profile.paging.pageSize.max}`, 'valid', { 'X-Workspace-ID': id })
    found.onTargetAnswer(SAMPLE, request, await result.target.send(request))
  }
}

/** What the command prints about the module: what it added (or that it had it all), then what it could not write. */
export function moduleLines(module: OperationsModule, file: string, existed: boolean): string {
  const present = module.present.length > 0 ? `; ${module.present.length} found already there` : ''
  const head =
    module.added.length > 0
      ? `wrote the operations module to ${file}: added ${visible(module.added.join(', '))}${present}`
      : existed
        ? `the operations module ${file} has all that was found already (${module.present.length})`
        : `wrote the operations module to ${file}: the target has nothing the mock lacks`
  return [head, ...module.notes.map((note) => `not written: ${shown(note, 300)}`)].join('\n') + '\n'
}
