/**
 * Scenario: what the mock serves (the scenario, its operations) and the profile in force; a switch of preset
 * and seed, a state file (or a failed test's evidence file) loaded, the snapshot downloaded, a reset.
 */
import { readStateText, StateFileError } from '../evidence/read.ts'
import { field, h, plural, replace, select, uniqueId } from './dom.ts'
import type { Status } from './status.ts'
import type { ChangeReason, ConsoleTransport, MockInfo, OperationInfo } from './transport.ts'
import { meaningOf } from './why-text.ts'

export class ScenarioSection {
  readonly element: HTMLElement
  readonly #transport: ConsoleTransport
  readonly #status: Status
  readonly #changed: (why: ChangeReason) => void
  readonly #download = h('a', { id: 'snapshot-download', class: 'button', href: '#', download: 'snapshot.json' }, 'Download snapshot')
  readonly #result = h('p', { id: 'upload-result', class: 'note' })
  readonly #serving = h('p', { id: 'serving', class: 'note' })
  readonly #profile = h('dl', { id: 'profile', class: 'profile' })
  readonly #operations = h('div', { id: 'operations' })
  #shownOperations = ''
  readonly #preset = select('scenario', [])
  readonly #seed = h('input', { id: 'switch-seed', name: 'seed', type: 'number', min: 0, step: 1, required: true, inputmode: 'numeric' })

  constructor(transport: ConsoleTransport, status: Status, changed: (why: ChangeReason) => void) {
    this.#transport = transport
    this.#status = status
    this.#changed = changed
    const reset = h('button', { type: 'button', id: 'reset' }, 'Reset to the initial state')
    reset.addEventListener('click', () => void status.act(reset, async () => {
      await transport.reset()
      changed('reset')
      return 'Reset: back to the initial state (faults, journal cleared)'
    }))
    this.#download.addEventListener('click', () => this.#point())
    this.element = h(
      'section',
      { id: 'state-panel', class: 'panel', 'aria-labelledby': 'state-title' },
      h('h2', { id: 'state-title' }, 'Scenario'),
      this.#serving,
      this.#operations,
      h('div', { class: 'row' }, reset, this.#download),
      this.#uploadForm(),
      this.#result,
      this.#switchForm(),
      h('details', { class: 'profile-box' }, h('summary', {}, 'The profile in force'), this.#profile),
    )
  }

  /** Shows what the mock serves; the snapshot downloads as `<name>.json`. */
  show(info: MockInfo, name = 'snapshot'): void {
    this.#download.download = `${name}.json`
    // A page's snapshot is made when the link is used: not at every refresh.
    if (this.#transport.kind === 'server') this.#point()
    this.#serving.textContent = `Serving ${info.scenario}, seed ${info.seed}.`
    if (this.#preset.options.length === 0) replace(this.#preset, ...info.scenarios.map((preset) => h('option', { value: preset }, preset)))
    if (document.activeElement !== this.#seed) this.#seed.value = String(info.seed)
    if (info.scenarios.includes(info.scenario)) this.#preset.value = info.scenario
    const operations = JSON.stringify(info.operations)
    if (operations !== this.#shownOperations) replace(this.#operations, ...operationLists(info.operations))
    this.#shownOperations = operations
    const { paging, ...knobs } = info.profile
    replace(
      this.#profile,
      ...Object.entries({ 'paging.currentPage': paging.currentPage, 'paging.pageSize': paging.pageSize, ...flatten(knobs) }).flatMap(([name, value]) => {
        const meaning = meaningOf(name, value)
        return [h('dt', {}, name), h('dd', {}, h('code', {}, JSON.stringify(value)), meaning && h('span', { class: 'meaning' }, ` ${meaning}`))]
      }),
    )
  }

  clearResult(): void {
    this.#result.textContent = ''
  }

  /** Points the download link at a fresh snapshot (a `blob:` address of the last one is let go). */
  #point(): void {
    const previous = this.#download.href
    this.#download.href = this.#transport.snapshotUrl()
    if (previous.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(previous), 60_000)
  }

  #uploadForm(): HTMLFormElement {
    const file = h('input', { type: 'file', id: 'upload-file', name: 'file', accept: 'application/json,.json', required: true })
    const form = h('form', { id: 'upload', class: 'row' }, h('label', { for: 'upload-file' }, 'Serve a state or evidence file (JSON)'), file, h('button', { type: 'submit' }, 'Upload'))
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void this.#status.act(form, async () => {
        const chosen = file.files?.[0]
        if (!chosen) throw new Error('Choose a JSON file first')
        this.#result.textContent = ''
        try {
          const counts = await this.#transport.loadState(stateText(await chosen.text()))
          this.#result.textContent = `Serving ${chosen.name}: ${plural(counts.accounts, 'principal')}, ${plural(counts.workspaces, 'workspace')}, ${plural(counts.applications, 'application')}.`
        } catch (error) {
          this.#result.textContent = `${chosen.name} was not loaded: ${(error as Error).message}`
          throw error
        }
        this.#changed('state')
        return `Serving ${chosen.name}`
      })
    })
    return form
  }

