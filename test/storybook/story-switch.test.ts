/**
 * workspace-api-mock/storybook's story switch, the part every story render goes through, behind msw/node
 * (the same handler the preview's service worker gets): fresh data per render, in-flight answers of an
 * ended story aborted, faults and overrides from parameters, and bad parameters named.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createStorySwitch } from '../../src/storybook/story-switch.ts'
import type { LiveStoryMock } from '../../src/storybook/story-mock.ts'
import { checkedFetch } from '../support/checked-fetch.ts'

const ORIGIN = 'https://storybook.example.test'
const stories = createStorySwitch()
const server = setupServer(stories.handler)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

const call = (mock: LiveStoryMock, path: string, init: Parameters<typeof checkedFetch>[1] = {}) =>
  checkedFetch(`${ORIGIN}${path}`, { as: mock.credentials, ...init })
const names = async (mock: LiveStoryMock) => ((await call(mock, '/api/workspaces')).body.data as Array<{ name: string }>).map((w) => w.name)

describe('every story render starts from fresh data', () => {
  test('a workspace one story creates is not listed by the next story, which sees the scenario as it was', async () => {
    const first = await stories.start({ scenario: 'demo', seed: 42 })
    const before = await names(first)
    expect((await call(first, '/api/workspaces', { method: 'POST', json: { name: 'Made in story one' } })).status).toBe(200)
    expect(await names(first)).toContain('Made in story one')

    const second = await stories.start({ scenario: 'demo', seed: 42 })
    expect(second.api).not.toBe(first.api)
    expect(await names(second)).toEqual(before)
    expect(second.journal.count()).toBe(1)
  })

  test('the same seed gives the same data in every story; another seed, other data', async () => {
    const a = (await stories.start({ scenario: 'demo', seed: 3 })).api.snapshot()
    const b = (await stories.start({ scenario: 'demo', seed: 3 })).api.snapshot()
    const c = (await stories.start({ scenario: 'demo', seed: 4 })).api.snapshot()
    expect(b).toEqual(a)
    expect(c.applications).not.toEqual(a.applications)
  })

  test('`state` wins over an inherited `scenario`; `state: null` gives the scenario back', async () => {
    const state = (await stories.start({ scenario: 'demo', seed: 42 })).api.snapshot()
    state.workspaces[0]!.name = 'From the fixture'
    expect(await names(await stories.start({ scenario: 'empty', state }))).toContain('From the fixture')
    expect(await names(await stories.start({ scenario: 'empty', state: null }))).toEqual([])
  })
})

test('createMockApi options pass through: a `profile` knob (no WWW-Authenticate on a 401)', async () => {
  const challenge = async (parameters: Record<string, unknown>) => {
    await stories.start({ scenario: 'demo', ...parameters })
    return (await fetch(`${ORIGIN}/api/workspaces`)).headers.get('WWW-Authenticate')
  }
  expect(await challenge({})).toMatch(/^ApiKey /)
  expect(await challenge({ profile: { wwwAuthenticate: false } })).toBeNull()
})

describe('requests in flight when the story ends', () => {
  test('a slow answer (latency fault) of the previous story is aborted at once: a network error, never an answer in the next story', async () => {
    const slow = await stories.start({ scenario: 'demo', faults: [{ type: 'latency', target: 'listWorkspaces', latency: 5000 }] })
    const started = Date.now()
    const inFlight = fetch(`${ORIGIN}/api/workspaces`, { headers: { 'X-API-Key': slow.credentials.apiKey, 'X-API-Secret': slow.credentials.apiSecret } })
    // The fault has the request (its delay is running).
    await expect.poll(() => slow.faults.list()[0]!.hits).toBe(1)

    const next = await stories.start({ scenario: 'empty' })
    await expect(inFlight).rejects.toThrow(TypeError)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(slow.abortedRequests).toBe(1)
    expect(slow.signal.aborted).toBe(true)
    expect(next.journal.count()).toBe(0)
    expect(await names(next)).toEqual([])
  })

  test("a story's cleanup ends its own mock only: a newer render keeps answering", async () => {
    const old = await stories.start({ scenario: 'demo' })
    const current = await stories.start({ scenario: 'demo' })
    stories.end(old)
    expect(stories.current).toBe(current)
    expect((await call(current, '/api/workspaces')).status).toBe(200)
    stories.end(current)
    expect(stories.current).toBeUndefined()
  })

  test('of two renders started at once, the later one answers and the earlier one is ended', async () => {
    const [early, late] = await Promise.all([stories.start({ scenario: 'demo' }), stories.start({ scenario: 'empty' })])
    expect(stories.current).toBe(late)
    expect(early.signal.aborted).toBe(true)
    expect(await names(late)).toEqual([])
  })
})

describe('faults and overrides as data', () => {
  test('a fail fault and a problem override, as a list or a record by name (null removes an inherited one)', async () => {
    const failing = await stories.start({ scenario: 'demo', faults: [{ type: 'fail', target: 'listWorkspaces', status: 503, detail: 'maintenance' }] })
    const failed = await call(failing, '/api/workspaces')
    expect(failed.status).toBe(503)
    expect(failed.body).toMatchObject({ status: 503, detail: 'maintenance' })

    const overridden = await stories.start({
      scenario: 'demo',
      overrides: { broken: { operation: 'listWorkspaces', problem: { status: 500, detail: 'the list broke' } }, gone: null },
    })
    const problem = await call(overridden, '/api/workspaces')
    expect(problem.status).toBe(500)
    expect(problem.body).toMatchObject({ status: 500, detail: 'the list broke' })
  })

  test('a respond override answers 200 with the operation envelope around the data', async () => {
    const first = await stories.start({ scenario: 'demo', seed: 42 })
    const [workspace] = first.api.snapshot().workspaces
    const mock = await stories.start({ scenario: 'demo', overrides: [{ operation: 'listWorkspaces', respond: [{ ...workspace!, name: 'Only this one' }], once: true }] })
    expect(await names(mock)).toEqual(['Only this one'])
    expect(await names(mock)).not.toEqual(['Only this one'])
  })
})

describe('bad parameters.mockApi fail the story with the key named', () => {
  test.each([
    ['a string', 'demo', 'parameters.mockApi: expected an object, got "demo"'],
    ['an unknown key', { senario: 'demo' }, 'parameters.mockApi.senario: unknown key'],
    ['a seed that is no integer', { seed: '42' }, 'parameters.mockApi.seed: expected an integer, got "42"'],
    ['an unknown scenario', { scenario: 'nope' }, 'parameters.mockApi: '],
    ['a fault type', { faults: [{ type: 'slow', target: '*' }] }, 'parameters.mockApi.faults[0].type: expected one of fail, disconnect, latency, rateLimit, got "slow"'],
    ['a latency fault without latency', { faults: { slow: { type: 'latency', target: '*' } } }, 'parameters.mockApi.faults.slow.latency: required'],
    ['a fault target', { faults: [{ type: 'fail', target: 'listThings' }] }, 'parameters.mockApi.faults[0]: Unknown operation target "listThings"'],
    ['a fault status, in a record', { faults: { broken: { type: 'fail', target: '*', status: 200 } } }, 'parameters.mockApi.faults.broken: fail: status must be an integer 400..599, got 200'],
    ['an override operation', { overrides: [{ operation: 'listThings', respond: [] }] }, 'parameters.mockApi.overrides[0].operation: expected an operation name'],
    ['an override with two answers', { overrides: [{ operation: 'listWorkspaces', respond: [], problem: { status: 500, detail: 'x' } }] }, 'parameters.mockApi.overrides[0]: give exactly one of problem, respond, resolver (got problem, respond)'],
    ['a state that is not one', { state: { workspaces: 'none' } }, 'parameters.mockApi: '],
  ])('%s', async (_, parameters, message) => {
    const error = await stories.start(parameters).catch((error: Error) => error)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).name).toBe('MockApiParameterError')
    expect((error as Error).message.startsWith(message), (error as Error).message).toBe(true)
  })

  test('no parameters at all: the default scenario', async () => {
    expect((await names(await stories.start(undefined))).length).toBeGreaterThan(0)
  })
})
