/**
 * Drift: how the live service's answer differs from what the mock answers to the same request, judged with
 * verify's own checks (src/checks/aspects.ts): the status and whether it is declared, then for a problem its
 * title, members, error locations, schema and headers, for records their fields, the fields' types, the
 * shapes of ids, timestamps, order and icons, the schema and the links, for a page its paging members and
 * total. Each difference is a check of verify's whose verdict is `differs`, named `<operation>.<aspect>`.
 */
import { ASPECTS, type AspectName, type Discovered } from '../checks/aspects.ts'
import type { Answer } from '../checks/answer.ts'
import { judgeOf, type Judge } from '../checks/openapi-judge.ts'
import { TOPIC as T, type Topic } from '../handlers/decision-topics.ts'
import type { MockContext } from '../handlers/context.ts'
import type { OperationSpec } from '../handlers/operation-spec.ts'
import { copyChunks, bodyLength, type Answer as KitAnswer, type Reply } from '../handlers/reply/reply.ts'
import type { DriftEntry, LiveMode } from '../handlers/trace.ts'
import { MAX_ANSWER_DEPTH } from '../service-client/polite-client.ts'
import { kept, MAX_CHECK_VALUE } from '../text/check-line.ts'
import { nestingOf } from '../text/json-nesting.ts'

/** Most distinct differences `api.drift` keeps; the oldest go first. */
export const MAX_DRIFT_KEPT = 1000

type Checks = Partial<Record<AspectName, Topic>>

/** Compared on every answer. */
const STATUS: Checks = { status: T.statuses, declared: T.statuses, 'content-type': T.errors }
/** A problem's shape and the headers the decisions cover for one. */
const PROBLEM: Checks = { title: T.errors, 'problem-members': T.errors, 'error-locations': T.errors, schema: T.errors, $schema: T.links, link: T.links, 'www-authenticate': T.auth, allow: T.otherPaths }
/** Records: their fields and their types, shapes and order, and the envelope's schema and links. */
const RECORDS: Checks = { schema: T.fields, fields: T.fields, 'field-types': T.fields, 'id-shape': T.ids, timestamps: T.timestamps, order: T.order, icons: T.icons, $schema: T.links, link: T.links }
/** The paging members; the total only where the mock holds what the service does (not what `record` kept of it). */
const PAGE: Checks = { paging: T.paging }
const TOTAL: Checks = { total: T.paging }

/** One side of an exchange: its answer, and each aspect of it as the checks read it (once per aspect). */
export interface Side {
  answer: Answer
  read(aspect: AspectName): string | undefined
}

/** One exchange to compare: the request as the client sent it, and each side. */
export interface Exchange {
  operation: OperationSpec
  mode: Exclude<LiveMode, 'mock'>
  request: { method: string; path: string }
  time: number
  service: Side
  mock: Side
}

/** A side of `answer` (its `$schema` links under `base`), for `operation`, judged by `judge`. */
export function sideOf(answer: Answer, base: string, operation: string, judge: Judge): Side {
  const discovered: Discovered = { base, workspaceId: undefined, applicationId: undefined, total: undefined }
  const read = new Map<AspectName, string | undefined>()
  return {
    answer,
    read: (aspect) => (read.has(aspect) ? read.get(aspect) : read.set(aspect, ASPECTS[aspect](answer, discovered, operation, judge)).get(aspect)),
  }
}

/** The checks an exchange is compared with. */
function checksOf(exchange: Exchange): Checks {
  const { operation, mode } = exchange
  const mock = exchange.mock.answer
  if (mock.status !== exchange.service.answer.status) return STATUS
  if (mock.status >= 400) return { ...STATUS, ...PROBLEM }
  if (mock.json === undefined) return STATUS
  const page = operation.response?.shape === 'page'
  const ids = operation.response?.shape !== 'none' && operation.response?.record === 'workspace' ? { 'id-shape': T.workspacePrefix } : {}
  return { ...STATUS, ...RECORDS, ...ids, ...(page ? PAGE : {}), ...(page && (mode === 'live' || mode === 'shadow') ? TOTAL : {}) }
}

