/**
 * What the Requests log shows of one request: its row (built once, never re-rendered), and the request
 * opened whole below the list.
 */
import { h } from './dom.ts'
import type { JournalEntry, LogEvent } from './transport.ts'
import { describeWhy } from './why-text.ts'

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

/** The log's columns: header, class (the cell's grid area in styles.ts). */
export const COLUMNS = [['Time', 'time'], ['Method', 'method'], ['Path', 'path'], ['Status', 'status'], ['ms', 'num'], ['Detail', 'detail'], ['Operation', 'operation']] as const

export const statusText = (status: number): string => (status === 0 ? 'dropped' : String(status))

function statusClass(status: number): string {
  if (status === 0) return 'dropped'
  if (status < 300) return 'ok'
  if (status < 500) return 'client'
  return 'server'
}

/**
 * A path and query that wraps between its parts (after a `/`, before `?` and `&`), never inside an id
 * at the widths the log is shown at; a part longer than the column still wraps (styles.ts).
 */
export function wrappingPath(path: string): HTMLElement {
  const code = h('code')
  for (const part of path.split(/(?<=\/)|(?=[?&])/)) {
    if (code.firstChild) code.append(h('wbr'))
    code.append(part)
  }
  return code
}

/** A request's row: `open` is called when its path is activated. Its button is out of the Tab order. */
export function logRow(event: LogEvent, open: (seq: number, from: HTMLElement) => void): HTMLTableRowElement {
  const at = new Date(event.time)
  const button = h('button', { type: 'button', class: 'open', tabindex: -1, 'aria-label': `${event.method} ${event.path}, ${statusText(event.status)}: open` }, wrappingPath(event.path))
  button.addEventListener('click', () => open(event.seq, button))
  return h(
    'tr',
    { class: `status-${statusClass(event.status)}`, role: 'row' },
    h('td', { class: 'time', role: 'cell' }, `${clock.format(at)}.${String(at.getMilliseconds()).padStart(3, '0')}`),
    h('td', { class: 'method', role: 'cell' }, event.method),
    h('td', { class: 'path', role: 'cell' }, button),
    h('td', { class: 'status', role: 'cell' }, h('span', { class: 'badge' }, statusText(event.status))),
    h('td', { class: 'num', role: 'cell' }, event.duration.toFixed(1)),
    h('td', { class: 'detail', role: 'cell' }, event.detail ?? ''),
    h('td', { class: 'operation', role: 'cell' }, event.operation ?? ''),
  )
}

/** A request whole: the line, why, headers and both bodies. */
export function entryView(entry: JournalEntry): Node[] {
  const body = (value: unknown) => (value === undefined ? h('p', { class: 'note' }, 'none') : h('pre', { class: 'body', tabindex: 0 }, typeof value === 'string' ? value : JSON.stringify(value, null, 2)))
  const url = new URL(entry.url)
  return [
    h('h3', {}, `${entry.method} `, wrappingPath(url.pathname + url.search), ` → ${statusText(entry.status)}`),
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
