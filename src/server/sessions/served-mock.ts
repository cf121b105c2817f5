/**
 * One mock a demo server serves: its base state (base-state.ts) or a session (session.ts), two spellings of
 * this one class. The admin routes act on it, the router answers its API requests with its dispatcher
 * (taken once, when the mock is made: nothing is looked up on the request path), and its writes live within
 * its write budget (`--max-write-bytes`; a session's also within the sessions' budget together).
 */
import { budgetWrites, writtenBytesOf } from '../../api/internals.ts'
import type { MockApi } from '../../api/mock-api.ts'
import { dispatcherOf } from '../../api/dispatcher-of.ts'
import type { Dispatcher } from '../../handlers/routing/dispatch.ts'
import type { ScenarioState } from '../../model/state.ts'
import { WriteBudgetError, type WriteBounds } from '../../model/write-budget.ts'
import { WrittenRecords } from '../../model/written-records.ts'
import { registerFaultJson } from '../../testkit/fault-json.ts'
import type { FaultHandle } from '../../testkit/faults.ts'
import { countsOf } from '../../mock-admin/info.ts'
import type { FaultBody } from '../../wire/admin.ts'
import type { OwnData } from '../limits.ts'
import { sizeText } from '../../text/size-text.ts'

/** A fault as the admin route's body and the fault flags bring it. */
export type FaultSpec = FaultBody

/** What a served mock is, for people and for its startup faults. */
export interface ServedAbout {
  /** A scenario name (or a state file's name), and the seed. */
  scenario: string
  seed: number
  /** Faults that hold for its whole life (from flags): they come back after a reset or a clear. */
  startupFaults: readonly FaultSpec[]
}

export abstract class ServedMock {
  readonly api: MockApi
  /** Answers the mock's API requests (`dispatcherOf(api)`, kept). */
  readonly dispatch: Dispatcher
  /** What it serves, for people: a scenario name (or a state file's name) and the seed; `POST scenario` changes them. */
  scenario: string
  seed: number
  readonly startupFaults: readonly FaultSpec[]
  /** Registry ids of the startup faults now registered (so that the console can mark them). */
  readonly startupIds = new Set<number>()

  constructor(api: MockApi, about: ServedAbout, writes: WriteBounds) {
    this.api = api
    this.dispatch = dispatcherOf(api)
    this.scenario = about.scenario
    this.seed = about.seed
    this.startupFaults = about.startupFaults
    budgetWrites(api, new WrittenRecords(writes))
  }

  /** Characters of JSON its writes keep now (since its state was last loaded). */
  get writtenBytes(): number {
    return writtenBytesOf(this.api)
  }

  /** Loads a state (valid; `own`: its records and the bytes it was sent as) in place of its initial state; throws when it cannot. */
  replaceState(state: ScenarioState, own: OwnData): Promise<void> {
    return this.replaceBuilt(own, () => state)
  }

  /**
   * Loads what `build` makes in place of its initial state, once its bounds admit `own` (before anything is
   * built: a refused scenario costs nothing); throws when they do not, or when it cannot be loaded.
   */
  abstract replaceBuilt(own: OwnData, build: () => ScenarioState): Promise<void>
}

/**
 * The bounds of a served mock's writes: `--max-write-bytes` (`limit`), then `beyond` (a session's: the
 * sessions' budget together), which throws `WriteBudgetError` for `more` bytes past it.
 */
export function writeBounds(limit: number, beyond?: (more: number) => void): WriteBounds {
  return {
    admit(total, more) {
      if (total > limit) {
        throw new WriteBudgetError(
          `this mock's writes would keep ${total} bytes of records, over its bound of ${sizeText(limit)} (--max-write-bytes): ` +
            'delete records, reset it or load another state',
        )
      }
      beyond?.(more)
    },
  }
}

/** Applies one fault description to the mock (also used for the command line's fault flags). */
export function applyFault(api: MockApi, spec: FaultSpec): FaultHandle {
  return registerFaultJson(api.faults, spec)
}

/** Registers the mock's startup faults (again, after a reset or a clear). */
export function restoreStartupFaults(target: ServedMock): void {
  target.startupIds.clear()
  for (const spec of target.startupFaults) target.startupIds.add(applyFault(target.api, spec).id)
}

/** Every record the mock holds now. */
export function recordCount(api: MockApi): number {
  return Object.values(countsOf(api)).reduce((sum, count) => sum + count, 0)
}
