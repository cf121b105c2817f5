/** Helpers of the end-to-end suite: the demo page, what it should show, and a barrier across workers. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, TestInfo } from '@playwright/test'
import { createMockApi } from 'workspace-api-mock'
import type { MockApi } from 'workspace-api-mock/playwright'

/** The demo page starts its own (unused) browser mock with the `demo` scenario and seed 42. */
export const DEMO_OPTIONS = { scenario: 'demo', seed: 42 } as const
const reference = createMockApi({ ...DEMO_OPTIONS, strict: false })
await reference.ready
/** The credentials the demo page sends (its own mock's). */
export const DEMO_CREDENTIALS = reference.credentials

/**
 * Opens the demo page and waits until its list shows (`data-ready`). Returns the page's errors and console
 * errors, collected from now on, for tests that expect none.
 */
export async function openDemo(page: Page, ready: 'true' | 'error' = 'true'): Promise<string[]> {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  await page.goto('/')
  await page.locator(`body[data-ready="${ready}"]`).waitFor({ state: 'attached' })
  return problems
}

/** The workspace names the page lists, in order. */
export const names = (page: Page) => page.locator('[data-testid="workspace"] strong').allTextContents()

const byCreated = <T extends { created: number; id: string }>(a: T, b: T) => a.created - b.created || (a.id < b.id ? -1 : 1)

/** The workspaces of the test's mock in API order (created, then id): what the page must list. */
export function workspacesOf(api: MockApi) {
  return [...api.db.workspaces.all()].sort(byCreated)
}

/**
 * The scenario's workspaces, from a mock of this module's own: what every test's mock must start with,
 * whatever other tests (in this worker or others) wrote before or meanwhile.
 */
export const SEEDED = workspacesOf(reference)

/** The first page (10) of a workspace's applications in API order, as the page shows them. */
export function applicationLines(api: MockApi, workspace: string): string[] {
  return [...api.db.applications.all()]
    .filter((application) => application.workspace === workspace)
    .sort(byCreated)
    .slice(0, 10)
    .map((application) => `${application.name} (${application.external_domain})`)
}

/** Creates a workspace through the page's form and waits for its status line. */
export async function createThroughPage(page: Page, name: string): Promise<void> {
  await page.locator('#create input[name="name"]').fill(name)
  await page.locator('#create button[type="submit"]').click()
}

/**
 * Waits until `participants` tests of `group` (each calls this once) have made their writes, so that
 * they look at their lists while all those writes exist at once, in different worker processes. Arrival
 * is a file in a folder the global setup made. Resolves with how many tests it waited for, and the distinct
 * worker processes of the tests arrived so far (at least that many: the first ones all waited at once).
 */
export async function barrier(group: string, testInfo: TestInfo): Promise<{ participants: number; workers: Set<number> }> {
  // The project's own limit (playwright.config.ts puts it in its metadata too: `project.workers` is not public).
  const projectWorkers = Number(testInfo.project.metadata.workers ?? testInfo.config.workers)
  const participants = Math.min(4, testInfo.config.workers, projectWorkers)
  const dir = process.env.WAM_E2E_BARRIER_DIR
  if (!dir) throw new Error('WAM_E2E_BARRIER_DIR is not set: run the suite through playwright.config.ts')
  const id = `${group}--${testInfo.testId}-${testInfo.repeatEachIndex}-${testInfo.retry}`
  writeFileSync(join(dir, id), String(testInfo.workerIndex))
  const deadline = Date.now() + 20_000
  for (;;) {
    const arrived = readdirSync(dir).filter((name) => name.startsWith(`${group}--`))
    if (arrived.length >= participants) {
      return { participants, workers: new Set(arrived.map((name) => Number(readFileSync(join(dir, name), 'utf8')))) }
    }
    if (Date.now() > deadline) throw new Error(`barrier "${group}": ${arrived.length} of ${participants} tests arrived`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
