/**
 * The page of test/browser/store.test.ts: the mock with the scenario and persistence the query string names
 * (`?scenario=scale:10x500&persist=localStorage`; `?operations=presets`: the unshown operations and a field
 * of the page's own, no persistence), on `globalThis.mock` for the test to drive.
 */
import { startMockWorker, unshownOperations, type PersistOption, type ScenarioRef } from 'workspace-api-mock/browser'
import { fields } from './fields.ts'

const query = new URLSearchParams(location.search)
const extended = query.get('operations') === 'presets'
const mock = await startMockWorker({
  scenario: (query.get('scenario') ?? 'demo') as ScenarioRef,
  seed: 42,
  persist: extended ? false : ((query.get('persist') ?? 'localStorage') as PersistOption),
  ...(extended && { operations: unshownOperations, fields }),
})
Object.assign(globalThis, { mock })
document.body.dataset.ready = 'true'
