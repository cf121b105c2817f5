/**
 * Whether MSW's service worker controls the preview page once it has started, and what to do when it does
 * not. It may not after a navigation in the same tab: a page the worker controlled (a story's bare
 * `iframe.html`) sends MSW's `CLIENT_CLOSE` as it unloads, the worker unregisters itself when it sees no
 * other page of its own, and the next page (the Storybook UI and its preview) loads uncontrolled. The
 * preview's `worker.start()` then revives that registration without claiming the page, so every request
 * of every story goes to the network (`Unexpected token '<', "<!DOCTYPE "... is not valid JSON`) until a
 * reload, which the worker controls. So the preview reloads itself, once.
 */

/** The tab's record of the last reload this module made (sessionStorage: per tab and origin). */
export const RELOAD_KEY = 'workspace-api-mock:uncontrolled-reload'
/** A second reload within this time would be a loop: the preview says what is wrong instead. */
const RELOAD_WINDOW_MS = 30_000
/** How long a first start may take to hand the page to the worker (its `clients.claim()`). */
const CLAIM_WAIT_MS = 1_000

export const NOT_CONTROLLED =
  "workspace-api-mock/storybook: MSW's service worker does not control this page, so the stories' requests " +
  'reach the network instead of the mock. Reload the page (a reload was tried once).'

export type Control = 'controlled' | 'reloading'

/**
 * Resolves `'controlled'` when the page is the worker's, `'reloading'` after starting the one reload;
 * throws NOT_CONTROLLED when a reload moments ago did not help.
 */
export async function ensureControlled(registration: ServiceWorkerRegistration | undefined, container = navigator.serviceWorker, page = pageOf()): Promise<Control> {
  const scriptURL = registration?.active?.scriptURL
  if (scriptURL === undefined) return 'controlled'
  const controlled = () => container.controller?.scriptURL === scriptURL
  if (!controlled()) await changeOf(container)
  if (controlled()) {
    page.forget()
    return 'controlled'
  }
  if (!page.reloadedRecently()) {
    console.warn(`[workspace-api-mock] MSW's service worker does not control this page (${scriptURL}); reloading it once`)
    page.reload()
    return 'reloading'
  }
  page.forget()
  throw new Error(NOT_CONTROLLED)
}

/** Waits for the next `controllerchange`, at most CLAIM_WAIT_MS. */
function changeOf(container: ServiceWorkerContainer): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, CLAIM_WAIT_MS)
    container.addEventListener('controllerchange', done, { once: true })
    function done() {
      clearTimeout(timer)
      container.removeEventListener('controllerchange', done)
      resolve()
    }
  })
}

/** The page's reload and its record of one, over sessionStorage (a page without storage never reloads). */
export interface PageReload {
  reloadedRecently(): boolean
  reload(): void
  forget(): void
}

function pageOf(): PageReload {
  return {
    reloadedRecently() {
      try {
        return Date.now() - Number(sessionStorage.getItem(RELOAD_KEY) ?? 0) < RELOAD_WINDOW_MS
      } catch {
        return true
      }
    },
    reload() {
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()))
      location.reload()
    },
    forget() {
      try {
        sessionStorage.removeItem(RELOAD_KEY)
      } catch {
        // No storage: nothing was recorded.
      }
    },
  }
}
