/**
 * The demo server's console: the console UI (src/console-ui) over HTTP, its sections side by side in the
 * page's frame (../page.ts), for the base state or one session (`#session=<id>` in the address), with the
 * sessions, which only a server has. Bundled into one script (see ../bundle.ts).
 */
import { ConsoleUi } from '../console-ui/app.ts'
import { h, plural, replace } from '../console-ui/dom.ts'
import { HttpTransport } from './http-transport.ts'
import { SessionsSection } from '../console-ui/sessions.ts'
import { styleSheet } from '../console-ui/styles.ts'
import { TransportError, type MockInfo } from '../console-ui/transport.ts'

const byId = (id: string) => document.getElementById(id)!

/** What the console is looking at: the base state, or one session. */
interface View {
  session: string | undefined
}

function viewOf(hash: string): View {
  return { session: /^#session=(ses_[0-9a-f]+)$/.exec(hash)?.[1] }
}

class ConsolePage {
  #view = viewOf(location.hash)
  readonly #transport = new HttpTransport()
  readonly #ui = new ConsoleUi(this.#transport, {
    status: byId('status'),
    info: (info) => this.#summary(info),
    closed: () => {
      this.#ui.status.say(`Session ${this.#view.session} is gone (deleted or expired): showing the base state`, 'error')
      this.open(undefined)
    },
    sessions: () => void this.#sessions.refresh().catch(() => {}),
    snapshotName: () => this.#view.session ?? 'snapshot',
    refused: (error) => {
      if (!(this.#view.session && error instanceof TransportError && error.status === 404)) return false
      this.#ui.status.say(`Session ${this.#view.session} does not exist (any more): showing the base state`, 'error')
      this.open(undefined)
      return true
    },
  })
  readonly #sessions = new SessionsSection(this.#transport.sessions, this.#ui.status, (id) => this.open(id))

  start(): void {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, styleSheet()]
    const ui = this.#ui
    byId('console').append(ui.requests.element, h('div', { class: 'side' }, ui.principals.element, ui.faults.element, ui.scenario.element, ui.data.element, ui.coverage.element, this.#sessions.element, ui.drift.element))
    ;(byId('docs-link') as HTMLAnchorElement).href = this.#transport.docsUrl()
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
    this.#transport.session = view.session
    this.#sessions.setCurrent(view.session)
    this.#renderContext()
    const link = byId('snapshot-link') as HTMLAnchorElement
    link.href = this.#transport.snapshotUrl()
    link.download = `${view.session ?? 'snapshot'}.json`
    this.#ui.scenario.clearResult()
    this.#ui.stop()
    this.#ui.start()
    void this.#sessions.refresh().catch((error: Error) => this.#ui.status.say(error.message, 'error'))
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

  #summary(info: MockInfo): void {
    const { counts } = info
    byId('summary').textContent = [
      this.#view.session ? `Session ${this.#view.session.slice(0, 12)}…` : 'Base state',
      `scenario ${info.scenario}`,
      `seed ${info.seed}`,
      plural(counts.organizations, 'organization'),
      plural(counts.accounts, 'account'),
      plural(counts.workspaces, 'workspace'),
      plural(counts.applications, 'application'),
    ].join(' · ')
  }
}

new ConsolePage().start()
