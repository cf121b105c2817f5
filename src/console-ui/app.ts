/**
 * The console's UI over one transport: its sections (Requests, Data, Scenario, Faults, Principals, Coverage,
 * Drift) kept up to date. The demo server's console page lays them out side by side (src/console-page/);
 * the devtools panel as tabs (src/devtools/). Neither adds a feature of its own but sessions, which only
 * the server has.
 */
import { CoverageSection } from './coverage.ts'
import { DataSection } from './data.ts'
import { DriftSection } from './drift.ts'
import { FaultsSection } from './faults.ts'
import { RequestsSection } from './log.ts'
import { PrincipalsSection } from './principals.ts'
import { ScenarioSection } from './scenario.ts'
import { Status } from './status.ts'
import type { ChangeReason, ConsoleTransport, LogEvent, MockInfo } from './transport.ts'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether a request changed what the UI shows: a write the mock took (the counts, the records), or a fault
 * that acted (its hits). A refused request changes nothing, and costs the view nothing.
 */
function changesTheMock(event: LogEvent): boolean {
  const written = !READS.has(event.method) && event.status >= 200 && event.status < 400
  return written || event.why.decision.kind === 'fault' || event.why.delays.length > 0
}

export interface ConsoleUiOptions {
  /** The live region the UI speaks in. */
  status: HTMLElement
  /** Called with what the UI changed (after it changed it). */
  changed?(why: ChangeReason): void
  /** Called with every fresh view of the mock (the page's summary line). */
  info?(info: MockInfo): void
  /** The session the log followed is gone. */
  closed?(): void
  /** The list of sessions changed. */
  sessions?(): void
  /** The snapshot's file name. */
  snapshotName?(): string
  /** A refresh failed: true when the caller took care of it (else the UI says the error). */
  refused?(error: unknown): boolean
}

export class ConsoleUi {
  readonly status: Status
  readonly requests: RequestsSection
  readonly data: DataSection
  readonly scenario: ScenarioSection
  readonly faults: FaultsSection
  readonly principals: PrincipalsSection
  readonly drift: DriftSection
  readonly coverage: CoverageSection
  readonly #transport: ConsoleTransport
  readonly #options: ConsoleUiOptions
  #refreshing: ReturnType<typeof setTimeout> | undefined
  #generation = 0

  constructor(transport: ConsoleTransport, options: ConsoleUiOptions) {
    this.#transport = transport
    this.#options = options
    this.status = new Status(options.status)
    const changed = (why: ChangeReason) => {
      this.#options.changed?.(why)
      // A new state brings a new journal: the log starts again from its history.
      if (why === 'reset' || why === 'state' || why === 'scenario') this.requests.follow()
      this.refreshSoon(0)
    }
    this.requests = new RequestsSection(transport, this.status, {
      request: (event) => {
        if (changesTheMock(event)) this.refreshSoon(500)
        this.drift.heard(event)
      },
      closed: () => this.#options.closed?.(),
      sessions: () => this.#options.sessions?.(),
    })
    this.data = new DataSection(transport, this.status, changed)
    this.scenario = new ScenarioSection(transport, this.status, changed)
    this.faults = new FaultsSection(transport, this.status, () => changed('faults'))
    this.principals = new PrincipalsSection(transport, this.status)
    this.drift = new DriftSection(transport, this.status)
    this.coverage = new CoverageSection(transport, this.status)
  }

  /** Starts the log and shows the mock. */
  start(): void {
    this.requests.follow()
    void this.refresh()
    void this.drift.refresh()
  }

  stop(): void {
    clearTimeout(this.#refreshing)
    this.#refreshing = undefined
    this.requests.stop()
    this.drift.stop()
    this.#generation++
  }

  /**
   * Refreshes in `delay` ms, unless a refresh is due already: it reads what changed meanwhile too, and a
   * steady stream of writes refreshes the view every `delay` ms rather than never. 0 refreshes at once.
   */
  refreshSoon(delay = 250): void {
    if (this.#refreshing !== undefined && delay > 0) return
    clearTimeout(this.#refreshing)
    this.#refreshing = setTimeout(() => {
      this.#refreshing = undefined
      void this.refresh()
    }, delay)
  }

  /** Reads the mock anew and shows it; undefined (said in the status) when it cannot be read. */
  async refresh(): Promise<MockInfo | undefined> {
    const generation = this.#generation
    let info: MockInfo
    try {
      info = await this.#transport.info()
    } catch (error) {
      if (!this.#options.refused?.(error)) this.status.say((error as Error).message, 'error')
      return undefined
    }
    if (generation !== this.#generation) return undefined
    this.#options.info?.(info)
    this.principals.show(info.principals)
    this.faults.show(info.faults, info.operations)
    this.scenario.show(info, this.#options.snapshotName?.())
    await this.data.show(info)
    await this.coverage.refresh(info.coverage)
    return info
  }
}
