/**
 * Requests: the live log of one mock, newest first (the last requests when it opens, then each request
 * as it is answered), filtered in place; a row opens the request whole below the list (headers, both
 * bodies) with why it was answered so. The rows are one stop of the Tab key: the arrow keys move between them.
 */
import { h, replace, select, uniqueId } from './dom.ts'
import type { Status } from './status.ts'
import type { ConsoleTransport, JournalEntry, LogEvent } from './transport.ts'
import { describeWhy } from './why-text.ts'

/** Rows the log keeps; older ones drop off the bottom. */
const MAX_ROWS = 500

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

const STATUS_CLASSES: Record<string, (status: number) => boolean> = {
  '': () => true,
  '2xx': (status) => status >= 200 && status < 300,
  '4xx': (status) => status >= 400 && status < 500,
  '5xx': (status) => status >= 500,
  dropped: (status) => status === 0,
}
const COLUMNS = [['Time', 'time'], ['Method', 'method'], ['Path', 'path'], ['Status', 'status'], ['ms', 'num'], ['Detail', 'detail'], ['Operation', 'operation']] as const
const DECISIONS = ['', 'operation', 'lookup', 'validation', 'authentication', 'body', 'fault', 'override', 'route', 'error']

function statusClass(status: number): string {
  if (status === 0) return 'dropped'
  if (status < 300) return 'ok'
  if (status < 500) return 'client'
  return 'server'
}

/** What the rest of the UI hears from the log. */
export interface LogEvents {
  request(event: LogEvent): void
  closed?(): void
  sessions?(): void
}

export class RequestsSection {
  readonly element: HTMLElement
  readonly #body = h('tbody')
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
  #held: LogEvent[] = []
  #events = new Map<HTMLTableRowElement, LogEvent>()

