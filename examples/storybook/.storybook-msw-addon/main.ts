import type { StorybookConfig } from '@storybook/react-vite'

// The recipe for a Storybook already on msw-storybook-addon: the kit's handlers as that addon's handlers.
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../msw-addon/**/*.stories.tsx'],
  addons: ['@storybook/addon-vitest'],
  staticDirs: ['../public'],
}

export default config
