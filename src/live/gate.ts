/**
 * The live gate of one mock (its `live` option): which operations the mock answers itself, and how the
 * others reach the service. `live` and `record` serve the service's answer (`record` also keeps its
 * records); `fallback` serves the mock's unless it has no such record; `shadow` serves the mock's and asks
 * the service in the background. Every forwarded request's journal entry says so in `why.live`, and each
 * answer of the service is compared with what the mock answers to the same request (drift.ts): the mock's
 * own answer where it gave one, else a dry run over a store that keeps its writes to itself; what it shows
 * that the mock lacks is kept for the code that follows the service (follow.ts), and a request no route of
 * the mock takes is asked of the service too, in the background, when `*` asks it.
 */
import type { ApiRequest } from '../handlers/api-request.ts'
import type { MockContext } from '../handlers/context.ts'
import type { OperationSpec } from '../handlers/operation-spec.ts'
import type { LiveExchange, LiveGate, LiveSeen } from '../handlers/ports.ts'
import { Problem, problemReply } from '../handlers/reply/problem.ts'
import type { Answer } from '../handlers/reply/reply.ts'
import type { DriftEntry, LiveMode, LiveNote, RequestTrace } from '../handlers/trace.ts'
import type { Account } from '../model/schemas.ts'
import { DriftLog, jsonOf, sideOf } from './drift.ts'
import { dryStore } from './dry-store.ts'
import { Follower, ROUTE_METHODS } from './follow.ts'
import { Service, type Asked } from './forward.ts'
import { keepRecords } from './keep.ts'
import { checkLive, type CheckedLive, type LiveSettings } from './options.ts'

type Mode = Exclude<LiveMode, 'mock'>

/** A dry run's trace: it notes nothing (the journal's entry is the request's, not the dry run's). */
const UNNOTED: RequestTrace = { answered: false, read() {}, wrote() {}, knob() {}, faulted() {}, paged() {} }

/** Most `shadow` requests under way at once: past them, a request is served without asking the service. */
export const MAX_SHADOWS = 8

/** What the service is asked with: the request, its caller, and its operation when the mock has one. */
type Asking = Pick<LiveExchange, 'request' | 'principal'> & { operation?: OperationSpec }

/** Why a request is not forwarded by a demo server that listens beyond loopback. */
const NOT_ADMITTED =
  'not asked: this server forwards only the requests of its admin (Authorization: Bearer <admin token>), since it listens beyond this machine'

export function createLiveGate(options: LiveSettings, mock: MockContext, drift: DriftEntry[]): LiveGate {
  return new Gate(checkLive(options, mock.surface.operations.map((operation) => operation.name)), mock, drift)
}

class Gate implements LiveGate {
  readonly ready = Promise.resolve()
  readonly #live: CheckedLive
  readonly #mock: MockContext
  readonly #service: Service
  readonly #drift: DriftLog | undefined
  /** What the service showed that the mock lacks (with drift on): the code that follows it is written from it. */
  readonly #follower: Follower | undefined
  /** The operations the mock answers itself. */
  readonly #mocked: ReadonlySet<string>
  #shadows = 0

  constructor(live: CheckedLive, mock: MockContext, drift: DriftEntry[]) {
    this.#live = live
    this.#mock = mock
    this.#service = new Service(live, mock)
    this.#drift = live.drift ? new DriftLog(mock, drift, live.onDrift) : undefined
    this.#follower = live.drift ? new Follower(this.#service, live.target, mock.surface.model) : undefined
    const modeOf = (name: string) => live.modes.get(name) ?? live.modes.get('*') ?? 'mock'
    this.#mocked = new Set(mock.surface.operations.map((operation) => operation.name).filter((name) => modeOf(name) === 'mock'))
  }

  mocks(operation: { name: string }): boolean {
    return this.#mocked.has(operation.name)
  }

  answer(exchange: LiveExchange): Promise<Answer> {
    const { modes } = this.#live
    const mode = (modes.get(exchange.operation.name) ?? modes.get('*')) as Mode
    if (mode === 'shadow') return this.#shadow(exchange)
    if (mode === 'fallback') return this.#fallback(exchange)
    return this.#forwarded(exchange, mode)
  }

