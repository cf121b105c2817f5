/**
 * A fault as plain data, `{ type, target, ... }`, and its registration on a mock's `FaultRegistry`: one
 * module for every place that takes faults as data (a story's `parameters.mockApi.faults`, the demo
 * server's `POST /__admin/faults` and its fault flags) instead of a copy of the shape and the switch in each.
 * The registry's own checks (status range, latency order, known target) throw for bad values. The zod
 * schema of the JSON form is in fault-json.ts, apart, so that a story's bundle does not carry it.
 */
import type { FaultHandle, FaultRegistry, FaultSchedule, Latency } from './faults.ts'
import type { OperationName } from '../handlers/operation-spec.ts'
import type { OperationTarget } from './targets.ts'

/** One fault, as `api.faults.<type>(target, ...)` would register it (`Name`: the mock's operation names). */
export type FaultSpec<Name extends string = OperationName> =
  | ({ type: 'fail'; target: OperationTarget<Name>; status?: number; detail?: string; headers?: Record<string, string> } & FaultSchedule)
  | ({ type: 'disconnect'; target: OperationTarget<Name> } & FaultSchedule)
  | ({ type: 'latency'; target: OperationTarget<Name>; latency: Latency } & FaultSchedule)
  | { type: 'rateLimit'; target: OperationTarget<Name>; requests: number; retryAfter?: number }

/** The fault types, in the order messages list them. */
export const FAULT_TYPES: ReadonlySet<string> = new Set<FaultSpec['type']>(['fail', 'disconnect', 'latency', 'rateLimit'])

/** Registers one fault; throws what the registry throws for a bad value. */
export function registerFault<Name extends string>(faults: FaultRegistry<Name>, spec: FaultSpec<Name>): FaultHandle {
  switch (spec.type) {
    case 'fail':
      return faults.fail(spec.target, spec)
    case 'latency':
      return faults.latency(spec.target, spec.latency, spec)
    case 'disconnect':
      return faults.disconnect(spec.target, spec)
    case 'rateLimit':
      return faults.rateLimit(spec.target, spec)
  }
}