/** The differences of one exchange, fresh (not yet kept by `api.drift`). */
export function differences(exchange: Exchange): DriftEntry[] {
  const found: DriftEntry[] = []
  for (const [aspect, topic] of Object.entries(checksOf(exchange)) as Array<[AspectName, Topic]>) {
    const expected = exchange.mock.read(aspect)
    const observed = exchange.service.read(aspect)
    if (expected === undefined || observed === undefined || expected === observed) continue
    const { operation, mode, request, time } = exchange
    found.push({
      id: `${operation.name}.${aspect}`,
      topic,
      request,
      expected: kept(expected, MAX_CHECK_VALUE),
      observed: kept(observed, MAX_CHECK_VALUE),
      verdict: 'differs',
      operation: operation.name,
      aspect,
      mode,
      time,
      count: 1,
      last: time,
    })
  }
  return found
}

/**
 * `api.drift`: each difference once, however many exchanges show it (`count`, `last`), the newest
 * MAX_DRIFT_KEPT of them. An exchange's `why.live.drift` holds the same entries.
 */
export class DriftLog {
  readonly #drift: DriftEntry[]
  readonly #known = new Map<string, DriftEntry>()
  readonly #onDrift: ((entry: DriftEntry) => void) | undefined
  readonly judge: Judge
  /** The mock's side of a reply it answered: a reply its caches hand out again is read once. */
  readonly #mockSides = new WeakMap<Reply, Map<string, Side>>()

  constructor(mock: MockContext, drift: DriftEntry[], onDrift: ((entry: DriftEntry) => void) | undefined) {
    this.#drift = drift
    this.#onDrift = onDrift
    this.judge = judgeOf(mock.surface)
  }

  /** Compares an exchange; answers its differences as `api.drift` keeps them. */
  compare(exchange: Exchange): DriftEntry[] {
    return differences(exchange).map((entry) => this.#kept(entry))
  }

  /** The mock's side of `answer` (its `$schema` links under `base`); undefined for a `Response` of an override's. */
  mockSide(answer: KitAnswer, base: string, operation: string): Side | undefined {
    if (answer instanceof Response) return undefined
    let sides = this.#mockSides.get(answer)
    if (sides === undefined) this.#mockSides.set(answer, (sides = new Map()))
    const key = `${operation} ${base}`
    let side = sides.get(key)
    if (side === undefined) sides.set(key, (side = sideOf(answerOf(answer), base, operation, this.judge)))
    return side
  }

  #kept(entry: DriftEntry): DriftEntry {
    const key = `${entry.id}\n${entry.expected}\n${entry.observed}`
    const known = this.#known.get(key)
    // `api.reset()` empties the list: a difference seen before it is new again after it.
    if (known !== undefined && this.#drift.includes(known)) {
      known.count++
      known.last = entry.time
      return known
    }
    this.#known.set(key, entry)
    this.#drift.push(entry)
    while (this.#drift.length > MAX_DRIFT_KEPT) {
      const dropped = this.#drift.shift()!
      this.#known.delete(`${dropped.id}\n${dropped.expected}\n${dropped.observed}`)
    }
    try {
      this.#onDrift?.(entry)
    } catch (error) {
      console.error('[workspace-api-mock] live.onDrift failed:', error)
    }
    return entry
  }
}

/** A reply of the kit's as the checks read it. */
function answerOf(answer: Reply): Answer {
  const text = new TextDecoder().decode(copyChunks(answer.chunks, new Uint8Array(bodyLength(answer.chunks))))
  // The kit's own JSON nests as the API does: no bound to check, unlike a service's.
  const json = /json/i.test(answer.headers['Content-Type'] ?? '') && text !== '' ? JSON.parse(text) : undefined
  return { status: answer.status, headers: new Headers(answer.headers), text, json }
}

/** A body's JSON when its type says JSON and it parses within the answers' nesting bound; else undefined. */
export function jsonOf(type: string | null | undefined, text: string): unknown {
  if (!/json/i.test(type ?? '') || text === '' || nestingOf(text) > MAX_ANSWER_DEPTH) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
