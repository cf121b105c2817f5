import { h, replace } from './dom.ts'
import type { Status } from './status.ts'
import type { ConsoleTransport, FaultInfo, FaultBody, OperationInfo } from './transport.ts'

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

/** The targets a fault may take: the API's operations (the six, presets, your own), then the kit's routes apart. */
function options(operations: readonly OperationInfo[], all: boolean): Array<HTMLOptionElement | HTMLOptGroupElement> {
  const group = (label: string, members: readonly OperationInfo[]) =>
    h('optgroup', { label }, ...members.map((operation) => h('option', { value: operation.name }, operation.name)))
  return [
    ...(all ? [h('option', { value: '*' }, 'every operation')] : []),
    group("The API's operations", operations.filter((operation) => operation.kind !== 'kit')),
    group("The kit's routes (schemas, icons, documents)", operations.filter((operation) => operation.kind === 'kit')),
  ]
}

let formCount = 0

/** A small form: a legend, labelled fields, one submit button. */
function faultForm(
  status: Status,
  legend: string,
  fields: Array<[string, HTMLInputElement | HTMLSelectElement]>,
  submit: string,
  send: (form: HTMLFormElement) => Promise<string>,
): HTMLFormElement {
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
    void status.act(form, () => send(form))
  })
  return form
}

const statusSelect = (name: string, selected = 503) =>
  h('select', { name }, ...STATUSES.map((status) => h('option', { value: status, selected: status === selected }, String(status))))

/**
 * What the demo server's console offered first: latency, a failure rate, one operation failed or
 * disconnected; the active faults listed, each removable.
 */
export class FaultsSection {
  readonly element: HTMLElement
  readonly #active = h('div', { id: 'faults-active' })
  readonly #forms = h('div', { id: 'fault-forms', class: 'fault-forms' })
  readonly #transport: ConsoleTransport
  readonly #status: Status
  readonly #changed: () => void
  #operations: readonly OperationInfo[] = []

  constructor(transport: ConsoleTransport, status: Status, changed: () => void) {
    this.#transport = transport
    this.#status = status
    this.#changed = changed
    this.element = h('section', { id: 'faults-panel', class: 'panel', 'aria-labelledby': 'faults-title' }, h('h2', { id: 'faults-title' }, 'Faults'), this.#active, this.#forms)
  }

  show(faults: readonly FaultInfo[], operations: readonly OperationInfo[]): void {
    if (JSON.stringify(operations) !== JSON.stringify(this.#operations)) {
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
    clear.addEventListener('click', () => void this.#status.act(clear, async () => {
      await this.#transport.clearFaults()
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
          remove.addEventListener('click', () => void this.#status.act(remove, async () => {
            await this.#transport.removeFault(fault.id)
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
    const add = (fault: FaultBody) => async () => {
      await this.#transport.addFault(fault)
      this.#changed()
      return 'Fault added'
    }
    const form = (legend: string, fields: Array<[string, HTMLInputElement | HTMLSelectElement]>, submit: string, fault: (form: HTMLFormElement) => FaultBody) =>
      faultForm(this.#status, legend, fields, submit, (element) => add(fault(element))())
    const targets = (all: boolean) => h('select', { name: 'target' }, ...options(this.#operations, all))
    replace(
      this.#forms,
      form('Latency', [['Delay in ms, or a range min-max', latencyInput()], ['Operations', targets(true)]], 'Add latency', (element) => {
        const [min, max] = value(element, 'latency').split('-').map(Number)
        return { type: 'latency', target: value(element, 'target'), latency: max === undefined ? min! : [min!, max] }
      }),
      form(
        'Failure rate',
        [['Percent of requests', h('input', { name: 'percent', type: 'number', min: 0, max: 100, step: 'any', required: true, value: 10 })], ['Status', statusSelect('status')], ['Operations', targets(true)]],
        'Add failure rate',
        (element) => ({ type: 'fail', target: value(element, 'target'), status: Number(value(element, 'status')), rate: Number(value(element, 'percent')) / 100 }),
      ),
      form('Fail one operation', [['Operation', targets(false)], ['Status', statusSelect('status')], ['Times (empty: every call)', timesInput()]], 'Add failure', (element) => ({
        type: 'fail',
        target: value(element, 'target'),
        status: Number(value(element, 'status')),
        ...times(element),
      })),
      form('Disconnect one operation', [['Operation', targets(false)], ['Times (empty: every call)', timesInput()]], 'Add disconnect', (element) => ({
        type: 'disconnect',
        target: value(element, 'target'),
        ...times(element),
      })),
      form(
        'Rate limit',
        [['Requests allowed', h('input', { name: 'requests', type: 'number', min: 0, step: 1, required: true, value: 5 })], ['Retry-After in seconds', h('input', { name: 'retryAfter', type: 'number', min: 0, step: 1, value: 1 })], ['Operations', targets(true)]],
        'Add rate limit',
        (element) => ({ type: 'rateLimit', target: value(element, 'target'), requests: Number(value(element, 'requests')), retryAfter: Number(value(element, 'retryAfter') || 1) }),
      ),
    )
  }
}

const value = (form: HTMLFormElement, name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim()
const times = (form: HTMLFormElement) => (value(form, 'times') === '' ? {} : { times: Number(value(form, 'times')) })
const timesInput = () => h('input', { name: 'times', type: 'number', min: 1, step: 1 })
const latencyInput = () => h('input', { name: 'latency', required: true, pattern: '\\d+(-\\d+)?', placeholder: '200-800', inputmode: 'numeric' })
