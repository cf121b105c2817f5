import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.tsx'],
  addons: ['@storybook/addon-vitest'],
  // MSW's worker script (`npx msw init public --no-save`), served at /mockServiceWorker.js by dev, build and the tests.
  staticDirs: ['../public'],
}

export default config
