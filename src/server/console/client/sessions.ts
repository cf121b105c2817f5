import { byId, h, replace } from './dom.ts'
import { admin } from './http.ts'
import { act } from './status.ts'

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hour12: false })

/** The server's sessions: a form that creates one, and each with buttons to open (follow) or delete it. */
export class SessionPanel {
  readonly #list = byId('sessions')
  readonly #form = byId<HTMLFormElement>('session-create')
  readonly #scenario = byId<HTMLSelectElement>('session-scenario')
  readonly #open: (id: string | undefined) => void
  #current: string | undefined

  constructor(open: (id: string | undefined) => void) {
    this.#open = open
    this.#form.addEventListener('submit', (event) => {
      event.preventDefault()
      void act(this.#form, async () => {
        const seed = (this.#form.elements.namedItem('seed') as HTMLInputElement).value.trim()
        const body: Record<string, unknown> = {}
        if (this.#scenario.value !== '') body.scenario = this.#scenario.value
        if (seed !== '') body.seed = Number(seed)
        const session = await admin('POST sessions', '/__admin/sessions', { body })
        await this.refresh()
        return `Created session ${session.id}`
      })
    })
  }

  /** Marks the session the console follows (undefined: the base state). */
  setCurrent(id: string | undefined): void {
    this.#current = id
  }

  async refresh(): Promise<void> {
    const list = await admin('GET sessions', '/__admin/sessions')
    if (this.#scenario.options.length === 0) {
      replace(this.#scenario, h('option', { value: '' }, "the server's data"), ...list.scenarios.map((name) => h('option', { value: name }, name)))
    }
    if (list.sessions.length === 0) {
      replace(this.#list, h('p', { class: 'note' }, `No session yet (at most ${list.maxSessions}; idle ones expire after ${Math.round(list.idleTimeout / 60_000)} min).`))
      return
    }
    replace(
      this.#list,
      h(
        'table',
        { class: 'sessions' },
        h('caption', { class: 'visually-hidden' }, 'Sessions'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Session'), h('th', { scope: 'col' }, 'Data'), h('th', { scope: 'col' }, 'Expires'), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
        h(
          'tbody',
          {},
          ...list.sessions.map((session) => {
            const current = session.id === this.#current
            const open = h('button', { type: 'button', 'aria-label': `${current ? 'Opened' : 'Open'} session ${session.id}`, disabled: current }, current ? 'Opened' : 'Open')
            open.addEventListener('click', () => this.#open(session.id))
            const remove = h('button', { type: 'button', 'aria-label': `Delete session ${session.id}` }, 'Delete')
            remove.addEventListener('click', () => void act(remove, async () => {
              await admin('DELETE sessions/{id}', `/__admin/sessions/${session.id}`)
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
          }),
        ),
      ),
    )
  }
}
