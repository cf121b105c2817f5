/**
 * Requests: the live log of one mock, newest first (the last requests when it opens, then each request
 * as it is answered), filtered in place; a row opens the request whole below the list (headers, both
 * bodies) with why it was answered so. The rows are one stop of the Tab key: the arrow keys move between them.
 *
 * What it costs the page: the requests that arrive wait in a queue, and once every FLUSH_MS at most their
 * rows are built and put on top of the table in one insertion; no row already shown is touched again (but the
 * ones that drop off the bottom). A page making requests as fast as it can then renders a few frames a
 * second for the log, not one per request. The table holds MAX_ROWS rows; paused, the log keeps the
 * newest MAX_ROWS requests and counts the others, so that Resume builds one table's worth of rows at most.
 */
import { count, h, replace, select, uniqueId } from './dom.ts'
import { COLUMNS, entryView, logRow } from './log-row.ts'
import type { Status } from './status.ts'
import type { ConsoleTransport, JournalEntry, LogEvent } from './transport.ts'

/** Rows the log keeps; older ones drop off the bottom. Also the most requests kept while paused. */
export const MAX_ROWS = 500
/**
 * Rows per `<tbody>`: a group out of view is skipped by rendering (content-visibility in styles.ts), and rows
 * put on top move the groups below as wholes.
 */
const CHUNK_ROWS = 50
/** How often at most the log changes while requests arrive. */
const FLUSH_MS = 200

const STATUS_CLASSES: Record<string, (status: number) => boolean> = {
  '': () => true,
  '2xx': (status) => status >= 200 && status < 300,
  '4xx': (status) => status >= 400 && status < 500,
  '5xx': (status) => status >= 500,
  dropped: (status) => status === 0,
}
const DECISIONS = ['', 'operation', 'lookup', 'validation', 'authentication', 'body', 'fault', 'override', 'route', 'error']

/** What the rest of the UI hears from the log. */
export interface LogEvents {
  request(event: LogEvent): void
  closed?(): void
  sessions?(): void
}

/** Requests waiting to be shown, the newest MAX_ROWS kept; `count` says how many came in all. */
class Queue {
  events: LogEvent[] = []
  count = 0

  push(event: LogEvent): void {
    this.events.push(event)
    this.count++
    // Trimmed now and then rather than at each push: a copy per MAX_ROWS requests.
    if (this.events.length >= 2 * MAX_ROWS) this.events = this.events.slice(-MAX_ROWS)
  }

  /** The newest MAX_ROWS, oldest first; the queue is empty after. */
  take(): LogEvent[] {
    const taken = this.events.slice(-MAX_ROWS)
    this.events = []
    this.count = 0
    return taken
  }

  get dropped(): number {
    return Math.max(0, this.count - MAX_ROWS)
  }

  get kept(): number {
    return this.count - this.dropped
  }
}

export class RequestsSection {
  readonly element: HTMLElement
  /** The table: its head, then the rows in groups of CHUNK_ROWS (`<tbody>`), newest first. */
  readonly #table: HTMLTableElement
  readonly #empty = h('p', { id: 'log-empty', class: 'empty' })
  readonly #live = h('span', { id: 'log-live', class: 'live' }, 'connecting…')
  readonly #pause = h('button', { type: 'button', id: 'log-pause', 'aria-pressed': 'false' }, 'Pause')
  readonly #filters: HTMLFormElement
  readonly #detail = h('section', { id: 'log-detail', class: 'log-detail', 'aria-label': 'The request opened', tabindex: -1, hidden: true })
  readonly #transport: ConsoleTransport
  readonly #status: Status
  readonly #on: LogEvents
  #stop: (() => void) | undefined
  #paused = false
  /** Requests to show at the next frame, and those held while paused. */
  #pending = new Queue()
  #held = new Queue()
  #flushing: ReturnType<typeof setTimeout> | undefined
  #flushed = -Infinity
  #events = new Map<HTMLTableRowElement, LogEvent>()
  /** The one row button in the Tab order. */
  #tabStop: HTMLButtonElement | undefined