  #switchForm(): HTMLFormElement {
    const form = h('form', { id: 'switch', class: 'row' }, field('Preset', this.#preset), field('Seed', this.#seed), h('button', { type: 'submit' }, 'Switch'))
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void this.#status.act(form, async () => {
        const scenario = this.#preset.value
        const seed = Number(this.#seed.value)
        await this.#transport.switchScenario(scenario, seed)
        this.#changed('scenario')
        return `Serving ${scenario}, seed ${seed} (reset returns to it)`
      })
    })
    return form
  }
}

/** The text to load: a state file's as it is, an evidence file's (a failed test's, docs/evidence.md) as the state its test started from. */
function stateText(text: string): string {
  try {
    const { state, evidence } = readStateText(text)
    return evidence ? JSON.stringify(state) : text
  } catch (error) {
    throw error instanceof StateFileError ? new Error(`the file ${error.message}`) : error
  }
}

const KINDS: ReadonlyArray<[OperationInfo['kind'], string]> = [
  ['api', "The API's operations"],
  ['preset', 'Presets opted into (operations the spec leaves unshown)'],
  ['own', 'Operations of your own'],
]

/** A route's path in the spec's syntax (`/api/workspaces/{workspaceId}`), whichever syntax it comes in. */
const specPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

/** The operations served, by where they come from; the kit's own routes folded away. */
function operationLists(operations: readonly OperationInfo[]): HTMLElement[] {
  const list = (kind: OperationInfo['kind'], labelledBy: string) =>
    h('ul', { class: 'operations', 'aria-labelledby': labelledBy }, ...operations.filter((operation) => operation.kind === kind).map((operation) => h('li', {}, h('span', {}, operation.name), h('code', {}, `${operation.method} ${specPath(operation.path)}`))))
  const kit = operations.filter((operation) => operation.kind === 'kit').length
  const kitId = uniqueId('operations')
  return [
    h('h3', {}, 'Operations served'),
    ...KINDS.filter(([kind]) => operations.some((operation) => operation.kind === kind)).flatMap(([kind, title]) => {
      const heading = h('h4', { id: uniqueId('operations') }, title)
      return [heading, list(kind, heading.id)]
    }),
    h('details', { class: 'kit-routes' }, h('summary', { id: kitId }, `The kit's own routes (${kit}): schemas, icons, the OpenAPI documents`), list('kit', kitId)),
  ]
}

/** `{ paging: { pageSize: { max: 100 } } }` as `{ 'paging.pageSize.max': 100 }`. */
function flatten(value: object, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {}
  for (const [key, member] of Object.entries(value)) {
    if (member !== null && typeof member === 'object') Object.assign(flat, flatten(member, `${prefix}${key}.`))
    else flat[`${prefix}${key}`] = member
  }
  return flat
}
