/**
 * The demo server's admin routes under `/__admin/` (in the manner of WireMock's admin API), so that any
 * client, in any language, can make the API slow or flaky, read the request journal, or reset the state:
 *
 *   POST   /__admin/faults    {"type":"fail","target":"getWorkspace","status":503,"times":2}
 *                             {"type":"latency","target":"*","latency":[200,800]}
 *                             {"type":"disconnect","target":"createWorkspace","rate":0.1}
 *                             {"type":"rateLimit","target":"*","requests":100,"retryAfter":30}
 *   DELETE /__admin/faults    removes the faults added here (startup faults from flags stay)
 *   GET    /__admin/journal   the request journal; DELETE clears it
 *   POST   /__admin/reset     back to the scenario's initial state (startup faults stay)
 *   GET    /__admin/snapshot  the whole state as JSON
 *
 * No credentials: the demo server is a local development tool. Mistakes get the kit's problem responses.
 */
import { z } from '../model/zod.ts'
import type { MockApi } from '../api/create-mock-api.ts'
import { responseTarget } from '../handlers/envelope.ts'
import { Problem, problemReply } from '../handlers/problem.ts'
import { toResponse } from '../handlers/reply.ts'
import { validate } from '../handlers/validation.ts'
import type { OperationTarget } from '../testkit/targets.ts'

export const ADMIN_PREFIX = '/__admin/'

const nonNegative = () => z.number().check(z.minimum(0))
const count = () => z.int().check(z.minimum(0))
const schedule = { times: z.optional(count()), rate: z.optional(z.number().check(z.minimum(0), z.maximum(1))) }
const target = z._default(z.string().check(z.minLength(1)), '*')
const latency = z.union([nonNegative(), z.tuple([nonNegative(), nonNegative()])])

const faultSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('fail'),
    target,
    status: z.optional(z.int().check(z.minimum(400), z.maximum(599))),
    detail: z.optional(z.string()),
    ...schedule,
  }),
  z.strictObject({ type: z.literal('latency'), target, latency, ...schedule }),
  z.strictObject({ type: z.literal('disconnect'), target, ...schedule }),
  z.strictObject({ type: z.literal('rateLimit'), target, requests: count(), retryAfter: z.optional(count()) }),
])

export type FaultSpec = z.input<typeof faultSchema>

/** Applies one fault description to the mock (also used for the command line's fault flags). */
export function applyFault(api: MockApi, spec: FaultSpec): void {
  const fault = faultSchema.parse(spec)
  const on = fault.target as OperationTarget
  switch (fault.type) {
    case 'fail':
      api.faults.fail(on, fault)
      return
    case 'latency':
      api.faults.latency(on, fault.latency, fault)
      return
    case 'disconnect':
      api.faults.disconnect(on, fault)
      return
    case 'rateLimit':
      api.faults.rateLimit(on, fault)
  }
}

/**
 * Answers an admin request, or undefined when the path is not under `/__admin/`. `startupFaults` are the
 * faults the server was started with: re-applied after a reset or a clear, so they hold for the session.
 */
export async function handleAdmin(
  request: Request,
  api: MockApi,
  startupFaults: readonly FaultSpec[],
): Promise<Response | undefined> {
  const url = new URL(request.url)
  if (!url.pathname.startsWith(ADMIN_PREFIX)) return undefined
  const target = responseTarget(url, undefined)
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  const restoreStartupFaults = () => startupFaults.forEach((spec) => applyFault(api, spec))
  try {
    const route = `${request.method} ${url.pathname.slice(ADMIN_PREFIX.length).replace(/\/$/, '')}`
    switch (route) {
      case 'POST faults': {
        const errors: Parameters<typeof validate>[3] = []
        const spec = validate(faultSchema, await readJson(request), 'body', errors)
        if (!spec) throw new Problem(422, 'validation failed', errors)
        try {
          applyFault(api, spec)
        } catch (error) {
          throw new Problem(422, (error as Error).message)
        }
        return json({ added: spec, faults: api.faults.size }, 201)
      }
      case 'DELETE faults':
        api.faults.clear()
        restoreStartupFaults()
        return json({ faults: api.faults.size })
      case 'GET journal':
        return json({ entries: api.journal.entries })
      case 'DELETE journal':
        api.journal.clear()
        return json({ entries: [] })
      case 'POST reset':
        await api.reset()
        restoreStartupFaults()
        return json({ reset: true })
      case 'GET snapshot':
        return json(api.snapshot())
      default:
        throw new Problem(404, `no admin route ${request.method} ${url.pathname}`)
    }
  } catch (error) {
    if (error instanceof Problem) return toResponse(problemReply(error, target))
    throw error
  }
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  try {
    return JSON.parse(text)
  } catch {
    throw new Problem(400, 'request body is not valid JSON')
  }
}
