/**
 * Drift: how the live service's answers differ from the mock's (a mock with `live`, docs/live.md), each
 * difference once, newest first, in the words of verify's report lines. Read again after each request the
 * service was asked about, and once more a moment later (a `shadow` request is compared when its answer comes).
 */
import { checkLine } from '../text/check-line.ts'
import { h, replace } from './dom.ts'
import type { Status } from './status.ts'
import type { ConsoleTransport, LogEvent } from './transport.ts'

/** When a `shadow` request's answer has most likely come. */
const AGAIN_MS = 1000

export class DriftSection {
  readonly element: HTMLElement
  readonly #list = h('ol', { id: 'drift', class: 'drift' })
  readonly #empty = h('p', { id: 'drift-empty', class: 'empty' }, "No drift: the live service's answers match the mock's (or the mock asks no service).")
  readonly #transport: ConsoleTransport
  readonly #status: Status
  #again: ReturnType<typeof setTimeout> | undefined

  constructor(transport: ConsoleTransport, status: Status) {
    this.#transport = transport
    this.#status = status
    this.element = h('section', { id: 'drift-panel', class: 'panel', 'aria-labelledby': 'drift-title' }, h('h2', { id: 'drift-title' }, 'Drift'), this.#empty, this.#list)
  }

  /** After a request: read again if the service was asked about it. */
  heard(event: LogEvent): void {
    if (event.why.live === undefined) return
    void this.refresh()
    clearTimeout(this.#again)
    this.#again = setTimeout(() => void this.refresh(), AGAIN_MS)
  }

  async refresh(): Promise<void> {
    try {
      const drift = await this.#transport.drift()
      replace(this.#list, ...[...drift].reverse().map((entry) => h('li', {}, h('code', {}, checkLine(entry, 0)), entry.count > 1 ? ` (${entry.count} times)` : '')))
      this.#empty.hidden = drift.length > 0
    } catch (error) {
      this.#status.say((error as Error).message, 'error')
    }
  }

  stop(): void {
    clearTimeout(this.#again)
  }
}
