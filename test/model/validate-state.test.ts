/**
 * A state that does not fit the model is refused on load with `InvalidStateError`: its message names the
 * record and the field, `location` is the path from the state's root, `reason` the problem alone. These
 * pin each part for every kind of refusal, through `createMockApi({ state })` and `validateState`.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { createMockApi, InvalidStateError, validateState, type ScenarioState } from '../../src/index.ts'

const small = (): ScenarioState =>
  JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8')) as ScenarioState

/** The error `createMockApi` throws for `state` (it must throw one). */
function refusal(state: unknown): InvalidStateError {
  try {
    createMockApi({ state: state as ScenarioState })
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidStateError)
    return error as InvalidStateError
  }
  return expect.fail('the state was accepted')
}

const edited = (edit: (state: any) => void): ScenarioState => {
  const state = small()
  edit(state)
  return state
}

describe('InvalidStateError', () => {
  test('is a TypeError named InvalidStateError, also when printed', () => {
    const error = refusal(edited((s) => (s.workspaces = {})))
    expect(error).toBeInstanceOf(TypeError)
    expect(error.name).toBe('InvalidStateError')
    expect(String(error)).toBe('InvalidStateError: state.workspaces must be an array')
  })

  test('made with a message only: the state itself is the location, the message the reason', () => {
    const error = new InvalidStateError('state is stale')
    expect(error.message).toBe('state is stale')
    expect(error.location).toBe('')
    expect(error.reason).toBe('state is stale')
  })
})

describe('what a refusal names', () => {
  test.each([null, 'organizations', 42])('a state that is not an object (%j): the state itself', (state) => {
    const reason = 'state must be an object with organizations, accounts, workspaces and applications arrays'
    const error = refusal(state)
    expect(error.message).toBe(reason)
    expect(error.location).toBe('')
    expect(error.reason).toBe(reason)
  })

  test('a collection that is not an array: the collection', () => {
    const error = refusal(edited((s) => (s.applications = { length: 0 })))
    expect(error.message).toBe('state.applications must be an array')
    expect(error.location).toBe('applications')
    expect(error.reason).toBe('must be an array')
  })

  test('a bad field of a nested object: its dotted path', () => {
    const error = refusal(edited((s) => (s.workspaces[1].icons.small = 5)))
    expect(error.message).toBe(
      'state.workspaces[1] (id wse_000000000000000000000000000000a2): field icons.small: ' +
        'Invalid input: expected string, received number',
    )
    expect(error.location).toBe('workspaces[1].icons.small')
    expect(error.reason).toBe('Invalid input: expected string, received number')
  })

  test('a member the model does not have: the whole record, as "(record)"', () => {
    const error = refusal(edited((s) => (s.workspaces[1].color = 'red')))
    expect(error.message).toBe(
      'state.workspaces[1] (id wse_000000000000000000000000000000a2): field (record): Unrecognized key: "color"',
    )
    expect(error.location).toBe('workspaces[1]')
    expect(error.reason).toBe('Unrecognized key: "color"')
  })

  test('a record that is not an object: the whole record, and no id in the label', () => {
    const error = refusal(edited((s) => (s.applications[0] = null)))
    expect(error.message).toBe('state.applications[0]: field (record): Invalid input: expected object, received null')
    expect(error.location).toBe('applications[0]')
    expect(error.reason).toBe('Invalid input: expected object, received null')
  })

  test('an id that is not a string: the label names no id', () => {
    const error = refusal(edited((s) => (s.organizations[0].id = 7)))
    expect(error.message).toBe('state.organizations[0]: field id: Invalid input: expected string, received number')
    expect(error.location).toBe('organizations[0].id')
  })

  test('a duplicate id: the second record and its id field', () => {
    const error = refusal(edited((s) => (s.workspaces[1].id = s.workspaces[0].id)))
    expect(error.message).toBe('state.workspaces[1] (id wse_000000000000000000000000000000a1): duplicate id')
    expect(error.location).toBe('workspaces[1].id')
    expect(error.reason).toBe('duplicate id')
  })

  test('two accounts with one API key: the second account and its apiKey', () => {
    const error = refusal(
      edited((s) => s.accounts.push({ ...s.accounts[0], id: 'acc_00000000000000000000000000000002', apiSecret: 'other' })),
    )
    expect(error.message).toBe(
      'state.accounts[1] (id acc_00000000000000000000000000000002): field apiKey: duplicate API key',
    )
    expect(error.location).toBe('accounts[1].apiKey')
    expect(error.reason).toBe('duplicate API key')
  })

  test('every problem is in `problems`, in the state\'s order; the message, location and reason are the first', () => {
    const error = refusal(
      edited((s) => {
        s.organizations[0].id = 7
        s.workspaces[1].description = 5
        s.workspaces[1].color = 'red'
        s.accounts.push({ ...s.accounts[0], id: 'acc_00000000000000000000000000000002' })
      }),
    )
    const first = 'state.organizations[0]: field id: Invalid input: expected string, received number'
    expect([error.message, error.location, error.reason]).toEqual([first, 'organizations[0].id', 'Invalid input: expected string, received number'])
    expect(error.problems.map((p) => [p.location, p.message])).toEqual([
      ['organizations[0].id', first],
      ['workspaces[1].description', 'state.workspaces[1] (id wse_000000000000000000000000000000a2): field description: Invalid input: expected string, received number'],
      ['workspaces[1]', 'state.workspaces[1] (id wse_000000000000000000000000000000a2): field (record): Unrecognized key: "color"'],
      ['accounts[0].organization', 'state.accounts[0] (id acc_00000000000000000000000000000001): field organization: no organization org_00000000000000000000000000000001'],
      ['accounts[1].organization', 'state.accounts[1] (id acc_00000000000000000000000000000002): field organization: no organization org_00000000000000000000000000000001'],
      ['workspaces[0].organization', 'state.workspaces[0] (id wse_000000000000000000000000000000a1): field organization: no organization org_00000000000000000000000000000001'],
      ['workspaces[1].organization', 'state.workspaces[1] (id wse_000000000000000000000000000000a2): field organization: no organization org_00000000000000000000000000000001'],
      ['accounts[1].apiKey', 'state.accounts[1] (id acc_00000000000000000000000000000002): field apiKey: duplicate API key'],
    ])
    expect(error.problems[1]!.reason).toBe('Invalid input: expected string, received number')
  })

  test('an error made by hand holds itself as its one problem', () => {
    const error = new InvalidStateError('state is stale', 'accounts', 'stale')
    expect(error.problems).toEqual([{ message: 'state is stale', location: 'accounts', reason: 'stale' }])
  })

  test('accounts with distinct API keys are accepted, each a principal', () => {
    const state = edited((s) =>
      s.accounts.push({ ...s.accounts[0], id: 'acc_00000000000000000000000000000002', apiKey: 'key-2', apiSecret: 'secret-2' }),
    )
    expect(() => validateState(state)).not.toThrow()
    const api = createMockApi({ state })
    expect(api.principals.map((p) => p.apiKey)).toEqual(['demo-key', 'key-2'])
  })
})
