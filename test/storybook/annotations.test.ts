/**
 * The preview annotations of workspace-api-mock/storybook as Storybook drives them (the order of its
 * portable stories, which the Vitest addon runs: the previous story's cleanups, the loaders, `beforeEach`,
 * then `play`), over a story switch behind msw/node instead of the preview's service worker.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deleteWorkspace, z } from '../../src/index.ts'
import { createAnnotations, mockApiOf, type LoadedContextLike } from '../../src/storybook/annotations.ts'
import { createStorySwitch } from '../../src/storybook/story-switch.ts'

const stories = createStorySwitch()
const starts: unknown[] = []
const { mockApiAddon, mockApiCleanup } = createAnnotations(stories, async (start) => {
  starts.push(start)
})
const server = setupServer(stories.handler)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

const ORIGIN = 'https://preview.example.test'
let cleanups: Array<() => void> = []

/** One story run as Storybook's portable stories run it: cleanups first, then loaders, then beforeEach. */
async function runStory(parameters: Record<string, unknown>, annotations = mockApiAddon()): Promise<LoadedContextLike> {
  for (const cleanup of cleanups.reverse()) cleanup()
  cleanups = []
  const context: LoadedContextLike & { parameters: Record<string, unknown> } = { parameters }
  context.loaded = Object.assign({}, ...(await Promise.all(annotations.loaders.map((loader) => loader(context)))))
  cleanups.push(...annotations.beforeEach.map((beforeEach) => beforeEach(context)))
  return context
}

const listNames = async (context: LoadedContextLike) => {
  const { apiKey, apiSecret } = mockApiOf(context).credentials
  const response = await fetch(`${ORIGIN}/api/workspaces`, { headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret } })
  return ((await response.json()).data as Array<{ name: string }>).map((w) => w.name)
}

describe('the annotations in the order Storybook runs them', () => {
  test('mockApiAddon() is the loader and the cleanup; the loader starts the worker with its `start` options', async () => {
    const addon = mockApiAddon({ start: { quiet: false } })
    expect(addon.loaders).toHaveLength(1)
    expect(addon.beforeEach).toEqual([mockApiCleanup])
    await runStory({ mockApi: { scenario: 'empty' } }, addon)
    expect(starts.at(-1)).toEqual({ quiet: false })
  })

  test("each story's play reaches its own mock through mockApiOf(context); a write stays in its story", async () => {
    const first = await runStory({ mockApi: { scenario: 'demo', seed: 42 } })
    const { apiKey, apiSecret } = mockApiOf(first).credentials
    const created = await fetch(`${ORIGIN}/api/workspaces`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey, 'X-API-Secret': apiSecret },
      body: JSON.stringify({ name: 'Only in the first story' }),
    })
    expect(created.status).toBe(200)
    expect(mockApiOf(first).journal.count({ operation: 'createWorkspace' })).toBe(1)

    const second = await runStory({ mockApi: { scenario: 'demo', seed: 42 } })
    expect(await listNames(second)).not.toContain('Only in the first story')
    expect(mockApiOf(second).db.workspaces.findFirst((q) => q.where({ name: 'Only in the first story' }))).toBeUndefined()
    expect(mockApiOf(first).signal.aborted).toBe(true)
  })

  test("the cleanup alone (Storybook leaving for a docs page) ends the story's mock and aborts its slow request", async () => {
    const slow = await runStory({ mockApi: { faults: [{ type: 'latency', target: '*', latency: 5000 }] } })
    const { apiKey, apiSecret } = mockApiOf(slow).credentials
    const inFlight = fetch(`${ORIGIN}/api/workspaces`, { headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret } })
    await expect.poll(() => mockApiOf(slow).faults.list()[0]!.hits).toBe(1)
    for (const cleanup of cleanups) cleanup()
    cleanups = []
    await expect(inFlight).rejects.toThrow(TypeError)
    expect(stories.current).toBeUndefined()
    expect(mockApiOf(slow).abortedRequests).toBe(1)
  })

  test('a bad parameters.mockApi fails the loader (so the story) with the key named', async () => {
    await expect(runStory({ mockApi: { seed: 1.5 } })).rejects.toThrow('parameters.mockApi.seed: expected an integer, got number 1.5')
  })

  test('mockApiOf a context without the loader says what to add', () => {
    expect(() => mockApiOf({ loaded: {} })).toThrow(/add mockApiLoader\(\) to the loaders of \.storybook\/preview\.ts \(or mockApiAddon\(\) to its addons\)/)
  })

  test("parameters.mockApi's operations and fields: the story's mock serves them; its faults and overrides name them", async () => {
    const fields = { workspace: { tier: { schema: z.enum(['free']), build: () => 'free' } } }
    const story = await runStory({
      mockApi: {
        scenario: 'demo',
        operations: [deleteWorkspace],
        fields,
        faults: [{ type: 'fail', target: 'deleteWorkspace', status: 503, times: 1 }],
        overrides: { paused: { operation: 'deleteWorkspace', once: true, problem: { status: 409, detail: 'in use' } } },
      },
    })
    const { apiKey, apiSecret } = mockApiOf(story).credentials
    const headers = { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret }
    const [workspace] = (await (await fetch(`${ORIGIN}/api/workspaces`, { headers })).json()).data
    expect(workspace.tier).toBe('free')
    const remove = () => fetch(`${ORIGIN}/api/workspaces/${workspace.id}`, { method: 'DELETE', headers })
    expect((await remove()).status).toBe(503)
    expect((await remove()).status).toBe(409)
    expect((await remove()).status).toBe(204)
    await expect(runStory({ mockApi: { scenario: 'demo', overrides: [{ operation: 'deleteWorkspace', problem: { status: 409, detail: 'x' } }] } })).rejects.toThrow(
      /parameters\.mockApi\.overrides\[0\]\.operation: expected an operation name \(.*\), got "deleteWorkspace"/,
    )
  })
})
