/**
 * What the preview does when MSW's worker has started but does not control the page (worker-control.ts):
 * it goes on when the page is the worker's, or becomes so within a moment (a first start's
 * `clients.claim()`); it reloads once otherwise; and it fails the story saying why when a reload moments
 * ago did not help. The trap itself, in Chromium with a real Storybook, is a check of
 * `npm run test:storybook` (scripts/storybook/browser-checks.ts, "bare iframe.html, then the Storybook UI").
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ensureControlled, NOT_CONTROLLED, type PageReload } from '../../src/storybook/worker-control.ts'

const SCRIPT = 'http://localhost:6006/mockServiceWorker.js'
const registration = { active: { scriptURL: SCRIPT } } as ServiceWorkerRegistration

/** A service worker container: an event target with a controller that a test sets. */
function containerWith(controller: string | undefined) {
  const container = new EventTarget() as EventTarget & { controller: { scriptURL: string } | null }
  container.controller = controller ? { scriptURL: controller } : null
  return container
}

function pageThat(reloadedRecently: boolean) {
  const calls: string[] = []
  const page: PageReload = {
    reloadedRecently: () => reloadedRecently,
    reload: () => void calls.push('reload'),
    forget: () => void calls.push('forget'),
  }
  return { page, calls }
}

const check = (container: ReturnType<typeof containerWith>, page: PageReload, given: ServiceWorkerRegistration | undefined = registration) =>
  ensureControlled(given, container as unknown as ServiceWorkerContainer, page)

afterEach(() => vi.restoreAllMocks())

describe('ensureControlled', () => {
  test('a page the worker controls goes on, and the record of a reload is dropped', async () => {
    const { page, calls } = pageThat(true)
    expect(await check(containerWith(SCRIPT), page)).toBe('controlled')
    expect(calls).toEqual(['forget'])
  })

  test('a page claimed a moment after the start (controllerchange) goes on, without a reload', async () => {
    const container = containerWith(undefined)
    const { page, calls } = pageThat(false)
    setTimeout(() => {
      container.controller = { scriptURL: SCRIPT }
      container.dispatchEvent(new Event('controllerchange'))
    }, 20)
    expect(await check(container, page)).toBe('controlled')
    expect(calls).toEqual(['forget'])
  })

  test('an uncontrolled page, or one controlled by another worker, reloads once and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const controller of [undefined, 'http://localhost:6006/sw.js']) {
      const { page, calls } = pageThat(false)
      expect(await check(containerWith(controller), page)).toBe('reloading')
      expect(calls).toEqual(['reload'])
    }
    expect(warn).toHaveBeenCalledWith(`[workspace-api-mock] MSW's service worker does not control this page (${SCRIPT}); reloading it once`)
  })

  test('still uncontrolled right after that reload: the story fails with what is wrong, no second reload', async () => {
    const { page, calls } = pageThat(true)
    await expect(check(containerWith(undefined), page)).rejects.toThrow(NOT_CONTROLLED)
    expect(calls).toEqual(['forget'])
  })

  test('no registration to compare (MSW started no service worker): nothing to check', async () => {
    const { page, calls } = pageThat(false)
    expect(await ensureControlled(undefined, containerWith(undefined) as unknown as ServiceWorkerContainer, page)).toBe('controlled')
    expect(calls).toEqual([])
  })
})
