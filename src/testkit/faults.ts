import type { OperationName, OperationSpec } from '../handlers/operation-spec.ts'
import type { FaultGate, FaultOutcome } from '../handlers/ports.ts'
import { MAX_FAULT_DETAIL, MAX_FAULTS, MAX_LATENCY_MS, MAX_RETRY_AFTER_S } from './fault-bounds.ts'
import { Problem } from '../handlers/reply/problem.ts'
import type { FaultDescription, Latency, RequestTrace } from '../handlers/trace.ts'
import type { ActingFault, Effect, FaultAnswer } from './fault-effects.ts'
import type { RandomSource } from './random-source.ts'
import { matchTarget, type OperationTarget } from './targets.ts'

/** How often a fault fires: the first `times` matching calls, and/or a seeded fraction of calls. */
export interface FaultSchedule {
  /** Fire for this many matching calls, then recover. Default: every call. */
  times?: number
  /** Fire for this fraction of matching calls (0..1), drawn from the mock's seeded random source. */
  rate?: number
}

export interface FailOptions extends FaultSchedule {
  /** HTTP status of the problem response. Default 500. */
  status?: number
  /** `detail` of the problem. */
  detail?: string
  /** Extra response headers (e.g. `Retry-After`). */
  headers?: Record<string, string>
}

export interface RateLimitOptions {
  /** Requests allowed before every further one gets 429. */
  requests: number
  /** Seconds sent in `Retry-After`. Default 1. */
  retryAfter?: number
}

export type { FaultDescription, Latency }

/** A registered fault: how many requests it hit, and how to remove it. */
export interface FaultHandle {
  /** Its number in the registry (see `list()`). */
  readonly id: number
  readonly hits: number
  remove(): void
}

interface Fault extends ActingFault {
  id: number
  target: string
  applies: (operation: OperationSpec) => boolean
  schedule: FaultSchedule
}

/**
 * Injected failures, applied before an operation runs so that a faulted request never changes state.
 * Per mock instance (`Name`: its operation names, yours among them); `reset()` clears them.
 */
export class FaultRegistry<Name extends string = OperationName> implements FaultGate {
  #faults: Fault[] = []
  /** The faults that apply to each operation, in order, built on first use after a change (weak: a redefined mock's old operations go). */
  #byOperation = new WeakMap<OperationSpec, Fault[]>()
  #nextId = 1
  #operations: readonly OperationSpec[]
  #random: RandomSource

  constructor(operations: readonly OperationSpec[], random: RandomSource) {
    this.#operations = operations
    this.#random = random
  }