  constructor(transport: ConsoleTransport, status: Status, on: LogEvents) {
    this.#transport = transport
    this.#status = status
    this.#on = on
    this.#empty.textContent = transport.kind === 'page' ? 'No requests yet: the page has not called the API.' : 'No requests yet: send one with a curl line from the principals.'
    this.#filters = this.#filterForm()
    const clear = h('button', { type: 'button', id: 'log-clear' }, 'Clear')
    clear.addEventListener('click', () => this.clear())
    this.#pause.addEventListener('click', () => this.#setPaused(!this.#paused))
    const head = h('thead', { role: 'rowgroup' }, h('tr', { role: 'row' }, ...COLUMNS.map(([name, column]) => h('th', { scope: 'col', role: 'columnheader', class: column }, name))))
    this.#table = h('table', { id: 'log', role: 'table' }, head)
    this.#table.addEventListener('keydown', (event) => this.#move(event))
    this.element = h(
      'section',
      { id: 'log-panel', class: 'panel log-panel', 'aria-labelledby': 'log-title' },
      h('div', { class: 'panel-head' }, h('h2', { id: 'log-title' }, 'Requests'), h('div', { class: 'actions' }, this.#live, this.#pause, clear)),
      this.#filters,
      h('div', { class: 'scroll', tabindex: 0, role: 'region', 'aria-label': 'Request log, newest first' }, this.#table, this.#empty),
      this.#detail,
    )
  }

  /** Follows the transport's log from its history on. */
  follow(): void {
    this.#stop?.()
    this.clear()
    this.#stop = this.#transport.follow({
      history: (events) => {
        this.clear()
        for (const event of events) this.#add(event)
        this.#flush()
      },
      request: (event) => {
        this.#add(event)
        this.#on.request(event)
      },
      state: (text, live) => {
        this.#live.textContent = text
        this.#live.dataset.state = live ? 'live' : 'off'
      },
      closed: () => this.#on.closed?.(),
      sessions: () => this.#on.sessions?.(),
    })
  }

  stop(): void {
    this.#stop?.()
    this.#stop = undefined
  }

  clear(): void {
    this.#pending.take()
    this.#held.take()
    this.#events.clear()
    this.#tabStop = undefined
    replace(this.#table, this.#table.tHead)
    this.#empty.hidden = false
    this.#updatePause()
  }

  #add(event: LogEvent): void {
    const queue = this.#paused ? this.#held : this.#pending
    queue.push(event)
    // The first request after a quiet spell shows at once; those that follow it, FLUSH_MS after the last change.
    this.#flushing ??= setTimeout(() => this.#flush(), Math.max(0, this.#flushed + FLUSH_MS - performance.now()))
  }

  /** Shows what arrived since the last time: new rows on top, in one insertion (or the count held, paused). */
  #flush(): void {
    clearTimeout(this.#flushing)
    this.#flushing = undefined
    this.#flushed = performance.now()
    if (this.#paused) this.#updatePause()
    else this.#show(this.#pending.take())
  }

  /** Puts rows on top of the table, newest first; the oldest drop off the bottom. */
  #show(events: readonly LogEvent[]): void {
    if (events.length === 0) return
    const shown = this.#matcher()
    const table = this.#table
    for (const event of events) {
      const row = logRow(event, (seq, from) => void this.open(seq, from))
      row.hidden = !shown(event)
      this.#events.set(row, event)
      let top = table.tBodies[0]
      if (!top || top.rows.length >= CHUNK_ROWS) table.tHead!.after((top = h('tbody', { role: 'rowgroup' })))
      top.prepend(row)
    }
    for (let over = this.#events.size - MAX_ROWS; over > 0; over--) {
      const chunk = table.tBodies[table.tBodies.length - 1]!
      this.#events.delete(chunk.rows[chunk.rows.length - 1]!)
      chunk.lastElementChild!.remove()
      if (chunk.rows.length === 0) chunk.remove()
    }
    this.#empty.hidden = true
    this.#keepTabStop()
  }

  #filterForm(): HTMLFormElement {
    const form = h('form', { class: 'filters', role: 'search', 'aria-label': 'Filter the requests' })
    const text = h('input', { name: 'text', type: 'search', placeholder: 'path or detail' })
    const statuses = select('status', Object.keys(STATUS_CLASSES), '', { '': 'any status' })
    const decisions = select('decision', DECISIONS, '', { '': 'any reason' })
    for (const [label, control] of [['Path or detail contains', text], ['Status', statuses], ['Decided by', decisions]] as const) {
      control.id = uniqueId('filter')
      form.append(h('label', { for: control.id, class: 'visually-hidden' }, label), control)
    }
    form.addEventListener('input', () => this.#applyFilters())
    form.addEventListener('submit', (event) => event.preventDefault())
    return form
  }

  /** The filters as they stand, read once for all the rows they are applied to. */
  #matcher(): (event: LogEvent) => boolean {
    const value = (name: string) => (this.#filters.elements.namedItem(name) as HTMLInputElement).value
    const text = value('text').trim().toLowerCase()
    const status = STATUS_CLASSES[value('status')]!
    const decision = value('decision')
    return (event) =>
      (text === '' || event.path.toLowerCase().includes(text) || (event.detail ?? '').toLowerCase().includes(text)) &&
      status(event.status) &&
      (decision === '' || event.why.decision.kind === decision)
  }

  #applyFilters(): void {
    const shown = this.#matcher()
    for (const [row, event] of this.#events) row.hidden = !shown(event)
    this.#keepTabStop()
  }

  /** Keeps one row's button in the Tab order: the one that had it while its row is shown, else the first shown. */
  #keepTabStop(): void {
    const current = this.#tabStop
    if (current?.isConnected && !current.closest('tr')!.hidden) return
    this.#setTabStop(this.#table.querySelector<HTMLButtonElement>('tr:not([hidden]) button.open') ?? undefined)
  }

