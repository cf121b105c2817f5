/**
 * A session's faults over the admin routes (`/__admin/sessions/{id}/faults`): the methods of
 * `mockApi.faults`, each a promise. What the routes cannot carry is left out: a fault's own response
 * headers (`FailOptions.headers`) and `reset()` (the session's `reset()` clears faults and restarts the
 * seeded source).
 */
import type { FailOptions, FaultSchedule, Latency, RateLimitOptions } from '../testkit/faults.ts'
import type { OperationTarget } from '../testkit/targets.ts'
import type { FaultBody, FaultListing } from '../wire/admin.ts'
import { MockServerError, type AdminCall } from './admin-request.ts'

/** A fault registered on the server: its id (as `list()` shows it) and how to remove it. */
export interface RemoteFaultHandle {
  readonly id: number
  /** Removes it; false when it was gone already. */
  remove(): Promise<boolean>
}

export interface RemoteFaults {
  fail(target: OperationTarget, options?: Omit<FailOptions, 'headers'>): Promise<RemoteFaultHandle>
  disconnect(target: OperationTarget, schedule?: FaultSchedule): Promise<RemoteFaultHandle>
  latency(target: OperationTarget, latency: Latency, schedule?: FaultSchedule): Promise<RemoteFaultHandle>
  rateLimit(target: OperationTarget, options: RateLimitOptions): Promise<RemoteFaultHandle>
  /** The active faults, with their hits (startup faults from flags marked `startup: true`). */
  list(): Promise<FaultListing[]>
  remove(id: number): Promise<boolean>
  /** Removes the faults added over the admin routes (the server's startup faults stay). */
  clear(): Promise<void>
}

/** The faults of session `scope.session`, over `call`. */
export function remoteFaults(call: AdminCall, scope: { session: string }): RemoteFaults {
  const add = async (spec: FaultBody): Promise<RemoteFaultHandle> => {
    const { id } = await call('POST faults', scope, spec)
    return { id, remove: () => remove(id) }
  }
  const remove = async (id: number): Promise<boolean> => {
    try {
      await call('DELETE faults/{id}', { ...scope, id })
      return true
    } catch (error) {
      if (error instanceof MockServerError && error.status === 404 && error.detail?.startsWith('no fault ')) return false
      throw error
    }
  }
  return {
    fail: (target, options = {}) => add({ ...options, type: 'fail', target }),
    disconnect: (target, schedule = {}) => add({ ...schedule, type: 'disconnect', target }),
    latency: (target, latency, schedule = {}) => add({ ...schedule, type: 'latency', target, latency: typeof latency === 'number' ? latency : [latency[0], latency[1]] }),
    rateLimit: (target, options) => add({ ...options, type: 'rateLimit', target }),
    list: async () => (await call('GET faults', scope)).faults,
    remove,
    clear: async () => {
      await call('DELETE faults', scope)
    },
  }
}
