/**
 * The page of test/browser/store.test.ts: the mock with the scenario and persistence the query string names
 * (`?scenario=scale:10x500&persist=localStorage`), on `globalThis.mock` for the test to drive.
 */
import { startMockWorker, type PersistOption, type ScenarioRef } from 'workspace-api-mock/browser'

const query = new URLSearchParams(location.search)
const mock = await startMockWorker({
  scenario: (query.get('scenario') ?? 'demo') as ScenarioRef,
  seed: 42,
  persist: (query.get('persist') ?? 'localStorage') as PersistOption,
})
Object.assign(globalThis, { mock })
document.body.dataset.ready = 'true'
