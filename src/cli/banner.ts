import { internalsOf } from '../api/internals.ts'
import { publishedOperations } from '../handlers/operations/published.ts'
import type { MockServer } from '../server/server.ts'
import { shellQuote } from '../text/shell-quote.ts'
import { isScenarioModule, type CliSettings } from './serve-flags.ts'

/** What the command prints once it serves: base URL, every principal's credentials, sample curl lines. */
export function banner(input: {
  server: MockServer
  settings: CliSettings
  version: string
  seconds: number
}): string {
  const { server, settings, version, seconds } = input
  const { api, url } = server
  const accounts = new Map(api.db.accounts.all().map((account) => [account.id, account]))
  const organizations = new Map(api.db.organizations.all().map((org) => [org.id, org]))
  const workspaces = api.db.workspaces.all()
  const count = (n: number, word: string) => `${new Intl.NumberFormat('en-US').format(n)} ${word}${n === 1 ? '' : 's'}`

  const source = settings.state !== undefined ? `state ${settings.state}` : `scenario ${settings.scenario}, seed ${settings.seed}`
  const lines = [
    `workspace-api-mock ${version}: ${source}, ` +
      `${count(workspaces.length, 'workspace')}, ${count(api.db.applications.count(), 'application')} ` +
      `(ready in ${seconds.toFixed(1)} s)`,
    '',
    `Base URL: ${url}`,
    '',
    'Principals (send both headers with every request):',
  ]
  api.principals.forEach((principal, index) => {
    const account = accounts.get(principal.account)
    const organization = organizations.get(principal.organization)
    const who = account ? `${account.name} <${account.email}>` : principal.account
    lines.push(
      `  ${index + 1}. ${who}, ${organization?.name ?? 'organization'} (${principal.organization})`,
      `     X-API-Key: ${principal.apiKey}`,
      `     X-API-Secret: ${principal.apiSecret}`,
    )
  })
  const { apiKey, apiSecret } = api.credentials
  const auth = `-H ${shellQuote(`X-API-Key: ${apiKey}`)} -H ${shellQuote(`X-API-Secret: ${apiSecret}`)}`
  lines.push('', 'Try:', `  curl ${auth} ${url}/api/workspaces`)
  const firstPrincipal = api.principals[0]
  const workspace = workspaces.find((w) => w.organization === firstPrincipal?.organization)
  if (workspace) {
    lines.push(
      `  curl ${auth} -H ${shellQuote(`X-Workspace-ID: ${workspace.id}`)} ` +
        `${shellQuote(`${url}/api/applications?current_page=1&page_size=10`)}`,
    )
  }
  const faults = [
    settings.latency !== undefined &&
      `latency ${Array.isArray(settings.latency) ? settings.latency.join('-') : settings.latency} ms`,
    settings.failRate !== undefined && `${settings.failRate * 100}% of requests fail with ${settings.failStatus}`,
  ].filter(Boolean)
  if (faults.length > 0) lines.push('', `Injected faults: ${faults.join('; ')}.`)
  if (settings.operations !== undefined) lines.push('', `Operations of your own (${settings.operations}): ${ownOperations(server)}.`)
  lines.push('', `API reference: ${url}/api/docs (OpenAPI: ${url}/api/openapi.json)`)
  const idle = settings.sessionIdle % 60_000 === 0 ? `${settings.sessionIdle / 60_000} min` : `${settings.sessionIdle / 1000} s`
  const token = server.adminToken
  const bearer = token === undefined ? '' : ` -H ${shellQuote(`Authorization: Bearer ${token}`)}`
  lines.push(
    '',
    `Admin: ${url}/__admin/${token === undefined ? '' : `?token=${encodeURIComponent(token)}`} (open it in a browser: the console with requests, faults, state and sessions)`,
    `Sessions: curl${bearer} -X POST ${url}/__admin/sessions gives a client its own state and credentials` +
      ` (at most ${settings.maxSessions}; unused ones end after ${idle})`,
  )
  if (token !== undefined) {
    const generated = settings.adminToken === undefined ? ' (generated: the server listens beyond loopback)' : ''
    lines.push(`Admin token${generated}: ${token}  (send Authorization: Bearer <token>; the Admin address above carries it)`)
  }
  if (settings.watch) {
    const watched = [settings.state ?? (isScenarioModule(settings.scenario) ? settings.scenario : undefined), settings.operations]
    lines.push('', `Watching ${watched.filter(Boolean).join(' and ')}: changes are served at once.`)
  }
  lines.push('', 'Press Ctrl+C to stop.', '')
  return lines.join('\n')
}

/** The operations and fields a mock serves beyond the spec's: `DELETE /api/workspaces/{workspaceId} (deleteWorkspace); fields application.status`. */
function ownOperations(server: MockServer): string {
  const { surface } = internalsOf(server.api).mock
  const own = surface.published.filter((operation) => !publishedOperations.some((builtIn) => builtIn.name === operation.name)).map((operation) => `${operation.method} ${operation.path.replace(/:(\w+)/g, '{$1}')} (${operation.name})`)
  const fields = Object.entries(surface.model.fields).flatMap(([record, list]) => list.map((field) => `${record}.${field.name}`))
  return `${own.join(', ') || 'none'}; fields: ${fields.join(', ') || 'none'}`
}
