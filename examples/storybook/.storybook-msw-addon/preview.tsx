import type { Preview } from '@storybook/react-vite'
import { setupWorker } from 'msw/browser'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { createMockApi } from 'workspace-api-mock/browser'
import { ApiProvider } from '../src/api.tsx'

// One mock for the whole Storybook: the addon swaps handlers per story, it never resets their data.
const api = createMockApi({ scenario: 'demo', seed: 42 })

async function startWorker() {
  const worker = setupWorker()
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true })
  return worker
}

const preview: Preview = {
  loaders: [mswLoader(startWorker)],
  // Without it, a workspace one story creates is listed by every later story.
  beforeEach: [() => api.reset()],
  parameters: { msw: { handlers: { kit: api.handlers } } },
  decorators: [
    (Story) => (
      <ApiProvider credentials={api.credentials}>
        <Story />
      </ApiProvider>
    ),
  ],
}

export default preview
