import type { StorybookConfig } from '@storybook/react-vite'

// The same kind of Storybook in CSF Next: `definePreview` with the kit as an addon, stories from factories.
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../next/**/*.stories.tsx'],
  addons: ['@storybook/addon-vitest'],
  staticDirs: ['../public'],
}

export default config
