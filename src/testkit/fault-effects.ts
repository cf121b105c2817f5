/**
 * What registered faults do to a request that meets them (faults.ts registers them): each counts the
 * request and fires by its schedule, drawing from the mock's seeded source, then delays the request or
 * answers it (a problem, a dropped connection). Loaded with the first request a fault meets: a page that
 * registers none carries none of this.
 */
import { delay, HttpResponse } from 'msw'
import type { FaultOutcome } from '../handlers/ports.ts'
import { Problem } from '../handlers/reply/problem.ts'
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

/**
 * Runs `faults` (those of one operation, in the order they were added) on a request; `acted` hears of each
 * that acts (with the milliseconds a latency drew), before it delays or answers.
 */
export async function applyFaults<F extends ActingFault>(faults: readonly F[], random: RandomSource, acted: (fault: F, ms?: number) => void): Promise<FaultOutcome> {
  for (const fault of faults) {
    fault.seen++
    const { effect } = fault
    if (effect.kind === 'rateLimit') {
      if (fault.seen <= effect.requests) continue
      fault.hits++
      acted(fault)
      return {
        problem: new Problem(429, `rate limit of ${effect.requests} requests exceeded`, undefined, {
          'Retry-After': String(effect.retryAfter),
        }),
      }
    }
    if (!fires(fault, random)) continue
    fault.hits++
    if (effect.kind === 'latency') {
      const ms = draw(effect.latency, random)
      acted(fault, ms)
      await delay(ms)
      continue
    }
    acted(fault)
    if (effect.kind === 'disconnect') return { response: HttpResponse.error() }
    return { problem: new Problem(effect.status, effect.detail, undefined, effect.headers) }
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
