import { h, replace } from './dom.ts'
import { admin } from './http.ts'
import { act } from './status.ts'
import type { FaultInfo, OperationInfo } from './types.ts'

const STATUSES = [500, 502, 503, 504, 429, 400, 401, 404]

/** A fault in words: `Fail listWorkspaces with 503, 2 times (hit 1)`. */
export function describeFault(fault: FaultInfo): string {
  const target = fault.target === '*' ? 'every operation' : fault.target
  const what =
    fault.type === 'fail'
      ? `Fail ${target} with ${fault.status}`
      : fault.type === 'latency'
        ? `Delay ${target} by ${Array.isArray(fault.latency) ? fault.latency.join('–') : fault.latency} ms`
        : fault.type === 'disconnect'
          ? `Disconnect ${target}`
          : `Rate limit ${target}: ${fault.requests} requests, then 429`
  const schedule = [
    fault.times !== undefined && `${fault.times} time${fault.times === 1 ? '' : 's'}`,
    fault.rate !== undefined && `${Math.round(fault.rate * 1000) / 10}% of requests`,
  ].filter(Boolean)
  return `${what}${schedule.length > 0 ? `, ${schedule.join(', ')}` : ''} (hit ${fault.hits})`
}

function options(operations: readonly OperationInfo[], all: boolean): HTMLOptionElement[] {
  return [
    ...(all ? [h('option', { value: '*' }, 'every operation')] : []),
    ...operations.map((operation) => h('option', { value: operation.name }, operation.name)),
  ]
}

let formCount = 0

/** A small form: a legend, labelled fields, one submit button. */
function faultForm(legend: string, fields: Array<[string, HTMLInputElement | HTMLSelectElement]>, submit: string, send: (form: HTMLFormElement) => Promise<string>): HTMLFormElement {
  const prefix = `fault-${++formCount}`
  const form = h(
    'form',
    { class: 'fault-form' },
    h(
      'fieldset',
      {},
      h('legend', {}, legend),
      ...fields.map(([label, control], index) => {
        control.id = `${prefix}-${index}`
        return h('div', { class: 'field' }, h('label', { for: control.id }, label), control)
      }),
      h('button', { type: 'submit' }, submit),
    ),
  )
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void act(form, () => send(form))
  })
  return form
}

const statusSelect = (name: string, selected = 503) =>
  h('select', { name }, ...STATUSES.map((status) => h('option', { value: status, selected: status === selected }, String(status))))

/** The active faults (with remove buttons) and the forms that add them, for the mock under `prefix`. */
export class FaultPanel {
  #prefix = '/__admin'
  readonly #active: Element
  readonly #forms: Element
  readonly #changed: () => void
  #operations: readonly OperationInfo[] = []

  constructor(active: Element, forms: Element, changed: () => void) {
    this.#active = active
    this.#forms = forms
    this.#changed = changed
  }

  /** Shows the faults of the mock under `prefix`. */
  show(prefix: string, faults: readonly FaultInfo[], operations: readonly OperationInfo[]): void {
    this.#prefix = prefix
    if (operations.length !== this.#operations.length) {
      this.#operations = operations
      this.#renderForms()
    }
    this.#renderActive(faults)
  }

  #renderActive(faults: readonly FaultInfo[]): void {
    if (faults.length === 0) {
      replace(this.#active, h('p', { class: 'note', id: 'faults-none' }, 'No fault is active: every request is answered normally.'))
      return
    }
    const clear = h('button', { type: 'button' }, 'Clear faults')
    clear.addEventListener('click', () => void act(clear, async () => {
      await admin('DELETE faults', `${this.#prefix}/faults`)
      this.#changed()
      return 'Faults cleared (startup faults stay)'
    }))
    replace(
      this.#active,
      h(
        'ul',
        { class: 'faults', 'aria-label': 'Active faults' },
        ...faults.map((fault) => {
          const remove = h('button', { type: 'button', 'aria-label': `Remove: ${describeFault(fault)}` }, 'Remove')
          remove.addEventListener('click', () => void act(remove, async () => {
            await admin('DELETE faults/{id}', `${this.#prefix}/faults/${fault.id}`)
            this.#changed()
            return 'Fault removed'
          }))
          return h('li', { class: 'fault' }, h('span', {}, describeFault(fault), fault.startup ? h('em', {}, ' · from the command line') : ''), remove)
        }),
      ),
      clear,
    )
  }

  #renderForms(): void {
    const add = async (fault: Record<string, unknown>) => {
      await admin('POST faults', `${this.#prefix}/faults`, { body: fault })
      this.#changed()
      return 'Fault added'
    }
    const value = (form: HTMLFormElement, name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim()
    const times = (form: HTMLFormElement) => (value(form, 'times') === '' ? {} : { times: Number(value(form, 'times')) })
    replace(
      this.#forms,
      faultForm(
        'Latency',
        [
          ['Delay in ms, or a range min-max', h('input', { name: 'latency', required: true, pattern: '\\d+(-\\d+)?', placeholder: '200-800', inputmode: 'numeric' })],
          ['Operations', h('select', { name: 'target' }, ...options(this.#operations, true))],
        ],
        'Add latency',
        (form) => {
          const [min, max] = value(form, 'latency').split('-').map(Number)
          return add({ type: 'latency', target: value(form, 'target'), latency: max === undefined ? min : [min, max] })
        },
      ),
      faultForm(
        'Failure rate',
        [
          ['Percent of requests', h('input', { name: 'percent', type: 'number', min: 0, max: 100, step: 'any', required: true, value: 10 })],
          ['Status', statusSelect('status')],
          ['Operations', h('select', { name: 'target' }, ...options(this.#operations, true))],
        ],
        'Add failure rate',
        (form) => add({ type: 'fail', target: value(form, 'target'), status: Number(value(form, 'status')), rate: Number(value(form, 'percent')) / 100 }),
      ),
      faultForm(
        'Fail one operation',
        [
          ['Operation', h('select', { name: 'target' }, ...options(this.#operations, false))],
          ['Status', statusSelect('status')],
          ['Times (empty: every call)', h('input', { name: 'times', type: 'number', min: 1, step: 1 })],
        ],
        'Add failure',
        (form) => add({ type: 'fail', target: value(form, 'target'), status: Number(value(form, 'status')), ...times(form) }),
      ),
      faultForm(
        'Disconnect one operation',
        [
          ['Operation', h('select', { name: 'target' }, ...options(this.#operations, false))],
          ['Times (empty: every call)', h('input', { name: 'times', type: 'number', min: 1, step: 1 })],
        ],
        'Add disconnect',
        (form) => add({ type: 'disconnect', target: value(form, 'target'), ...times(form) }),
      ),
    )
  }
}
