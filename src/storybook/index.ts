/**
 * workspace-api-mock/storybook: every story render gets its own mock API, built from `parameters.mockApi`,
 * answered through MSW's service worker in the preview. For CSF 3 (`loaders` and `beforeEach` in
 * .storybook/preview.ts) and CSF Next (`definePreview({ addons: [mockApiAddon()] })`) alike.
 *
 * The Storybook types are not imported: the annotations are plain functions over the few context fields
 * they read, so the entry needs no Storybook package to type-check and loads nothing of Storybook.
 */
import { createAnnotations } from './annotations.ts'
import { createStorySwitch } from './story-switch.ts'
import { startStoryWorker } from './worker.ts'

export { mockApiDevtools, mockApiOf } from './annotations.ts'
export type { LoadedContextLike, LoaderContextLike, MockApiAddonOptions, MockApiCleanup, MockApiLoaded, MockApiLoader } from './annotations.ts'
export type { FaultSpec, MockApiParameters, OverrideSpec, SpecList } from './parameters.ts'
export { MockApiParameterError } from './parameters.ts'
export type { StoryMock } from './story-mock.ts'
// Types only: a story file gets the kit's types from this entry without loading the rest of the kit.
export type { Credentials, MockApi, MockApiOptions, Principal } from '../api/create-mock-api.ts'
export type { ScenarioState } from '../model/state.ts'
export type { Database } from '../model/database.ts'
export type { OperationName } from '../handlers/operation-spec.ts'
export type { Application, Workspace } from '../model/schemas.ts'

// The preview page's one story switch, behind its one MSW worker.
const stories = createStorySwitch()

export const { mockApiLoader, mockApiCleanup, mockApiAddon } = createAnnotations(stories, (start) => startStoryWorker(stories, start))
