import { shellQuote } from '../../../text/shell-quote.ts'
import { copy } from './clipboard.ts'
import { h, replace } from './dom.ts'
import { say } from './status.ts'
import type { PrincipalInfo } from './types.ts'

export function curlLine(principal: PrincipalInfo, origin: string): string {
  return `curl -H ${shellQuote(`X-API-Key: ${principal.apiKey}`)} -H ${shellQuote(`X-API-Secret: ${principal.apiSecret}`)} ${origin}/api/workspaces`
}

function copyButton(label: string, text: string, what: string): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'copy',
      'aria-label': label,
      onclick: () => copy(text).then(() => say(`Copied ${what}`), (error: Error) => say(error.message, 'error')),
    },
    'Copy',
  )
}

/** Every principal: who it is, its credentials and a ready curl line, each with a copy button. */
export function renderPrincipals(container: Element, principals: readonly PrincipalInfo[]): void {
  const origin = location.origin
  replace(
    container,
    ...principals.map((principal, index) => {
      const who = principal.name ?? principal.account
      const curl = curlLine(principal, origin)
      return h(
        'article',
        { class: 'principal', 'aria-label': `Principal ${index + 1}: ${who}` },
        h('p', { class: 'who' }, h('strong', {}, who), principal.email ? ` <${principal.email}>` : '', h('br'), h('span', { class: 'org' }, `${principal.organizationName ?? 'organization'} (${principal.organization})`)),
        h(
          'dl',
          { class: 'credentials' },
          h('dt', {}, 'X-API-Key'),
          h('dd', {}, h('code', {}, principal.apiKey), copyButton(`Copy the API key of ${who}`, principal.apiKey, `the API key of ${who}`)),
          h('dt', {}, 'X-API-Secret'),
          h('dd', {}, h('code', {}, principal.apiSecret), copyButton(`Copy the API secret of ${who}`, principal.apiSecret, `the API secret of ${who}`)),
        ),
        h('div', { class: 'curl' }, h('code', {}, curl), copyButton(`Copy a curl line for ${who}`, curl, `a curl line for ${who}`)),
      )
    }),
  )
}
