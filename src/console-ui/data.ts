/**
 * Data: the mock's records, a page at a time (organizations, principals, workspaces, the applications of a
 * workspace); a record's fields, each editable, checked by the kit with its problem shown at the field;
 * a record added by the factories; a record deleted. The next request the page makes sees the change.
 */
import { field, h, plural, replace, select, uniqueId } from './dom.ts'
import type { Status } from './status.ts'
import { TransportError, type AnyRecord, type ChangeReason, type CollectionName, type ConsoleTransport, type MockInfo, type RecordFilter } from './transport.ts'

const PAGE_SIZE = 20
const LABELS: Record<CollectionName, string> = { organizations: 'Organizations', accounts: 'Principals', workspaces: 'Workspaces', applications: 'Applications' }
const SINGULAR: Record<CollectionName, string> = { organizations: 'organization', accounts: 'principal', workspaces: 'workspace', applications: 'application' }
const A: Record<CollectionName, string> = { organizations: 'an organization', accounts: 'a principal', workspaces: 'a workspace', applications: 'an application' }
/** The collection a record's parent is in (the filter and the parent of a record added). */
const PARENT: Partial<Record<CollectionName, 'organizations' | 'workspaces'>> = { accounts: 'organizations', workspaces: 'organizations', applications: 'workspaces' }

export class DataSection {
  readonly element: HTMLElement
  readonly #transport: ConsoleTransport
  readonly #status: Status
  readonly #changed: (why: ChangeReason) => void
  readonly #collection = select('collection', Object.keys(LABELS), 'workspaces', LABELS)
  readonly #parent = h('select', { name: 'parent' })
  readonly #parentLabel = h('label', {}, 'Of')
  readonly #list = h('div', { class: 'records' })
  readonly #editor = h('div', { class: 'record', hidden: true })
  #page = 1
  #info: MockInfo | undefined

