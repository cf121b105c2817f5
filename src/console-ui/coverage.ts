/**
 * The Coverage section: what the mock answered of the outcomes its API has (docs/coverage.md), the
 * largest holes in words, and the coverage document to download (for `coverage merge`). Read when the UI
 * refreshes and on its button: requests come too often to follow one by one.
 */
import type { CoverageDocument } from '../coverage/document.ts'
import { h, plural, replace } from './dom.ts'
import type { Status } from './status.ts'
import type { ConsoleTransport } from './transport.ts'

/** Holes the section names; the document has them all. */
const HOLES_SHOWN = 8

export class CoverageSection {
  readonly element: HTMLElement
  readonly #body = h('div', { id: 'coverage' })
  readonly #transport: ConsoleTransport
  readonly #refresh: HTMLButtonElement
  #download: string | undefined

  constructor(transport: ConsoleTransport, status: Status) {
    this.#transport = transport
    const refresh = h('button', { type: 'button', onclick: () => void status.act(refresh, async () => (await this.refresh(), 'Coverage read')) }, 'Refresh')
    this.#refresh = refresh
    this.element = h('section', { id: 'coverage-panel', class: 'panel', 'aria-labelledby': 'coverage-title' }, h('h2', { id: 'coverage-title' }, 'Coverage'), this.#body)
    replace(this.#body, h('p', {}, this.#refresh))
  }

  #on = false

  /** Reads the coverage anew and shows it; `on` (the mock's info): whether the mock collects it at all. */
  async refresh(on = this.#on): Promise<void> {
    this.#on = on
    this.show(on ? await this.#transport.coverage() : undefined)
  }

  show(document: CoverageDocument | undefined): void {
    if (this.#download) URL.revokeObjectURL(this.#download)
    this.#download = undefined
    if (document === undefined) {
      const how = this.#transport.kind === 'page' ? 'mount the devtools with { coverage: true }' : 'start the server with --coverage'
      replace(this.#body, h('p', { class: 'note' }, `Coverage is off: ${how}.`))
      return
    }
    const { operations, outcomes, topics, requests, holes } = document.summary
    this.#download = URL.createObjectURL(new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' }))
    replace(
      this.#body,
      h('p', {}, `${operations.reached} of ${operations.total} operations, ${outcomes.reached} of ${outcomes.total} outcomes, ${topics.reached} of ${topics.total} decision topics; ${plural(requests, 'request')}.`),
      holes.length === 0 ? h('p', {}, 'Every outcome answered.') : h('p', {}, 'Never answered:'),
      holes.length === 0 ? null : h('ul', { class: 'holes' }, ...holes.slice(0, HOLES_SHOWN).map((hole) => h('li', {}, hole))),
      holes.length > HOLES_SHOWN ? h('p', { class: 'note' }, `And ${holes.length - HOLES_SHOWN} more in the document.`) : null,
      h('p', {}, h('a', { href: this.#download, download: 'workspace-api-mock-coverage.json', class: 'button' }, 'Download coverage.json'), ' ', this.#refresh),
    )
  }
}
