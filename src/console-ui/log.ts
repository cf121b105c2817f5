import { byId, h, replace } from './dom.ts'
import type { LogEvent } from './types.ts'
import { withToken } from './token.ts'

/** Rows the log keeps; older ones drop off the bottom. */
const MAX_ROWS = 500

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

function statusClass(status: number): string {
  if (status === 0) return 'dropped'
  if (status < 300) return 'ok'
  if (status < 500) return 'client'
  return 'server'
}

function row(event: LogEvent): HTMLTableRowElement {
  const at = new Date(event.time)
  return h(
    'tr',
    { class: `status-${statusClass(event.status)}` },
    h('td', { class: 'time' }, `${time.format(at)}.${String(at.getMilliseconds()).padStart(3, '0')}`),
    h('td', { class: 'method' }, event.method),
    h('td', { class: 'path' }, h('code', {}, event.path)),
    h('td', { class: 'status' }, h('span', { class: 'badge' }, event.status === 0 ? 'dropped' : String(event.status))),
    h('td', { class: 'num' }, event.duration.toFixed(1)),
    h('td', { class: 'detail' }, event.detail ?? ''),
  )
}

/** What the rest of the console hears from the stream. */
export interface LogListeners {
  request(event: LogEvent): void
  sessions(): void
  /** The session followed is gone. */
  closed(): void
}

/**
 * The live request log of one mock, newest first, fed by its event stream (`<prefix>/events`): the last
 * requests when it opens, then each request as it is answered.
 */
export class RequestLog {
  #source: EventSource | undefined
  #paused = false
  #held: LogEvent[] = []
  readonly #body = byId('log').querySelector('tbody')!
  readonly #empty = byId('log-empty')
  readonly #live = byId('log-live')
  readonly #pause = byId<HTMLButtonElement>('log-pause')

  readonly #on: LogListeners

  constructor(on: LogListeners) {
    this.#on = on
    this.#pause.addEventListener('click', () => this.#setPaused(!this.#paused))
    byId('log-clear').addEventListener('click', () => this.clear())
  }

  /** Follows the mock whose admin routes are under `prefix`. */
  follow(prefix: string): void {
    this.#source?.close()
    this.clear()
    this.#setLive('connecting…')
    const source = new EventSource(withToken(`${prefix}/events`))
    this.#source = source
    source.addEventListener('open', () => this.#setLive('live'))
    source.addEventListener('dropped', () => this.#setLive('too slow: dropped, reconnecting…'))
    source.addEventListener('error', () => this.#setLive(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting…'))
    source.addEventListener('history', (message) => {
      this.clear()
      for (const event of JSON.parse((message as MessageEvent<string>).data) as LogEvent[]) this.#add(event)
    })
    source.addEventListener('request', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as LogEvent
      this.#add(event)
      this.#on.request(event)
    })
    source.addEventListener('sessions', () => this.#on.sessions())
    source.addEventListener('closed', () => {
      source.close()
      this.#setLive('closed')
      this.#on.closed()
    })
  }

  clear(): void {
    this.#held = []
    replace(this.#body)
    this.#empty.hidden = false
    this.#updatePause()
  }

  #add(event: LogEvent): void {
    if (this.#paused) {
      this.#held.push(event)
      this.#updatePause()
      return
    }
    this.#body.prepend(row(event))
    while (this.#body.rows.length > MAX_ROWS) this.#body.lastElementChild!.remove()
    this.#empty.hidden = true
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

  #setLive(text: string): void {
    this.#live.textContent = text
    this.#live.dataset.state = text === 'live' ? 'live' : 'off'
  }
}
