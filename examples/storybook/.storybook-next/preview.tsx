import { definePreview } from '@storybook/react-vite'
import { mockApiAddon, mockApiOf, type MockApiParameters } from 'workspace-api-mock/storybook'
import { ApiProvider } from '../src/api.tsx'

export default definePreview({
  // The loader and the cleanup of workspace-api-mock/storybook, as one addon.
  addons: [mockApiAddon()],
  decorators: [
    (Story, context) => (
      <ApiProvider credentials={mockApiOf(context).credentials}>
        <Story />
      </ApiProvider>
    ),
  ],
  parameters: {
    mockApi: { scenario: 'demo', seed: 42 } satisfies MockApiParameters,
  },
})
