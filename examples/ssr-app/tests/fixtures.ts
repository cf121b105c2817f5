/**
 * The example's `test`: workspace-api-mock/playwright's session per test against the run's one demo
 * server (global-setup.ts), and two ways of being logged in to the app as the session's first principal:
 * - `user`: the test's page with the app's cookie set on its browser context (as the login form would);
 * - `app`: Playwright's `request` (no browser) logged in through the login form, with helpers that read
 *   the rendered page. Most tests use it: a browser per worker costs more CPU than the whole test.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { sessionTest } from 'workspace-api-mock/playwright'
import { COOKIE, userCookie } from '../app.ts'

export { expect } from 'workspace-api-mock/playwright'

/** The app as a logged-in user's HTTP client sees it. */
export interface AppClient {
  /** GET / : the status and the workspace names it lists (none on an error page), the alert if any. */
  home(): Promise<{ status: number; names: string[]; alert: string | undefined }>
  /** Submits the create form; the status after the redirect (200, or 502 with the API's error). */
  create(name: string): Promise<number>
  /** Submits a workspace's rename form. */
  rename(id: string, name: string): Promise<number>
}

export const test = sessionTest.extend<{ user: Page; app: AppClient }>({
  mockServer: [{ url: process.env.WAM_SSR_MOCK_URL!, adminToken: process.env.WAM_SSR_ADMIN_TOKEN }, { scope: 'worker' }],
  user: async ({ page, context, mockSession, baseURL }, use) => {
    const { apiKey, apiSecret } = mockSession.credentials
    await context.addCookies([{ name: COOKIE, value: userCookie(apiKey, apiSecret), url: baseURL! }])
    await use(page)
  },
  app: async ({ request, mockSession }, use) => {
    // The login form's POST: its Set-Cookie stays in the request context's cookie jar.
    await request.post('/login', { form: { ...mockSession.credentials }, maxRedirects: 0 })
    await use(appClient(request))
  },
})

function appClient(request: APIRequestContext): AppClient {
  return {
    async home() {
      const response = await request.get('/')
      const html = await response.text()
      const names = [...html.matchAll(/<li><span>([^<]*)<\/span>/g)].map((match) => unescape(match[1]!))
      const alert = /<p role="alert">([^<]*)<\/p>/.exec(html)?.[1]
      return { status: response.status(), names, alert: alert === undefined ? undefined : unescape(alert) }
    },
    create: async (name) => (await request.post('/workspaces', { form: { name } })).status(),
    rename: async (id, name) => (await request.post(`/workspaces/${id}`, { form: { name } })).status(),
  }
}

const unescape = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
