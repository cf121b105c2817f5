/**
 * The demo server's console: what the mock serves, its principals, the live request log, faults, state
 * and sessions, for the base state or one session (`#session=<id>` in the address). Plain DOM modules,
 * bundled into one script (see ../bundle.ts); all data comes from the admin routes.
 */
import { byId, h, replace } from './dom.ts'
import { FaultPanel } from './faults.ts'
import { admin, AdminError } from './http.ts'
import { RequestLog } from './log.ts'
import { renderPrincipals } from './principals.ts'
import { SessionPanel } from './sessions.ts'
import { StatePanel } from './state-panel.ts'
import { say } from './status.ts'
import { withToken } from './token.ts'
import type { MockInfo, View } from './types.ts'

const plural = (n: number, word: string) => `${new Intl.NumberFormat('en-US').format(n)} ${word}${n === 1 ? '' : 's'}`

function viewOf(hash: string): View {
  const session = /^#session=(ses_[0-9a-f]+)$/.exec(hash)?.[1]
  return { prefix: session ? `/__admin/sessions/${session}` : '/__admin', session }
}

class ConsoleApp {
  #view = viewOf(location.hash)
  #refreshing: ReturnType<typeof setTimeout> | undefined
  readonly #log = new RequestLog({
    request: (event) => {
      // Writes change the counts; fault hits change the fault list.
      if (event.method !== 'GET' || event.status >= 400) this.#refreshSoon()
    },
    sessions: () => void this.#sessions.refresh().catch(() => {}),
    closed: () => {
      say(`Session ${this.#view.session} is gone (deleted or expired): showing the base state`, 'error')
      this.open(undefined)
    },
  })
  readonly #faults = new FaultPanel(byId('faults-active'), byId('fault-forms'), () => this.#refreshSoon(0))
  readonly #state = new StatePanel(() => {
    this.#log.follow(this.#view.prefix)
    this.#refreshSoon(0)
  })
  readonly #sessions = new SessionPanel((id) => this.open(id))

  start(): void {
    byId<HTMLAnchorElement>('docs-link').href = withToken('/api/docs')
    window.addEventListener('hashchange', () => this.#show(viewOf(location.hash)))
    this.#show(this.#view)
  }

  /** Follows a session (or the base state, for undefined). */
  open(session: string | undefined): void {
    const hash = session ? `#session=${session}` : ''
    if (location.hash === hash || (hash === '' && location.hash === '')) this.#show(viewOf(hash))
    else location.hash = hash
    // Without the empty `#` (location.hash is '' then), keeping the query: it may carry the admin token, which a reload needs.
    if (!session && location.href.endsWith('#')) history.replaceState(null, '', `${location.pathname}${location.search}`)
  }

  #show(view: View): void {
    this.#view = view
    this.#sessions.setCurrent(view.session)
    this.#renderContext()
    this.#state.show(view.prefix, view.session ?? 'snapshot')
    this.#log.follow(view.prefix)
    void this.#refresh()
    void this.#sessions.refresh().catch((error: Error) => say(error.message, 'error'))
  }

  #renderContext(): void {
    const bar = byId('context-bar')
    if (!this.#view.session) {
      bar.hidden = true
      replace(bar)
      return
    }
    const back = h('button', { type: 'button' }, 'Back to the base state')
    back.addEventListener('click', () => this.open(undefined))
    replace(bar, h('p', {}, 'Viewing session ', h('code', {}, this.#view.session), ': its own state, requests and faults. '), back)
    bar.hidden = false
  }

  #refreshSoon(delay = 250): void {
    clearTimeout(this.#refreshing)
    this.#refreshing = setTimeout(() => void this.#refresh(), delay)
  }

  async #refresh(): Promise<void> {
    const view = this.#view
    let info: MockInfo
    try {
      info = await admin('GET info', `${view.prefix}/info`)
    } catch (error) {
      if (view.session && error instanceof AdminError && error.status === 404) {
        say(`Session ${view.session} does not exist (any more): showing the base state`, 'error')
        this.open(undefined)
        return
      }
      say((error as Error).message, 'error')
      return
    }
    if (view !== this.#view) return
    const { counts } = info
    byId('summary').textContent = [
      view.session ? `Session ${view.session.slice(0, 12)}…` : 'Base state',
      `scenario ${info.scenario}`,
      `seed ${info.seed}`,
      plural(counts.organizations, 'organization'),
      plural(counts.accounts, 'account'),
      plural(counts.workspaces, 'workspace'),
      plural(counts.applications, 'application'),
    ].join(' · ')
    renderPrincipals(byId('principals'), info.principals)
    this.#faults.show(view.prefix, info.faults, info.operations)
  }
}

new ConsoleApp().start()
