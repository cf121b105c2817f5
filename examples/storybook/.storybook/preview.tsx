import type { Preview } from '@storybook/react-vite'
import { mockApiCleanup, mockApiLoader, mockApiOf, type MockApiParameters } from 'workspace-api-mock/storybook'
import { ApiProvider } from '../src/api.tsx'

const preview: Preview = {
  // Every story render: a fresh mock from the merged parameters.mockApi; leaving the story ends it.
  loaders: [mockApiLoader()],
  beforeEach: [mockApiCleanup],
  // The components call the API with the story's credentials.
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
}

export default preview
