/**
 * What registered faults do to a request that meets them (faults.ts registers them): each counts the
 * request and fires by its schedule, drawing from the mock's seeded source, then delays the request or
 * answers it (a problem, a dropped connection). Loaded with the first request a fault meets: a page that
 * registers none carries none of this.
 *
 * It imports nothing but types: what it decides, the registry (faults.ts) turns into a problem or a network
 * error. A lazy module that imports the page's eager code (the kit's or msw's) splits that code into more
 * chunks in an app's bundle, each gzipped on its own (docs/decisions/0005-light-at-the-edge.md).
 */
import type { Latency } from '../handlers/trace.ts'
import type { RandomSource } from './random-source.ts'

export type Effect =
  | { kind: 'fail'; status: number; detail: string; headers?: Record<string, string> }
  | { kind: 'disconnect' }
  | { kind: 'latency'; latency: Latency }
  | { kind: 'rateLimit'; requests: number; retryAfter: number }

/** A registered fault as it acts: its effect, its schedule, and the requests it saw and hit. */
export interface ActingFault {
  readonly effect: Effect
  readonly schedule: { readonly times?: number; readonly rate?: number }
  seen: number
  hits: number
}

/** What the faults do to a request: answer a problem, drop the connection, or nothing (it goes on). */
export type FaultAnswer = Extract<Effect, { kind: 'fail' | 'disconnect' }> | undefined

/**
 * Runs `faults` (those of one operation, in the order they were added) on a request; `acted` hears of each
 * that acts (with the milliseconds a latency drew), before it delays or answers.
 */
export async function applyFaults<F extends ActingFault>(faults: readonly F[], random: RandomSource, acted: (fault: F, ms?: number) => void): Promise<FaultAnswer> {
  for (const fault of faults) {
    fault.seen++
    const { effect } = fault
    if (effect.kind === 'rateLimit') {
      if (fault.seen <= effect.requests) continue
      fault.hits++
      acted(fault)
      return { kind: 'fail', status: 429, detail: `rate limit of ${effect.requests} requests exceeded`, headers: { 'Retry-After': String(effect.retryAfter) } }
    }
    if (!fires(fault, random)) continue
    fault.hits++
    if (effect.kind === 'latency') {
      const ms = draw(effect.latency, random)
      acted(fault, ms)
      // A timer, as msw's `delay(ms)` is for a number of milliseconds (MAX_LATENCY_MS keeps it within setTimeout's range).
      await new Promise((resolve) => setTimeout(resolve, ms))
      continue
    }
    acted(fault)
    return effect
  }
  return undefined
}

function fires(fault: ActingFault, random: RandomSource): boolean {
  const { times, rate } = fault.schedule
  // Stryker disable next-line ConditionalExpression: same-value
  if (times !== undefined && fault.hits >= times) return false
  // Stryker disable next-line EqualityOperator: random
  if (rate !== undefined && random.next() >= rate) return false
  return true
}

function draw(latency: Latency, random: RandomSource): number {
  if (typeof latency === 'number') return latency
  const [min, max] = latency
  return Math.round(min + (max - min) * random.next())
}
