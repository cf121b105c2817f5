/**
 * The preview annotations over a story switch and a worker start (the entry wires MSW's service worker in;
 * a test can wire msw/node). Plain functions over the few context fields they read: no Storybook types.
 */
import type { StartOptions } from 'msw/browser'
import type { LiveStoryMock, StoryMock } from './story-mock.ts'
import type { StorySwitch } from './story-switch.ts'

export interface MockApiAddonOptions {
  /** Options of MSW's `worker.start()`. Default `{ onUnhandledFrame: 'bypass', quiet: true }`. */
  start?: StartOptions
}

/** The part of Storybook's story context the loader reads. */
export interface LoaderContextLike {
  parameters: Record<string, any>
}

/** The part of Storybook's story context `mockApiOf` and the cleanup read. */
export interface LoadedContextLike {
  loaded?: Record<string, any>
}

/** What the loader adds to `context.loaded`. */
export interface MockApiLoaded {
  mockApi: StoryMock
}

export type MockApiLoader = (context: LoaderContextLike) => Promise<MockApiLoaded>
export type MockApiCleanup = (context: LoadedContextLike) => () => void

export interface MockApiAnnotations {
  /**
   * The loader: starts MSW's worker on the first story, ends the previous story's mock (its requests still in
   * flight get a network error) and builds this render's mock from the merged `parameters.mockApi`.
   */
  mockApiLoader(options?: MockApiAddonOptions): MockApiLoader
  /** The `beforeEach`: its cleanup ends the story's mock when Storybook leaves the story (or before the next test). */
  mockApiCleanup: MockApiCleanup
  /**
   * The loader and the cleanup as preview annotations: `definePreview({ addons: [mockApiAddon()] })` (CSF
   * Next), or spread into a CSF 3 preview's default export.
   */
  mockApiAddon(options?: MockApiAddonOptions): { loaders: MockApiLoader[]; beforeEach: MockApiCleanup[] }
}

export function createAnnotations(stories: StorySwitch, startWorker: (start?: StartOptions) => Promise<unknown>): MockApiAnnotations {
  const mockApiLoader = (options: MockApiAddonOptions = {}): MockApiLoader => async (context) => {
    await startWorker(options.start)
    const origin = typeof location === 'undefined' ? undefined : location.origin
    return { mockApi: await stories.start(context.parameters.mockApi, origin) }
  }
  const mockApiCleanup: MockApiCleanup = (context) => {
    const mock = context.loaded?.mockApi as LiveStoryMock | undefined
    return () => {
      if (mock) stories.end(mock)
    }
  }
  return {
    mockApiLoader,
    mockApiCleanup,
    mockApiAddon: (options = {}) => ({ loaders: [mockApiLoader(options)], beforeEach: [mockApiCleanup] }),
  }
}

/** The story's mock, typed, in `play` (or a decorator, a render function): `mockApiOf(context).journal`. */
export function mockApiOf(context: LoadedContextLike): StoryMock {
  const mock = context.loaded?.mockApi as StoryMock | undefined
  if (!mock) {
    throw new Error('workspace-api-mock/storybook: this story has no mock; add mockApiLoader() to the loaders of .storybook/preview.ts (or mockApiAddon() to its addons)')
  }
  return mock
}

/**
 * A `beforeEach` that puts the devtools panel (workspace-api-mock/devtools) in the story's canvas, over the
 * story's own mock; its cleanup removes it when Storybook leaves the story. Loaded on first use: a preview
 * without it loads none of the panel.
 */
export async function mockApiDevtools(context: LoadedContextLike): Promise<() => void> {
  const { api } = mockApiOf(context)
  const { mountDevtools } = await import('../devtools/index.ts')
  const devtools = mountDevtools(api, { scenario: "this story's" })
  return () => devtools.unmount()
}
