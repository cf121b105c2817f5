import { servedSurfaceOf } from '../api/internals.ts'
import type { MockApi } from '../api/mock-api.ts'
import { publishedOperations } from '../handlers/definitions/operations/published.ts'
import { specPath } from '../handlers/path-syntax.ts'
import { isLoopback, type MockServer } from '../server/server.ts'
import { shellQuote } from '../text/shell-quote.ts'
import { shown, visible } from '../text/terminal-text.ts'
import { ADMIN_PREFIX, adminPath } from '../wire/admin-routes.ts'
import { isScenarioModule, type CliSettings } from './serve-flags.ts'
import { liveLine } from './serve-live.ts'

interface BannerInput {
  server: MockServer
  settings: CliSettings
  version: string
  seconds: number
}

const count = (n: number, word: string) => `${new Intl.NumberFormat('en-US').format(n)} ${word}${n === 1 ? '' : 's'}`

/** What the command prints once it serves: base URL, every principal's credentials, sample curl lines. */
export function banner(input: BannerInput): string {
  const { server, settings } = input
  return [
    headline(input),
    '',
    `Base URL: ${server.url}`,
    '',
    'Principals (send both headers with every request):',
    ...principalLines(server.api),
    '',
    'Try:',
    ...curlLines(server),
    ...faultLines(settings),
    ...ownLines(settings, server.api),
    ...liveLine(settings, process.env, !isLoopback(settings.host)),
    '',
    `API reference: ${server.url}/api/docs${tokenQuery(server)} (OpenAPI: ${server.url}/api/openapi.json)`,
    '',
    ...adminLines(server, settings),
    ...(settings.watch ? ['', `Watching ${watched(settings)}: changes are served at once.`] : []),
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n')
}

function headline({ server, settings, version, seconds }: BannerInput): string {
  const { api } = server
  const source = settings.state !== undefined ? `state ${settings.state}` : `scenario ${settings.scenario}, seed ${settings.seed}`
  return (
    `workspace-api-mock ${version}: ${source}, ` +
    `${count(api.db.workspaces.count(), 'workspace')}, ${count(api.db.applications.count(), 'application')} ` +
    `(ready in ${seconds.toFixed(1)} s)`
  )
}

function principalLines(api: MockApi): string[] {
  const accounts = new Map(api.db.accounts.all().map((account) => [account.id, account]))
  const organizations = new Map(api.db.organizations.all().map((org) => [org.id, org]))
  return api.principals.flatMap((principal, index) => {
    const account = accounts.get(principal.account)
    const organization = organizations.get(principal.organization)
    const who = account ? `${account.name} <${account.email}>` : principal.account
    // A state file's text (recorded from a service, perhaps) reaches the terminal safe: no escape sequence, no forged line.
    return [
      `  ${index + 1}. ${shown(who, 120)}, ${shown(organization?.name ?? 'organization', 120)} (${shown(principal.organization, 80)})`,
      `     X-API-Key: ${visible(principal.apiKey)}`,
      `     X-API-Secret: ${visible(principal.apiSecret)}`,
    ]
  })
}

function curlLines({ api, url }: MockServer): string[] {
  const { apiKey, apiSecret } = api.credentials
  const auth = `-H ${shellQuote(`X-API-Key: ${apiKey}`)} -H ${shellQuote(`X-API-Secret: ${apiSecret}`)}`
  const lines = [`  curl ${auth} ${url}/api/workspaces`]
  const workspace = api.db.workspaces.all().find((w) => w.organization === api.principals[0]?.organization)
  if (workspace) {
    lines.push(
      `  curl ${auth} -H ${shellQuote(`X-Workspace-ID: ${workspace.id}`)} ` +
        `${shellQuote(`${url}/api/applications?current_page=1&page_size=10`)}`,
    )
  }
  return lines
}

function faultLines(settings: CliSettings): string[] {
  const faults = [
    settings.latency !== undefined && `latency ${Array.isArray(settings.latency) ? settings.latency.join('-') : settings.latency} ms`,
    settings.failRate !== undefined && `${settings.failRate * 100}% of requests fail with ${settings.failStatus}`,
  ].filter(Boolean)
  return faults.length > 0 ? ['', `Injected faults: ${faults.join('; ')}.`] : []
}

/** `?token=` for the pages a browser opens (the console, the API reference), when the server has a token. */
function tokenQuery({ adminToken }: Pick<MockServer, 'adminToken'>): string {
  return adminToken === undefined ? '' : `?token=${encodeURIComponent(adminToken)}`
}

function adminLines({ url, adminToken: token }: MockServer, settings: CliSettings): string[] {
  const idle = settings.sessionIdle % 60_000 === 0 ? `${settings.sessionIdle / 60_000} min` : `${settings.sessionIdle / 1000} s`
  const bearer = token === undefined ? '' : ` -H ${shellQuote(`Authorization: Bearer ${token}`)}`
  const lines = [
    `Admin: ${url}${ADMIN_PREFIX}${tokenQuery({ adminToken: token })} (open it in a browser: the console with requests, faults, state and sessions)`,
    `Sessions: curl${bearer} -X POST ${url}${adminPath('POST sessions', {})} gives a client its own state and credentials` +
      ` (at most ${settings.maxSessions}; unused ones end after ${idle})`,
  ]
  if (token !== undefined) {
    const generated = settings.adminToken === undefined ? ' (generated: the server listens beyond loopback)' : ''
    lines.push(`Admin token${generated}: ${token}  (send Authorization: Bearer <token>; the Admin address above carries it)`)
  }
  return lines
}

/** The files `--watch` reloads: the state file or scenario module, and the operations module. */
function watched(settings: CliSettings): string {
  const source = settings.state ?? (isScenarioModule(settings.scenario) ? settings.scenario : undefined)
  return [source, settings.operations].filter(Boolean).join(' and ')
}

/** Where the operations and fields beyond the spec's come from (the module, the presets), and which they are. */
function ownLines(settings: CliSettings, api: MockApi): string[] {
  const presets = settings.unshownOperations?.length ? `--unshown-operations ${settings.unshownOperations.join(',')}` : undefined
  const sources = [settings.operations, presets].filter(Boolean)
  return sources.length === 0 ? [] : ['', `Operations of your own (${sources.join(', ')}): ${ownOperations(api)}.`]
}

/** The operations and fields a mock serves beyond the spec's: `DELETE /api/workspaces/{workspaceId} (deleteWorkspace); fields: application.status`. */
function ownOperations(api: MockApi): string {
  const surface = servedSurfaceOf(api)
  const own = surface.published
    .filter((operation) => !publishedOperations.some((builtIn) => builtIn.name === operation.name))
    .map((operation) => `${operation.method} ${specPath(operation.path)} (${operation.name})`)
  const fields = Object.entries(surface.model.fields).flatMap(([record, list]) => list.map((field) => `${record}.${field.name}`))
  return `${own.join(', ') || 'none'}; fields: ${fields.join(', ') || 'none'}`
}