  /** Answer matching requests with a problem of the given status. */
  fail(target: OperationTarget<Name>, options: FailOptions = {}): FaultHandle {
    const status = options.status ?? 500
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`fail: status must be an integer 400..599, got ${status}`)
    }
    if (options.detail !== undefined && options.detail.length > MAX_FAULT_DETAIL) {
      throw new RangeError(`fail: detail must be at most ${MAX_FAULT_DETAIL} characters, got ${options.detail.length}`)
    }
    return this.#add(target, options, {
      kind: 'fail',
      status,
      detail: options.detail ?? `injected fault: ${status}`,
      headers: options.headers,
    })
  }

  /** Drop the connection of matching requests: the client sees a network error. */
  disconnect(target: OperationTarget<Name>, schedule: FaultSchedule = {}): FaultHandle {
    return this.#add(target, schedule, { kind: 'disconnect' })
  }

  /** Delay matching requests, then answer them normally. */
  latency(target: OperationTarget<Name>, latency: Latency, schedule: FaultSchedule = {}): FaultHandle {
    const [min, max] = typeof latency === 'number' ? [latency, latency] : latency
    if (!(min >= 0 && max >= min && max <= MAX_LATENCY_MS)) {
      throw new RangeError(`latency: expected ms from 0 to ${MAX_LATENCY_MS} or [min, max] with min <= max, got ${latency}`)
    }
    return this.#add(target, schedule, { kind: 'latency', latency })
  }

  /** After `requests` matching requests, answer 429 with `Retry-After`. */
  rateLimit(target: OperationTarget<Name>, options: RateLimitOptions): FaultHandle {
    if (!(Number.isInteger(options.requests) && options.requests >= 0)) {
      throw new RangeError(`rateLimit: requests must be a non-negative integer, got ${options.requests}`)
    }
    const retryAfter = options.retryAfter ?? 1
    if (!(Number.isInteger(retryAfter) && retryAfter >= 0 && retryAfter <= MAX_RETRY_AFTER_S)) {
      throw new RangeError(`rateLimit: retryAfter must be an integer from 0 to ${MAX_RETRY_AFTER_S} seconds, got ${retryAfter}`)
    }
    return this.#add(target, {}, {
      kind: 'rateLimit',
      requests: options.requests,
      retryAfter,
    })
  }

  /** The registered faults, in the order they run. */
  list(): FaultDescription[] {
    return this.#faults.map(describe)
  }

  /** Removes the fault with this id; false when there is none. */
  remove(id: number): boolean {
    const before = this.#faults.length
    this.#set(this.#faults.filter((fault) => fault.id !== id))
    return this.#faults.length < before
  }

  /** Removes every fault. */
  clear(): void {
    this.#set([])
  }

  /** Restarts the seeded source too, so that the same test sees the same fault pattern. */
  reset(): void {
    this.clear()
    this.#random.restart()
  }

  get size(): number {
    return this.#faults.length
  }

  /** Runs the faults that match the operation, in the order they were added; tells `trace` which acted. */
  async apply(operation: OperationSpec, trace?: RequestTrace): Promise<FaultOutcome> {
    const faults = this.#faultsOf(operation)
    if (faults.length === 0) return undefined
    // What a fault does loads with the first request one meets (fault-effects.ts).
    const { applyFaults } = await import('./fault-effects.ts')
    return outcomeOf(await applyFaults(faults, this.#random, (fault, ms) => trace?.faulted(describe(fault), ms)))
  }

  #faultsOf(operation: OperationSpec): readonly Fault[] {
    let faults = this.#byOperation.get(operation)
    if (faults === undefined) {
      faults = this.#faults.filter((fault) => fault.applies(operation))
      this.#byOperation.set(operation, faults)
    }
    return faults
  }

  #set(faults: Fault[]): void {
    this.#faults = faults
    this.#byOperation = new WeakMap()
  }

  #add(target: OperationTarget<Name>, schedule: FaultSchedule, effect: Effect): FaultHandle {
    if (schedule.times !== undefined && !(Number.isInteger(schedule.times) && schedule.times >= 0)) {
      throw new RangeError(`times must be a non-negative integer, got ${schedule.times}`)
    }
    if (schedule.rate !== undefined && !(schedule.rate >= 0 && schedule.rate <= 1)) {
      throw new RangeError(`rate must be within 0..1, got ${schedule.rate}`)
    }
    if (this.#faults.length >= MAX_FAULTS) {
      throw new RangeError(`a mock holds at most ${MAX_FAULTS} faults: remove some first (faults.remove, faults.clear; DELETE /__admin/faults)`)
    }
    const fault: Fault = {
      id: this.#nextId++,
      target,
      applies: matchTarget(target, this.#operations),
      schedule,
      effect,
      seen: 0,
      hits: 0,
    }
    this.#set([...this.#faults, fault])
    return {
      id: fault.id,
      get hits() {
        return fault.hits
      },
      remove: () => {
        this.#set(this.#faults.filter((f) => f !== fault))
      },
    }
  }
}

function describe(fault: Fault): FaultDescription {
  const { effect, schedule } = fault
  const description: FaultDescription = { id: fault.id, type: effect.kind, target: fault.target, hits: fault.hits }
  if (effect.kind === 'fail') Object.assign(description, { status: effect.status, detail: effect.detail })
  if (effect.kind === 'latency') description.latency = effect.latency
  if (effect.kind === 'rateLimit') Object.assign(description, { requests: effect.requests, retryAfter: effect.retryAfter })
  if (schedule.times !== undefined) description.times = schedule.times
  if (schedule.rate !== undefined) description.rate = schedule.rate
  return description
}

/** What the faults decided, as the pipeline takes it: a network error (MSW's `HttpResponse.error()` is this) or a problem. */
function outcomeOf(answer: FaultAnswer): FaultOutcome {
  if (answer === undefined) return undefined
  if (answer.kind === 'disconnect') return { response: Response.error() }
  return { problem: new Problem(answer.status, answer.detail, undefined, answer.headers) }
}
