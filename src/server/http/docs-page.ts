/**
 * GET /api/docs on the demo server: an interactive reference of the API, rendered in the browser by
 * Scalar's API Reference (its standalone build, from the npm registry) and served by this server alone,
 * so it works offline: no CDN, no web fonts, no telemetry, no request to any other host. The document is
 * the served OpenAPI document with `servers` = the origin the page came from, so "Try it" calls this mock,
 * and a section that lists the scenario's principals (the first one is filled in). See docs/openapi.md.
 * The page is the admin's (it shows the secrets); its script is anyone's.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'
import { servedSurfaceOf } from '../../api/internals.ts'
import type { MockApi } from '../../api/create-mock-api.ts'
import type { ApiRequest } from '../../handlers/api-request.ts'
import { responseTarget } from '../../handlers/reply/envelope.ts'
import { once } from '../../handlers/memo.ts'
import { Problem, problemReply } from '../../handlers/reply/problem.ts'
import { toResponse } from '../../handlers/reply/reply.ts'
import type { Caller } from '../admin/context.ts'
import { tokenProblem } from '../admin/guard.ts'
import { PAGE_HEADERS } from '../console/page.ts'

export const DOCS_PATH = '/api/docs'
/** The renderer's script, beside the page. */
export const RENDERER_PATH = '/api/docs/scalar-api-reference.js'

/**
 * Where the renderer's standalone build is: in the package, the gzipped copy the build puts into dist/vendor/
 * (scripts/build.ts: consumers install no renderer and its 280 MB of dependencies); from the sources, the
 * installed devDependency @scalar/api-reference.
 */
export function rendererFile(): { path: string; gzipped: boolean } {
  // Built, this module is in a file one level below dist/ (dist/chunks/; dist/cli/ in the executable), so
  // `../vendor/` is dist/vendor/; from the sources (src/server/http/) it names nothing, and the installed
  // renderer below is used.
  const packaged = fileURLToPath(new URL('../vendor/scalar-api-reference.js.gz', import.meta.url))
  // Stryker disable next-line all: untestable
  if (existsSync(packaged)) return { path: packaged, gzipped: true }
  // The package exports no path to it: find it beside its main module (dist/index.js).
  const installed = new URL('browser/standalone.js', import.meta.resolve('@scalar/api-reference'))
  return { path: fileURLToPath(installed), gzipped: false }
}

/** The script gzipped (as every browser accepts it), read or compressed once. */
const rendererGzip = once(async () => {
  const { path, gzipped } = rendererFile()
  const bytes = await readFile(path)
  return gzipped ? bytes : promisify(gzip)(bytes)
})

/** The script as is, for a client that does not accept gzip. */
const rendererPlain = once(async () => promisify(gunzip)(await rendererGzip()))

/** Text for a `<script>` element: JSON that cannot end the element or break a line of script. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

/** The principals as a Markdown section of the document's description, each with a workspace to try. */
function credentialsSection(api: MockApi): string {
  const organizations = new Map(api.db.organizations.all().map((org) => [org.id, org.name]))
  const accounts = new Map(api.db.accounts.all().map((account) => [account.id, account.name]))
  const firstWorkspace = new Map<string, string>()
  for (const workspace of api.db.workspaces.all()) {
    if (!firstWorkspace.has(workspace.organization)) firstWorkspace.set(workspace.organization, workspace.id)
  }
  const rows = api.principals.map((p) => {
    const workspace = firstWorkspace.get(p.organization)
    return (
      `- **${accounts.get(p.account) ?? p.account}**, ${organizations.get(p.organization) ?? p.organization}: ` +
      `\`X-API-Key: ${p.apiKey}\`, \`X-API-Secret: ${p.apiSecret}\`` +
      (workspace ? `; a workspace to try: \`X-Workspace-ID: ${workspace}\`` : '')
    )
  })
  return [
    '',
    '',
    '## Credentials of this mock',
    '',
    'Send both headers of one principal; "Try it" has the first one filled in (change it under',
    'Authentication). A principal sees its own organization only. The application operations also need',
    '`X-Workspace-ID`: one of that organization\'s workspaces.',
    '',
    ...rows,
  ].join('\n')
}

async function page(api: MockApi, origin: string): Promise<Response> {
  const { openApiDocument } = await import('../../handlers/kit-routes/openapi/document.ts')
  const document = openApiDocument('3.1', origin, servedSurfaceOf(api))
  const info = document.info as { description: string }
  info.description += credentialsSection(api)
  const { apiKey, apiSecret } = api.credentials
  const configuration = {
    content: document,
    // Offline and private: the system's fonts, no telemetry, no Scalar services.
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    mcp: { disabled: true },
    agent: { disabled: true },
    persistAuth: false,
    defaultOpenAllTags: true,
    authentication: {
      preferredSecurityScheme: [['ApiKey', 'ApiSecret']],
      securitySchemes: { ApiKey: { value: apiKey }, ApiSecret: { value: apiSecret } },
    },
  }
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Workspace and Application Management API · workspace-api-mock</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="app"></div>
<script src="${RENDERER_PATH}"></script>
<script>Scalar.createApiReference('#app', ${scriptJson(configuration)})</script>
</body>
</html>
`
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } })
}

async function script(request: ApiRequest): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
    Vary: 'Accept-Encoding',
  }
  // Stryker disable next-line StringLiteral: same-value
  if (/\bgzip\b/.test(request.header('Accept-Encoding') ?? '')) {
    return new Response(new Uint8Array(await rendererGzip()), { headers: { ...headers, 'Content-Encoding': 'gzip' } })
  }
  return new Response(new Uint8Array(await rendererPlain()), { headers })
}

/**
 * The reference page, for the admin only (the token, when the server has one; the router has checked Host
 * and Origin): it shows every principal's secret, which may be a real service's (`--api-secret`). Its
 * address may carry the token: no referrer, and no framing by another site.
 */
export async function docsPage(request: ApiRequest, api: MockApi, caller: Caller): Promise<Response> {
  if (!caller.admin) throw tokenProblem()
  const refused = onlyRead(request)
  if (refused) return refused
  const response = await page(api, request.url.origin)
  for (const [name, value] of Object.entries(PAGE_HEADERS)) response.headers.set(name, value)
  return response
}

/** The renderer's script: no data, for anyone. */
export function docsScript(request: ApiRequest): Promise<Response> {
  return Promise.resolve(onlyRead(request) ?? script(request))
}

/** Other methods than GET and HEAD are 405, as on every path of the mock. */
function onlyRead(request: ApiRequest): Response | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined
  const problem = new Problem(405, `${request.method} is not allowed on ${request.url.pathname}`, undefined, { Allow: 'GET, HEAD' })
  return toResponse(problemReply(problem, responseTarget(request.url, undefined)))
}
