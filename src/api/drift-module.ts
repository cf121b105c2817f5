/**
 * The code that follows the service, from what a mock's `live` saw (docs/live.md, "The code that follows
 * the service, from drift"): the generator's input (src/codegen/findings.ts) made of what the live gate
 * kept (src/live/seen.ts) and what the mock has, the service's credentials taken out of all of it, and the
 * module the generator writes from it. `workspace-api-mock/node` exports it; the demo server's admin route,
 * its MCP tool and `workspace-api-mock drift --operations-out` read the same findings.
 */
import { knownOf, redactFindings, type Findings } from '../codegen/findings.ts'
import type { OperationsModule } from '../codegen/operations-module.ts'
import { liveGateOf, servedSurfaceOf } from './internals.ts'
import type { MockApi } from './mock-api.ts'

/** What the mock's live service showed that the mock lacks, since the last reset; undefined for a mock without `live`. */
export async function liveFindings(api: MockApi): Promise<Findings | undefined> {
  const live = liveGateOf(api)
  if (live === undefined) return undefined
  const { credentials, ...seen } = await live.seen()
  return redactFindings({ ...seen, known: knownOf(servedSurfaceOf(api)) }, credentials)
}

/**
 * What a mock made with `live` saw of the service that the mock lacks, as the generator's input: the
 * members of the records it answered that the mock does not declare, the fields its writes took, the
 * routes it answered where the mock had none, its OpenAPI document (asked for once if no request brought
 * it), and what the mock has. Rejects for a mock without `live`, or whose `live` option it cannot use.
 */
export async function driftFindings(api: MockApi): Promise<Findings> {
  const findings = await liveFindings(api)
  if (findings === undefined) throw new TypeError('driftFindings: the mock has no live option, so nothing of a service was seen (docs/live.md)')
  return findings
}

/**
 * The module of operations and fields that makes the mock follow what its `live` service showed: `existing`
 * (a module written before, by this or by `verify --operations-out`) with what it lacks added, or a new
 * one. Throws `MergeError` when `existing` lacks a line a merge inserts above.
 */
export async function driftModule(api: MockApi, existing?: string): Promise<OperationsModule> {
  const findings = await driftFindings(api)
  // The generator loads when a module is asked for: a server that only serves does not carry it.
  const { operationsModule } = await import('../codegen/operations-module.ts')
  return operationsModule(findings, existing)
}
