import { shellQuote } from '../text/shell-quote.ts'
import { copy } from './clipboard.ts'
import { h, replace } from './dom.ts'
import type { Status } from './status.ts'
import type { ConsoleTransport, PrincipalInfo } from './transport.ts'

export function curlLine(principal: PrincipalInfo, origin: string): string {
  return `curl -H ${shellQuote(`X-API-Key: ${principal.apiKey}`)} -H ${shellQuote(`X-API-Secret: ${principal.apiSecret}`)} ${origin}/api/workspaces`
}

/** The same request from the page's own code (its mock answers `fetch`, not curl). */
export function fetchLine(principal: PrincipalInfo): string {
  const headers = JSON.stringify({ 'X-API-Key': principal.apiKey, 'X-API-Secret': principal.apiSecret })
  return `await fetch('/api/workspaces', { headers: ${headers} })`
}

/** Every principal: who it is, its credentials and a ready request line, each with a copy button. */
export class PrincipalsSection {
  readonly element: HTMLElement
  readonly #list = h('div', { id: 'principals' })
  readonly #transport: ConsoleTransport
  readonly #status: Status

  constructor(transport: ConsoleTransport, status: Status) {
    this.#transport = transport
    this.#status = status
    this.element = h('section', { id: 'principals-panel', class: 'panel', 'aria-labelledby': 'principals-title' }, h('h2', { id: 'principals-title' }, 'Principals'), this.#list)
  }

  show(principals: readonly PrincipalInfo[]): void {
    const page = this.#transport.kind === 'page'
    replace(
      this.#list,
      page ? h('p', { class: 'note' }, 'The page calls the API as the first one.') : null,
      ...principals.map((principal, index) => {
        const who = principal.name ?? principal.account
        const line = page ? fetchLine(principal) : curlLine(principal, this.#transport.origin)
        const what = page ? 'a fetch line' : 'a curl line'
        return h(
          'article',
          { class: 'principal', 'aria-label': `Principal ${index + 1}: ${who}` },
          h('p', { class: 'who' }, h('strong', {}, who), principal.email ? ` <${principal.email}>` : '', page && index === 0 ? h('em', {}, ' · this page') : '', h('br'), h('span', { class: 'org' }, `${principal.organizationName ?? 'organization'} (${principal.organization})`)),
          h(
            'dl',
            { class: 'credentials' },
            h('dt', {}, 'X-API-Key'),
            h('dd', {}, h('code', {}, principal.apiKey), this.#copyButton(`Copy the API key of ${who}`, principal.apiKey, `the API key of ${who}`)),
            h('dt', {}, 'X-API-Secret'),
            h('dd', {}, h('code', {}, principal.apiSecret), this.#copyButton(`Copy the API secret of ${who}`, principal.apiSecret, `the API secret of ${who}`)),
          ),
          h('div', { class: 'curl' }, h('code', {}, line), this.#copyButton(`Copy ${what} for ${who}`, line, `${what} for ${who}`)),
        )
      }),
    )
  }

  #copyButton(label: string, text: string, what: string): HTMLButtonElement {
    return h(
      'button',
      {
        type: 'button',
        class: 'copy',
        'aria-label': label,
        onclick: () => copy(text, this.element).then(() => this.#status.say(`Copied ${what}`), (error: Error) => this.#status.say(error.message, 'error')),
      },
      'Copy',
    )
  }
}