  #setTabStop(button: HTMLButtonElement | undefined): void {
    if (this.#tabStop) this.#tabStop.tabIndex = -1
    this.#tabStop = button
    if (button) button.tabIndex = 0
  }

  /** ArrowDown and ArrowUp: the next or previous row shown. */
  #move(event: KeyboardEvent): void {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const from = (event.target as HTMLElement).closest('tr')
    if (!from || !(event.target as HTMLElement).matches('button.open')) return
    // The table's rows across its groups; the first is the head's.
    const rows = this.#table.rows
    const step = event.key === 'ArrowDown' ? 1 : -1
    let at = from.rowIndex + step
    while (rows[at]?.hidden) at += step
    const next = at > 0 ? rows[at]?.querySelector<HTMLButtonElement>('button.open') : undefined
    if (!next) return
    event.preventDefault()
    this.#setTabStop(next)
    next.focus()
  }

  /** Shows one request whole, with its why. */
  async open(seq: number, from?: HTMLElement): Promise<void> {
    let entry: JournalEntry | undefined
    try {
      entry = await this.#transport.entry(seq)
    } catch (error) {
      this.#status.say((error as Error).message, 'error')
      return
    }
    if (!entry) {
      this.#status.say(`Request ${seq} is no longer in the journal`, 'error')
      return
    }
    const close = h('button', { type: 'button' }, 'Close')
    close.addEventListener('click', () => {
      this.#detail.hidden = true
      from?.focus()
    })
    replace(this.#detail, ...entryView(entry), close)
    this.#detail.hidden = false
    this.#detail.focus()
  }

  #setPaused(paused: boolean): void {
    this.#paused = paused
    if (!paused) {
      for (const event of this.#held.take()) this.#pending.push(event)
      this.#show(this.#pending.take())
    }
    this.#updatePause()
  }

  #updatePause(): void {
    const held = this.#held
    this.#pause.setAttribute('aria-pressed', String(this.#paused))
    const counts = [held.kept > 0 && `${count(held.kept)} new`, held.dropped > 0 && `${count(held.dropped)} dropped`].filter(Boolean)
    this.#pause.textContent = this.#paused ? `Resume${counts.length > 0 ? ` (${counts.join(', ')})` : ''}` : 'Pause'
  }
}
