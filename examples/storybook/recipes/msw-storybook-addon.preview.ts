/**
 * The recipe of docs/storybook.md for a Storybook already on msw-storybook-addon: this file would be its
 * .storybook/preview.ts. Not run by the tests (the example does not install msw-storybook-addon).
 */
import { setupWorker } from 'msw/browser'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { createMockApi } from 'workspace-api-mock/browser'

// One mock for the whole Storybook: the addon swaps handlers per story, it never resets their data.
const api = createMockApi({ scenario: 'demo', seed: 42 })

async function startWorker() {
  const worker = setupWorker()
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true })
  return worker
}

export default {
  loaders: [mswLoader(startWorker)],
  // Without it, a workspace one story creates is listed by every later story.
  beforeEach: [() => api.reset()],
  parameters: { msw: { handlers: { kit: api.handlers } } },
}
