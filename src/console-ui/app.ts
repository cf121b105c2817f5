/**
 * The console's UI over one transport: its sections (Requests, Data, Scenario, Faults, Principals, Coverage) kept
 * up to date. The demo server's console page lays them out side by side (src/server/console/client/);
 * the devtools panel as tabs (src/devtools/). Neither adds a feature of its own but sessions, which only
 * the server has.
 */
import { CoverageSection } from './coverage.ts'
import { DataSection } from './data.ts'
import { FaultsSection } from './faults.ts'
import { RequestsSection } from './log.ts'
import { PrincipalsSection } from './principals.ts'
import { ScenarioSection } from './scenario.ts'
import { Status } from './status.ts'
import type { ChangeReason, ConsoleTransport, MockInfo } from './transport.ts'

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
        // Writes change the counts and the records; fault hits change the fault list.
        if (event.method !== 'GET' || event.status >= 400) this.refreshSoon()
      },
      closed: () => this.#options.closed?.(),
      sessions: () => this.#options.sessions?.(),
    })
    this.data = new DataSection(transport, this.status, changed)
    this.scenario = new ScenarioSection(transport, this.status, changed)
    this.faults = new FaultsSection(transport, this.status, () => changed('faults'))
    this.principals = new PrincipalsSection(transport, this.status)
    this.coverage = new CoverageSection(transport, this.status)
  }

  /** Starts the log and shows the mock. */
  start(): void {
    this.requests.follow()
    void this.refresh()
  }

  stop(): void {
    clearTimeout(this.#refreshing)
    this.requests.stop()
    this.#generation++
  }

  refreshSoon(delay = 250): void {
    clearTimeout(this.#refreshing)
    this.#refreshing = setTimeout(() => void this.refresh(), delay)
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