  constructor(transport: ConsoleTransport, status: Status, changed: (why: ChangeReason) => void) {
    this.#transport = transport
    this.#status = status
    this.#changed = changed
    this.#parent.id = uniqueId('parent')
    this.#parentLabel.htmlFor = this.#parent.id
    const pick = h('form', { class: 'row' }, field('Collection', this.#collection), h('div', { class: 'field' }, this.#parentLabel, this.#parent))
    pick.addEventListener('change', () => {
      this.#page = 1
      void this.refresh()
    })
    pick.addEventListener('submit', (event) => event.preventDefault())
    this.element = h('section', { id: 'data-panel', class: 'panel', 'aria-labelledby': 'data-title' }, h('h2', { id: 'data-title' }, 'Data'), pick, this.#list, this.#editor)
  }

  get #name(): CollectionName {
    return this.#collection.value as CollectionName
  }

  /** Follows what the mock holds now (the workspaces a filter may name). */
  async show(info: MockInfo): Promise<void> {
    this.#info = info
    await this.refresh()
  }

  async refresh(): Promise<void> {
    const filter = await this.#parents()
    try {
      const page = await this.#transport.records(this.#name, filter, this.#page, PAGE_SIZE)
      this.#renderList(page.records, page.total, filter)
    } catch (error) {
      this.#status.say((error as Error).message, 'error')
    }
  }

  /** The parent choices of the collection shown (the current one kept), and the filter they make. */
  async #parents(): Promise<RecordFilter> {
    const parent = PARENT[this.#name]
    this.#parent.parentElement!.hidden = parent === undefined
    if (parent === undefined) return {}
    const { records } = await this.#transport.records(parent, {}, 1, 100)
    const current = this.#parent.dataset.collection === parent ? this.#parent.value : (this.#info?.principals[0]?.organization ?? '')
    this.#parent.dataset.collection = parent
    this.#parentLabel.textContent = parent === 'workspaces' ? 'Of the workspace' : 'Of the organization'
    const options = parent === 'organizations' ? [h('option', { value: '' }, 'every organization')] : []
    replace(this.#parent, ...options, ...records.map((record) => h('option', { value: record.id, selected: record.id === current }, `${record.name} (${record.id})`)))
    const value = this.#parent.value
    return value === '' ? {} : parent === 'workspaces' ? { workspace: value } : { organization: value }
  }

  #renderList(records: AnyRecord[], total: number, filter: RecordFilter): void {
    const name = this.#name
    const first = (this.#page - 1) * PAGE_SIZE
    const add = h('button', { type: 'button' }, `Add ${A[name]}`)
    add.addEventListener('click', () => void this.#status.act(add, async () => {
      const record = await this.#transport.addRecord(name, filter)
      this.#changed('record')
      await this.refresh()
      this.#edit(record)
      return `Added ${SINGULAR[name]} ${record.id} (built by the factories)`
    }))
    const pager = (label: string, page: number, disabled: boolean) => {
      const button = h('button', { type: 'button', disabled }, label)
      button.addEventListener('click', () => {
        this.#page = page
        void this.refresh()
      })
      return button
    }
    replace(
      this.#list,
      h('table', { class: 'record-list' }, h('caption', {}, `${LABELS[name]}: ${total === 0 ? 'none' : `${first + 1}–${first + records.length} of ${plural(total, SINGULAR[name])}`}`), h('tbody', {}, ...records.map((record) => this.#row(record)))),
      h('div', { class: 'row' }, pager('Previous page', this.#page - 1, this.#page <= 1), pager('Next page', this.#page + 1, first + records.length >= total), add),
    )
  }

  #row(record: AnyRecord): HTMLTableRowElement {
    const open = h('button', { type: 'button', class: 'link' }, record.name || record.id)
    open.addEventListener('click', () => this.#edit(record))
    return h('tr', {}, h('td', {}, open), h('td', {}, h('code', {}, record.id)))
  }

  /** The record's fields as a form: a field changed and saved is checked by the kit; its problem shows at the field. */
  #edit(record: AnyRecord): void {
    const name = this.#name
    const fields = new Map(Object.entries(record).map(([key, value]) => [key, fieldControl(key, value)]))
    const refused = h('p', { class: 'refused', hidden: true })
    const form = h('form', { class: 'record-form', 'aria-label': `${SINGULAR[name]} ${record.id}` }, ...[...fields.values()].map((control) => control.element), h('div', { class: 'row' }, h('button', { type: 'submit' }, 'Save changes'), refused))
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void this.#status.act(form, () => this.#save(record, fields, refused))
    })
    const remove = h('button', { type: 'button', class: 'danger' }, `Delete this ${SINGULAR[name]}`)
    remove.addEventListener('click', () => void this.#status.act(remove, async () => {
      const { deleted } = await this.#transport.deleteRecord(name, record.id)
      this.#editor.hidden = true
      this.#changed('record')
      await this.refresh()
      return `Deleted ${SINGULAR[name]} ${record.id}${deleted > 1 ? ` and ${plural(deleted - 1, 'record')} of it` : ''}`
    }))
    replace(this.#editor, h('h3', {}, `${LABELS[name].replace(/s$/, '')} `, h('code', {}, record.id)), form, remove)
    this.#editor.hidden = false
    fields.get('name')?.input.focus()
  }

  /** Saves what changed; a refusal is shown at its fields (and beside the button), not in the status. */
  async #save(record: AnyRecord, fields: Map<string, FieldControl>, refused: HTMLElement): Promise<string | undefined> {
    const changes: Record<string, unknown> = {}
    for (const [key, control] of fields) {
      const value = control.value()
      if (JSON.stringify(value) !== JSON.stringify((record as unknown as Record<string, unknown>)[key])) changes[key] = value
      showProblem(control.input, undefined)
    }
    refused.hidden = true
    if (Object.keys(changes).length === 0) return 'Nothing changed'
    try {
      const saved = await this.#transport.editRecord(this.#name, record.id, changes)
      this.#changed('record')
      await this.refresh()
      this.#edit(saved)
      return `Saved ${Object.keys(changes).join(', ')} of ${record.id}`
    } catch (error) {
      if (!(error instanceof TransportError)) throw error
      // Each field shows its first problem; the focus goes to the first field refused.
      const problemOf = (key: string) => error.problems.find((problem) => fieldOf(problem.location) === key)?.message
      const marked = [...new Set(error.problems.map((problem) => fieldOf(problem.location)))].filter((key) => showProblem(fields.get(key)?.input, problemOf(key)))
      if (marked.length === 0) throw error
      fields.get(marked[0]!)!.input.focus()
      refused.textContent = `Not saved: ${marked.join(', ')} refused`
      refused.hidden = false
      return undefined
    }
  }
}

/** The record's field a problem's location names: `body.icons.base` is `icons`. */
const fieldOf = (location: string) => location.replace(/^body\./, '').split('.')[0]!

/** Fields holding a time, in epoch milliseconds. */
const TIMES = new Set(['created', 'updated'])

/** A field of the record form: its control, and the value it holds now, typed as the record's. */
interface FieldControl {
  element: HTMLElement
  input: HTMLInputElement
  value(): unknown
}

/**
 * A true/false field is a checkbox; a time is its number with the time it means beside it (the value
 * stays what the API serves); text is text; numbers, lists and objects are JSON.
 */
function fieldControl(key: string, before: unknown): FieldControl {
  const problem = h('p', { class: 'problem', id: uniqueId('problem'), hidden: true })
  if (typeof before === 'boolean') {
    const input = h('input', { type: 'checkbox', name: key, checked: before, 'aria-describedby': problem.id })
    const element = field(key, input, problem)
    element.classList.add('check')
    return { element, input, value: () => input.checked }
  }
  const input = h('input', { name: key, value: typeof before === 'string' ? before : JSON.stringify(before), readonly: key === 'id', spellcheck: 'false' })
  const time = typeof before === 'number' && TIMES.has(key) ? timeNote(input) : undefined
  input.setAttribute('aria-describedby', [time?.id, problem.id].filter(Boolean).join(' '))
  return { element: field(key, input, h('div', {}, time, problem)), input, value: () => typed(input.value, before) }
}

/** The time a field's epoch milliseconds mean, in UTC, following what is typed. */
function timeNote(input: HTMLInputElement): HTMLElement {
  const note = h('p', { class: 'note time', id: uniqueId('time') })
  const show = () => {
    const ms = Number(input.value)
    note.textContent = input.value.trim() !== '' && Number.isInteger(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString().replace('T', ' ').replace('Z', ' UTC') : 'not a time in milliseconds'
  }
  input.addEventListener('input', show)
  show()
  return note
}

/** A typed value as the field's current type: text stays text; numbers, lists and objects as JSON. */
function typed(text: string, before: unknown): unknown {
  if (typeof before === 'string') return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Marks a field with its problem (or clears it); true when there was a field to mark. */
function showProblem(input: HTMLInputElement | undefined, message: string | undefined): boolean {
  if (!input) return false
  const note = input.parentElement!.querySelector<HTMLElement>('.problem')!
  note.textContent = message ?? ''
  note.hidden = message === undefined
  if (message === undefined) input.removeAttribute('aria-invalid')
  else input.setAttribute('aria-invalid', 'true')
  return true
}
