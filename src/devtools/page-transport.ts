/**
 * The console UI's transport to a mock made in the same page (the devtools panel): plain calls into it,
 * through the same functions the demo server's admin routes call (src/mock-admin), so that both answer
 * alike. Nothing leaves the page.
 */
import { replaceInitialState } from '../api/internals.ts'
import type { MockApi } from '../api/mock-api.ts'
import type { CoverageDocument } from '../coverage/document.ts'
import { Problem } from '../handlers/reply/problem.ts'
import { mockInfo } from '../mock-admin/info.ts'
import { logEvent } from '../mock-admin/log-event.ts'
import { addRecord, deleteRecord, editRecord, listRecords } from '../mock-admin/records.ts'
import { presetState } from '../mock-admin/scenario.ts'
import { checkedState } from '../mock-admin/state.ts'
import { registerFault, type FaultSpec } from '../testkit/fault-spec.ts'
import type { ConsoleTransport, FaultBody, LogListener, MockInfo } from '../console-ui/transport.ts'
import { TransportError } from '../console-ui/transport.ts'

/** How many past requests the log starts with. */
const HISTORY = 200

/** A page's mock as the panel takes it: a `MockApi`, or anything holding one (a `BrowserMock`). */
export interface PageMock {
  readonly api: MockApi
  /** Saves the state now (a `BrowserMock` with `persist`), after each change the panel makes. */
  save?(): void
}

/** What the page serves, for people: the scenario's name and seed. */
export interface Serving {
  scenario: string
  seed: number
}

export class PageTransport implements ConsoleTransport {
  readonly kind = 'page'
  readonly origin = location.origin
  readonly #mock: PageMock
  #serving: Serving

  readonly #coverage: (() => CoverageDocument | undefined) | undefined

  /** `coverage`: the document of what the page's mock answered, when the devtools collect it (none: they do not). */
  constructor(mock: PageMock, serving: Serving, coverage?: () => CoverageDocument | undefined) {
    this.#mock = mock
    this.#serving = serving
    this.#coverage = coverage
  }

  async coverage(): Promise<CoverageDocument | undefined> {
    return this.#coverage?.()
  }

  get #api(): MockApi {
    return this.#mock.api
  }

  async info(): Promise<MockInfo> {
    const faults = this.#api.faults.list().map((fault) => ({ ...fault, startup: false }))
    return mockInfo(this.#api, { ...this.#serving, faults, coverage: this.#coverage !== undefined })
  }

  follow(listener: LogListener): () => void {
    listener.history(this.#api.journal.entries.slice(-HISTORY).map(logEvent))
    listener.state('live', true)
    return this.#api.journal.subscribe((entry) => listener.request(logEvent(entry)))
  }

  async entry(seq: number) {
    return this.#api.journal.entry(seq)
  }

  /**
   * The registry checks the values (status, latency, counts); the JSON schema of the admin route is left out
   * (the UI's forms make well-formed faults), since its zod kinds would join the page's eager zod module.
   */
  async addFault(fault: FaultBody): Promise<void> {
    refusing(() => registerFault(this.#api.faults, { target: '*', ...fault } as FaultSpec))
  }

  async removeFault(id: number): Promise<void> {
    if (!this.#api.faults.remove(id)) throw new TransportError(404, `no fault ${id}`)
  }

  async clearFaults(): Promise<void> {
    this.#api.faults.clear()
  }

  async reset(): Promise<void> {
    await this.#api.reset()
    this.#saved()
  }

  snapshotUrl(): string {
    return URL.createObjectURL(new Blob([JSON.stringify(this.#api.snapshot(), null, 2)], { type: 'application/json' }))
  }

  async loadState(text: string): Promise<MockInfo['counts']> {
    const state = refusing(() => {
      try {
        return checkedState(JSON.parse(text), this.#api)
      } catch (error) {
        throw error instanceof SyntaxError ? new Problem(400, `the file is not JSON: ${error.message}`) : error
      }
    })
    await replaceInitialState(this.#api, state)
    this.#serving = { ...this.#serving, scenario: 'state' }
    this.#saved()
    return (await this.info()).counts
  }

  async switchScenario(scenario: string, seed: number): Promise<void> {
    await replaceInitialState(this.#api, refusing(() => presetState(this.#api, scenario, seed)))
    this.#serving = { scenario, seed }
    this.#saved()
  }

  async records(...args: Parameters<ConsoleTransport['records']>) {
    return refusing(() => listRecords(this.#api, ...args))
  }

  async editRecord(...args: Parameters<ConsoleTransport['editRecord']>) {
    return this.#saved(await refusingAsync(() => editRecord(this.#api, ...args)))
  }

  async addRecord(...args: Parameters<ConsoleTransport['addRecord']>) {
    return this.#saved(await refusingAsync(() => addRecord(this.#api, ...args)))
  }

  async deleteRecord(...args: Parameters<ConsoleTransport['deleteRecord']>) {
    return this.#saved(await refusingAsync(() => deleteRecord(this.#api, ...args)))
  }

  async drift() {
    return this.#api.drift
  }

  /** Saves the page's state (persistence), passing a result through. */
  #saved<T>(result?: T): T {
    this.#mock.save?.()
    return result as T
  }
}

/** A refusal of the kit (a `Problem`, a registry's `RangeError`, zod's error) as the UI shows one. */
function asTransportError(error: unknown): unknown {
  if (error instanceof Problem) return new TransportError(error.status, `${error.detail}${error.errors?.[0] ? ` (at ${error.errors[0].location})` : ''}`, error.errors)
  if (error instanceof RangeError || error instanceof TypeError || (error as Error)?.name === 'ZodError') return new TransportError(422, (error as Error).message)
  return error
}

function refusing<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    throw asTransportError(error)
  }
}

async function refusingAsync<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw asTransportError(error)
  }
}
