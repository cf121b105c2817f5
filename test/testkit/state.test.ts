import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { buildScenario, createMockApi, InvalidStateError, type ScenarioState } from '../../src/index.ts'
import { fixtureText } from '../../src/model/fixture-text.ts'
import { DEMO_FIXTURE_SEED } from '../../src/scenarios/presets.ts'

const readFixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')

describe('snapshot and state', () => {
  test('fixtures/demo.json is exactly what the demo preset builds (run `npm run fixtures` after a change)', async () => {
    expect(readFixture('demo.json')).toBe(fixtureText(buildScenario('demo', { seed: DEMO_FIXTURE_SEED })))
    const api = createMockApi()
    await api.ready
    expect(api.snapshot()).toEqual(JSON.parse(readFixture('demo.json')))
  })

  test('a snapshot loads back as the same state, and keeps working through the API', async () => {
    const api = createMockApi({ scenario: 'multi-tenant', seed: 5 })
    await api.ready
    const snapshot = api.snapshot()
    const copy = createMockApi({ state: snapshot })
    await copy.ready
    expect(copy.snapshot()).toEqual(snapshot)
    expect(copy.principals).toEqual(api.principals)
  })

  test('the snapshot is plain JSON, detached from the store', async () => {
    const api = createMockApi({ scenario: 'empty' })
    await api.ready
    const snapshot = api.snapshot()
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot)
    snapshot.organizations[0]!.name = 'changed'
    expect(api.snapshot().organizations[0]!.name).not.toBe('changed')
  })

  test('fixtures/small.json is hand-editable and loads', async () => {
    const api = createMockApi({ state: JSON.parse(readFixture('small.json')) })
    await api.ready
    expect(api.credentials).toEqual({ apiKey: 'demo-key', apiSecret: 'demo-secret' })
    expect(api.db.applications.count()).toBe(3)
  })

  const broken = (edit: (state: ScenarioState) => void): ScenarioState => {
    const state = JSON.parse(readFixture('small.json')) as ScenarioState
    edit(state)
    return state
  }

  test.each([
    ['a wrong type', (s: ScenarioState) => ((s.applications[1] as any).port = 8443), /state\.applications\[1\] \(id app_0+b2\): field port: .*expected string/],
    ['a bad id', (s: ScenarioState) => (s.workspaces[0]!.id = 'ws-1'), /state\.workspaces\[0\] \(id ws-1\): field id/],
    ['an extra member', (s: ScenarioState) => ((s.workspaces[1] as any).color = 'red'), /state\.workspaces\[1\].*color/],
    ['a dangling reference', (s: ScenarioState) => (s.applications[2]!.workspace = 'wse_ffffffffffffffffffffffffffffffff'), /state\.applications\[2\].*field workspace: no workspace wse_f+/],
    ['a duplicate id', (s: ScenarioState) => (s.applications[1]!.id = s.applications[0]!.id), /state\.applications\[1\].*duplicate id/],
    ['a missing collection', (s: ScenarioState) => delete (s as any).accounts, /state\.accounts must be an array/],
  ])('a state with %s is refused with the record and the field named', (_, edit, message) => {
    expect(() => createMockApi({ state: broken(edit) })).toThrow(InvalidStateError)
    expect(() => createMockApi({ state: broken(edit) })).toThrow(message)
  })

  test('scenario and state together are refused', () => {
    expect(() => createMockApi({ scenario: 'demo', state: buildScenario('empty') })).toThrow(/either/)
  })
})