  /** `live` and `record`: the service's answer (its records kept first, for `record`). */
  async #forwarded(exchange: LiveExchange, mode: 'live' | 'record'): Promise<Answer> {
    const note = this.#note(exchange, mode, 'service')
    if (!this.#admitted(exchange.request, note)) throw new Problem(403, `the live service was ${note.error}`)
    const asked = await this.#ask(exchange, note)
    const json = mode === 'record' || this.#drift ? jsonOf(asked.headers.get('Content-Type'), asked.text) : undefined
    if (mode === 'record' && asked.status < 300) await keepRecords(this.#mock, exchange.operation, exchange.principal, json, note)
    await this.#compare(exchange, note, asked, json, () => exchange.dry(this.#dryStore(), UNNOTED))
    return asked.reply
  }

  /** `fallback`: the mock's answer, unless it has no such record (a lookup's 404): then the service's, its records kept. */
  async #fallback(exchange: LiveExchange): Promise<Answer> {
    try {
      return await exchange.mock()
    } catch (error) {
      if (!(error instanceof Problem && error.status === 404 && error.why?.kind === 'lookup')) throw error
      const note = this.#note(exchange, 'fallback', 'service')
      let asked: Asked
      try {
        if (!this.#admitted(exchange.request, note)) throw error
        asked = await this.#ask(exchange, note)
      } catch {
        // No answer from the service: the mock's own 404 stands (`why.live.error` says why).
        note.served = 'mock'
        throw error
      }
      const json = jsonOf(asked.headers.get('Content-Type'), asked.text)
      if (asked.status < 300) await keepRecords(this.#mock, exchange.operation, exchange.principal, json, note)
      await this.#compare(exchange, note, asked, json, () => exchange.dry(this.#dryStore(), UNNOTED))
      return asked.reply
    }
  }

  /** `shadow`: the mock's answer, at once; the service is asked in the background and its answer compared. */
  async #shadow(exchange: LiveExchange): Promise<Answer> {
    let answer: Answer
    try {
      answer = await exchange.mock()
    } catch (error) {
      if (error instanceof Problem) this.#shadowed(exchange, problemReply(error, exchange.target, this.#mock.profile.problemTitles))
      throw error
    }
    this.#shadowed(exchange, answer)
    return answer
  }

  #shadowed(exchange: LiveExchange, answer: Answer): void {
    const note = this.#note(exchange, 'shadow', 'mock')
    this.#inBackground(exchange, note, (asked) => this.#compare(exchange, note, asked, jsonOf(asked.headers.get('Content-Type'), asked.text), () => answer))
  }

  unrouted(request: ApiRequest, trace: { live?: LiveNote }, principal: Account | undefined): void {
    const mode = this.#live.modes.get('*')
    const follower = this.#follower
    // Only the mock's own principals are forwarded, as for the operations it has.
    if (follower === undefined || mode === undefined || mode === 'mock' || principal === undefined || !ROUTE_METHODS.has(request.method)) return
    let url: string
    try {
      url = this.#service.url(request)
    } catch {
      return
    }
    const note: LiveNote = { mode, url, served: 'mock', credentials: 'none', drift: [] }
    trace.live = note
    this.#inBackground({ request, principal }, note, (asked) => follower.unrouted(request, asked))
  }

  /** Asks the service in the background (within MAX_SHADOWS at once), then `then` with its answer; the client does not wait. */
  #inBackground(asking: Asking, note: LiveNote, then: (asked: Asked) => unknown): void {
    if (!this.#admitted(asking.request, note)) return
    if (this.#shadows >= MAX_SHADOWS) {
      note.error = `not asked: ${MAX_SHADOWS} shadow requests were under way`
      return
    }
    this.#shadows++
    this.#ask(asking, note)
      .then(then)
      .catch((error: unknown) => {
        note.error ??= error instanceof Problem ? error.detail : String(error)
      })
      .finally(() => this.#shadows--)
  }

  /** The request's note in the journal (`why.live`). */
  #note(exchange: LiveExchange, mode: Mode, served: LiveNote['served']): LiveNote {
    const note: LiveNote = { mode, url: this.#service.url(exchange.request), served, credentials: 'none', drift: [] }
    exchange.trace.live = note
    return note
  }

  #admitted(request: ApiRequest, note: LiveNote): boolean {
    if (this.#live.admits === undefined || this.#live.admits(request)) return true
    note.error = NOT_ADMITTED
    return false
  }

  #ask(asking: Asking, note: LiveNote): Promise<Asked> {
    const credentials = this.#service.credentials(asking.principal)
    note.credentials = credentials ? 'mapped' : 'none'
    this.#follower?.sent(credentials)
    return this.#service.ask(asking.operation, asking.request, credentials, note)
  }

  /** Compares the service's answer with the mock's (`mock` gives it, a problem it throws included), and keeps what it shows the mock lacks. */
  async #compare(exchange: LiveExchange, note: LiveNote, asked: Asked, json: unknown, mock: () => Answer | Promise<Answer>): Promise<void> {
    if (this.#drift === undefined) return
    await this.#follower?.answered(exchange, asked, json)
    let answer: Answer
    try {
      answer = await mock()
    } catch (error) {
      if (!(error instanceof Problem)) {
        console.error("[workspace-api-mock] live: the mock's own answer could not be worked out to compare:", error)
        return
      }
      answer = problemReply(error, exchange.target, this.#mock.profile.problemTitles)
    }
    const { request, operation } = exchange
    const side = this.#drift.mockSide(answer, this.#mock.baseUrl ?? request.url.origin, operation.name)
    if (side === undefined) return
    note.drift = this.#drift.compare({
      operation,
      mode: note.mode,
      request: { method: request.method, path: `${request.url.pathname}${request.url.search}`.slice(0, 200) },
      time: Date.now(),
      service: sideOf({ status: asked.status, headers: asked.headers, text: asked.text, json }, this.#live.target, operation.name, this.#drift.judge),
      mock: side,
    })
  }

  seen(): Promise<LiveSeen> {
    return this.#follower?.seen() ?? Promise.resolve({ source: this.#live.target, records: [], writable: [], operations: [], credentials: [] })
  }

  reset(): void {
    this.#follower?.reset()
  }

  #dryStore() {
    return dryStore(this.#mock.store, this.#mock.surface.model, this.#mock.now)
  }
}
