import { fileURLToPath } from 'node:url'
import { msw } from 'msw/vite'
import { defineConfig } from 'vite'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  root: source('.'),
  // #region plugin
  // Serves /mockServiceWorker.js in development and provides `virtual:msw` (see plugin.ts).
  plugins: [msw()],
  // #endregion plugin
  resolve: {
    // The demo runs against this repository's source; an installed package resolves by itself.
    alias: { 'workspace-api-mock/browser': source('../../src/browser/index.ts') },
  },
  // Bundle the dependencies up front, so that the first page load does not trigger a re-optimization.
  optimizeDeps: {
    entries: ['index.html', 'plugin.html'],
    include: ['msw', 'msw/browser', '@msw/data', 'zod', '@faker-js/faker'],
  },
  build: { rollupOptions: { input: { main: source('index.html'), plugin: source('plugin.html') } } },
})
