/** Sessions (the demo server only): a form that creates one, and each with buttons to open (follow) or delete it. */
import { h, replace } from './dom.ts'
import type { Status } from './status.ts'
import type { SessionsTransport } from './transport.ts'

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hour12: false })

export class SessionsSection {
  readonly element: HTMLElement
  readonly #list = h('div', { id: 'sessions' })
  readonly #form: HTMLFormElement
  readonly #scenario = h('select', { id: 'session-scenario', name: 'scenario' })
  readonly #seed = h('input', { id: 'session-seed', name: 'seed', type: 'number', step: 1, inputmode: 'numeric', placeholder: "server's" })
  readonly #sessions: SessionsTransport
  readonly #status: Status
  readonly #open: (id: string | undefined) => void
  #current: string | undefined

  constructor(sessions: SessionsTransport, status: Status, open: (id: string | undefined) => void) {
    this.#sessions = sessions
    this.#status = status
    this.#open = open
    this.#form = h(
      'form',
      { id: 'session-create', class: 'row' },
      h('label', { for: 'session-scenario' }, 'Scenario'),
      this.#scenario,
      h('label', { for: 'session-seed' }, 'Seed'),
      this.#seed,
      h('button', { type: 'submit' }, 'Create session'),
    )
    this.#form.addEventListener('submit', (event) => {
      event.preventDefault()
      void status.act(this.#form, async () => {
        const seed = this.#seed.value.trim()
        const session = await sessions.create({
          ...(this.#scenario.value !== '' && { scenario: this.#scenario.value }),
          ...(seed !== '' && { seed: Number(seed) }),
        })
        await this.refresh()
        return `Created session ${session.id}`
      })
    })
    this.element = h(
      'section',
      { id: 'sessions-panel', class: 'panel', 'aria-labelledby': 'sessions-title' },
      h('h2', { id: 'sessions-title' }, 'Sessions'),
      h('p', { class: 'note' }, 'Each session has its own state and credentials: ', h('code', {}, 'POST /__admin/sessions'), '.'),
      this.#form,
      this.#list,
    )
  }

  /** Marks the session the console follows (undefined: the base state). */
  setCurrent(id: string | undefined): void {
    this.#current = id
  }

  async refresh(): Promise<void> {
    const list = await this.#sessions.list()
    if (this.#scenario.options.length === 0) {
      replace(this.#scenario, h('option', { value: '' }, "the server's data"), ...list.scenarios.map((name) => h('option', { value: name }, name)))
    }
    if (list.sessions.length === 0) {
      replace(this.#list, h('p', { class: 'note' }, `No session yet (at most ${list.maxSessions}; idle ones expire after ${Math.round(list.idleTimeout / 60_000)} min).`))
      return
    }
    const header = h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Session'), h('th', { scope: 'col' }, 'Data'), h('th', { scope: 'col' }, 'Expires'), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions'))))
    replace(this.#list, h('table', { class: 'sessions' }, h('caption', { class: 'visually-hidden' }, 'Sessions'), header, h('tbody', {}, ...list.sessions.map((session) => this.#row(session)))))
  }

  #row(session: { id: string; scenario: string; seed: number; expiresAt: string }): HTMLTableRowElement {
    const current = session.id === this.#current
    const open = h('button', { type: 'button', 'aria-label': `${current ? 'Opened' : 'Open'} session ${session.id}`, disabled: current }, current ? 'Opened' : 'Open')
    open.addEventListener('click', () => this.#open(session.id))
    const remove = h('button', { type: 'button', 'aria-label': `Delete session ${session.id}` }, 'Delete')
    remove.addEventListener('click', () => void this.#status.act(remove, async () => {
      await this.#sessions.delete(session.id)
      if (current) this.#open(undefined)
      await this.refresh()
      return `Deleted session ${session.id}`
    }))
    return h(
      'tr',
      { 'aria-current': current ? 'true' : undefined },
      h('td', {}, h('code', { title: session.id }, `${session.id.slice(0, 12)}…`)),
      h('td', {}, `${session.scenario}, seed ${session.seed}`),
      h('td', {}, clock.format(new Date(session.expiresAt))),
      h('td', { class: 'buttons' }, open, remove),
    )
  }
}
