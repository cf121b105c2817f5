/**
 * The preview page's MSW service worker, started once with the story switch's handler (stories change
 * the mock behind it, never the worker's handlers), and held to controlling the page (worker-control.ts).
 */
import { setupWorker, type SetupWorker, type StartOptions } from 'msw/browser'
import { mockWorkerOff } from '../browser/worker-off.ts'
import type { StorySwitch } from './story-switch.ts'
import { ensureControlled } from './worker-control.ts'

let started: Promise<SetupWorker | undefined> | undefined

/**
 * Starts the worker on the first story (later calls wait for the same start). Resolves undefined when the
 * page runs under workspace-api-mock/playwright, whose test answers the API itself (`mockWorkerOff`).
 */
export function startStoryWorker(storySwitch: StorySwitch, start: StartOptions = {}): Promise<SetupWorker | undefined> {
  started ??= (async () => {
    const off = mockWorkerOff()
    if (off) {
      console.info(`[workspace-api-mock] the mock worker is off: ${off}`)
      return undefined
    }
    const worker = setupWorker(storySwitch.handler)
    let registration: ServiceWorkerRegistration | undefined
    try {
      registration = await worker.start({ onUnhandledFrame: 'bypass', quiet: true, ...start })
    } catch (error) {
      started = undefined
      const url = start.serviceWorker?.url ?? '/mockServiceWorker.js'
      throw new Error(
        `workspace-api-mock/storybook: MSW's worker did not start (${(error as Error).message}). Serve ${url}: ` +
          '`npx msw init public --no-save` and `staticDirs: [\'../public\']` in .storybook/main.ts',
        { cause: error },
      )
    }
    // A page the worker does not control would send every story's requests to the network: reload it once
    // (the story waits for the reload), or fail the story saying so.
    if ((await ensureControlled(registration)) === 'reloading') await new Promise(() => {})
    return worker
  })()
  return started
}