  constructor(transport: ConsoleTransport, status: Status, on: LogEvents) {
    this.#transport = transport
    this.#status = status
    this.#on = on
    this.#empty.textContent = transport.kind === 'page' ? 'No requests yet: the page has not called the API.' : 'No requests yet: send one with a curl line from the principals.'
    this.#filters = this.#filterForm()
    const clear = h('button', { type: 'button', id: 'log-clear' }, 'Clear')
    clear.addEventListener('click', () => this.clear())
    this.#pause.addEventListener('click', () => this.#setPaused(!this.#paused))
    this.#body.addEventListener('keydown', (event) => this.#move(event))
    this.element = h(
      'section',
      { id: 'log-panel', class: 'panel log-panel', 'aria-labelledby': 'log-title' },
      h('div', { class: 'panel-head' }, h('h2', { id: 'log-title' }, 'Requests'), h('div', { class: 'actions' }, this.#live, this.#pause, clear)),
      this.#filters,
      h(
        'div',
        { class: 'scroll', tabindex: 0, role: 'region', 'aria-label': 'Request log, newest first' },
        h('table', { id: 'log' }, h('thead', {}, h('tr', {}, ...COLUMNS.map(([name, column]) => h('th', { scope: 'col', class: column }, name)))), this.#body),
        this.#empty,
      ),
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
    this.#held = []
    this.#events.clear()
    replace(this.#body)
    this.#empty.hidden = false
    this.#updatePause()
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

  #matches(event: LogEvent): boolean {
    const value = (name: string) => (this.#filters.elements.namedItem(name) as HTMLInputElement).value
    const text = value('text').trim().toLowerCase()
    return (
      (text === '' || event.path.toLowerCase().includes(text) || (event.detail ?? '').toLowerCase().includes(text)) &&
      STATUS_CLASSES[value('status')]!(event.status) &&
      (value('decision') === '' || event.why.decision.kind === value('decision'))
    )
  }

  #applyFilters(): void {
    for (const [row, event] of this.#events) row.hidden = !this.#matches(event)
    this.#rovingStop()
  }

  #row(event: LogEvent): HTMLTableRowElement {
    const at = new Date(event.time)
    const open = h('button', { type: 'button', class: 'open', tabindex: -1, 'aria-label': `${event.method} ${event.path}, ${event.status === 0 ? 'dropped' : event.status}: open` }, h('code', {}, event.path))
    open.addEventListener('click', () => void this.open(event.seq, open))
    const row = h(
      'tr',
      { class: `status-${statusClass(event.status)}` },
      h('td', { class: 'time' }, `${clock.format(at)}.${String(at.getMilliseconds()).padStart(3, '0')}`),
      h('td', { class: 'method' }, event.method),
      h('td', { class: 'path' }, open),
      h('td', { class: 'status' }, h('span', { class: 'badge' }, event.status === 0 ? 'dropped' : String(event.status))),
      h('td', { class: 'num' }, event.duration.toFixed(1)),
      h('td', { class: 'detail' }, event.detail ?? ''),
      h('td', { class: 'operation' }, event.operation ?? ''),
    )
    row.hidden = !this.#matches(event)
    return row
  }

  #add(event: LogEvent): void {
    if (this.#paused) {
      this.#held.push(event)
      this.#updatePause()
      return
    }
    const row = this.#row(event)
    this.#events.set(row, event)
    this.#body.prepend(row)
    while (this.#body.rows.length > MAX_ROWS) {
      this.#events.delete(this.#body.lastElementChild as HTMLTableRowElement)
      this.#body.lastElementChild!.remove()
    }
    this.#empty.hidden = true
    this.#rovingStop()
  }

  /** Keeps one row's button in the Tab order: the focused one, or the first shown. */
  #rovingStop(): void {
    const buttons = [...this.#body.querySelectorAll<HTMLButtonElement>('tr:not([hidden]) button.open')]
    const current = buttons.find((button) => button.tabIndex === 0) ?? buttons[0]
    for (const button of this.#body.querySelectorAll<HTMLButtonElement>('button.open')) button.tabIndex = button === current ? 0 : -1
  }

  #move(event: KeyboardEvent): void {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const buttons = [...this.#body.querySelectorAll<HTMLButtonElement>('tr:not([hidden]) button.open')]
    const at = buttons.indexOf(event.target as HTMLButtonElement)
    const next = buttons[at + (event.key === 'ArrowDown' ? 1 : -1)]
    if (at < 0 || !next) return
    event.preventDefault()
    for (const button of buttons) button.tabIndex = button === next ? 0 : -1
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
      const held = this.#held
      this.#held = []
      for (const event of held) this.#add(event)
    }
    this.#updatePause()
  }

  #updatePause(): void {
    this.#pause.setAttribute('aria-pressed', String(this.#paused))
    this.#pause.textContent = this.#paused ? `Resume${this.#held.length > 0 ? ` (${this.#held.length} new)` : ''}` : 'Pause'
  }
}

/** A request whole: the line, why, headers and both bodies. */
function entryView(entry: JournalEntry): Node[] {
  const body = (value: unknown) => (value === undefined ? h('p', { class: 'note' }, 'none') : h('pre', { class: 'body', tabindex: 0 }, typeof value === 'string' ? value : JSON.stringify(value, null, 2)))
  return [
    h('h3', {}, `${entry.method} `, h('code', {}, new URL(entry.url).pathname + new URL(entry.url).search), ` → ${entry.status === 0 ? 'dropped' : entry.status}`),
    h('h4', {}, 'Why'),
    h('dl', { class: 'why' }, ...describeWhy(entry.why).flatMap(([term, text]) => [h('dt', {}, term), h('dd', {}, text)])),
    h('h4', {}, 'Request headers'),
    h('dl', { class: 'headers' }, ...Object.entries(entry.headers).flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, h('code', {}, value))])),
    h('h4', {}, 'Request body'),
    body(entry.body),
    h('h4', {}, 'Response body'),
    body(entry.responseBody),
  ]
}
