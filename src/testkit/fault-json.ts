/**
 * A fault as JSON brings it (the demo server's `POST /__admin/faults` body, its fault flags): the zod schema
 * that checks it field by field, and its registration through fault-spec.ts. The schema stays within
 * `FaultSpec`'s shape (checked where it meets `registerFault`) but for two things: `target` is any string
 * (the registry resolves it) and defaults to every operation; and no `headers`, which only code gives.
 */
import { z } from '../model/zod.ts'
import { registerFault, type FaultSpec } from './fault-spec.ts'
import { MAX_FAULT_DETAIL, MAX_LATENCY_MS, MAX_RETRY_AFTER_S, MAX_TARGET_LENGTH } from './fault-bounds.ts'
import type { FaultHandle, FaultRegistry } from './faults.ts'

const ms = () => z.number().check(z.minimum(0), z.maximum(MAX_LATENCY_MS))
const count = () => z.int().check(z.minimum(0))
const schedule = { times: z.optional(count()), rate: z.optional(z.number().check(z.minimum(0), z.maximum(1))) }
const target = z._default(z.string().check(z.minLength(1), z.maxLength(MAX_TARGET_LENGTH)), '*')
const latency = z.union([ms(), z.tuple([ms(), ms()])])

export const faultSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('fail'),
    target,
    status: z.optional(z.int().check(z.minimum(400), z.maximum(599))),
    detail: z.optional(z.string().check(z.maxLength(MAX_FAULT_DETAIL))),
    ...schedule,
  }),
  z.strictObject({ type: z.literal('latency'), target, latency, ...schedule }),
  z.strictObject({ type: z.literal('disconnect'), target, ...schedule }),
  z.strictObject({ type: z.literal('rateLimit'), target, requests: count(), retryAfter: z.optional(z.int().check(z.minimum(0), z.maximum(MAX_RETRY_AFTER_S))) }),
])

/** A fault as JSON brings it, before `faultSchema` fills in its default target. */
export type FaultJson = z.input<typeof faultSchema>

/** `FaultSpec` with any string as target. */
type AnyTarget<T> = T extends FaultSpec<string> ? Omit<T, 'target'> & { target: string } : never

/** Checks a fault as JSON brings it (throws zod's error) and registers it; throws what the registry throws. */
export function registerFaultJson(faults: FaultRegistry<string>, json: FaultJson): FaultHandle {
  const fault: AnyTarget<FaultSpec<string>> = faultSchema.parse(json)
  return registerFault(faults, fault as FaultSpec<string>)
}
