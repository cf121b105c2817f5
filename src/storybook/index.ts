/**
 * workspace-api-mock/storybook: every story render gets its own mock API, built from `parameters.mockApi`,
 * answered through MSW's service worker in the preview. For CSF 3 (`loaders` and `beforeEach` in
 * .storybook/preview.ts) and CSF Next (`definePreview({ addons: [mockApiAddon()] })`) alike.
 *
 * The Storybook types are not imported: the annotations are plain functions over the few context fields
 * they read, so the entry needs no Storybook package to type-check and loads nothing of Storybook.
 */
import type { StartOptions } from 'msw/browser'
import type { StoryMock, LiveStoryMock } from './story-mock.ts'
import { createStorySwitch } from './story-switch.ts'
import { startStoryWorker } from './worker.ts'

export type { FaultSpec, MockApiParameters, OverrideSpec, SpecList } from './parameters.ts'
export { MockApiParameterError } from './parameters.ts'
export type { StoryMock } from './story-mock.ts'
// Types only: a story file gets the kit's types from this entry without loading the rest of the kit.
export type { Credentials, MockApi, MockApiOptions, Principal } from '../api/create-mock-api.ts'
export type { ScenarioState } from '../model/state.ts'
export type { Database } from '../model/database.ts'
export type { OperationName } from '../handlers/operation-spec.ts'
export type { Application, Workspace } from '../model/schemas.ts'

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

const storySwitch = createStorySwitch()

/**
 * The loader: starts MSW's worker on the first story, ends the previous story's mock (its requests still in
 * flight get a network error) and builds this render's mock from the merged `parameters.mockApi`.
 */
export function mockApiLoader(options: MockApiAddonOptions = {}): (context: LoaderContextLike) => Promise<MockApiLoaded> {
  return async (context) => {
    await startStoryWorker(storySwitch, options.start)
    const origin = typeof location === 'undefined' ? undefined : location.origin
    return { mockApi: await storySwitch.start(context.parameters.mockApi, origin) }
  }
}

/** The `beforeEach`: its cleanup ends the story's mock when Storybook leaves the story (or before the next test). */
export function mockApiCleanup(context: LoadedContextLike): () => void {
  const mock = context.loaded?.mockApi as LiveStoryMock | undefined
  return () => {
    if (mock) storySwitch.end(mock)
  }
}

/**
 * The preview annotations: `definePreview({ addons: [mockApiAddon()] })` (CSF Next), or spread into a CSF 3
 * preview's default export.
 */
export function mockApiAddon(options: MockApiAddonOptions = {}): {
  loaders: Array<(context: LoaderContextLike) => Promise<MockApiLoaded>>
  beforeEach: Array<(context: LoadedContextLike) => () => void>
} {
  return { loaders: [mockApiLoader(options)], beforeEach: [mockApiCleanup] }
}

/** The story's mock, typed, in `play` (or a decorator, a render function): `mockApiOf(context).journal`. */
export function mockApiOf(context: LoadedContextLike): StoryMock {
  const mock = context.loaded?.mockApi as StoryMock | undefined
  if (!mock) {
    throw new Error('workspace-api-mock/storybook: this story has no mock; add mockApiLoader() to the loaders of .storybook/preview.ts (or mockApiAddon() to its addons)')
  }
  return mock
}
