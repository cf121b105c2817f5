import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import small from 'workspace-api-mock/fixtures/small.json' with { type: 'json' }
import { mockApiDevtools, mockApiOf, type MockApiParameters, type ScenarioState } from 'workspace-api-mock/storybook'
import { WorkspaceList } from './WorkspaceList.tsx'

const meta = { component: WorkspaceList } satisfies Meta<typeof WorkspaceList>
export default meta
type Story = StoryObj<typeof meta>

const mockApi = (parameters: MockApiParameters) => ({ mockApi: parameters })

/** The project's default: the demo scenario, seed 42. */
export const Demo: Story = {
  play: async ({ canvas, ...context }) => {
    const list = await canvas.findByRole('list', { name: 'Workspaces' })
    const { api, db, journal } = mockApiOf(context)
    const { organization } = api.principals[0]!
    const names = db.workspaces.findMany((q) => q.where({ organization })).map((w) => w.name)
    await expect([...list.querySelectorAll('li')].map((li) => li.textContent).sort()).toEqual(names.sort())
    await expect(journal.count({ operation: 'listWorkspaces', status: 200 })).toBe(1)
  },
}

/**
 * The devtools panel in the canvas, over this story's mock: its Requests tab lists the story's own request,
 * and a fault added in its Faults tab is on the story's mock.
 */
export const WithDevtools: Story = {
  beforeEach: [mockApiDevtools],
  play: async ({ canvas, canvasElement, ...context }) => {
    await canvas.findByRole('list', { name: 'Workspaces' })
    const host = canvasElement.ownerDocument.querySelector('[data-workspace-api-mock-devtools]')!
    const root = host.shadowRoot!
    root.querySelector<HTMLButtonElement>('button.launcher')!.click()
    await waitFor(() => expect(root.querySelector('#log tbody tr .operation')?.textContent).toBe('listWorkspaces'))
    root.querySelector<HTMLButtonElement>('#tab-faults')!.click()
    const form = [...root.querySelectorAll<HTMLFormElement>('form.fault-form')].find((element) => element.textContent?.includes('Fail one operation'))!
    form.querySelector<HTMLSelectElement>('select[name="target"]')!.value = 'getWorkspace'
    form.requestSubmit()
    await waitFor(() => expect(mockApiOf(context).faults.list()).toMatchObject([{ type: 'fail', target: 'getWorkspace', status: 503 }]))
  },
}

export const Empty: Story = {
  parameters: mockApi({ scenario: 'empty' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No workspaces yet.')).toBeVisible()
  },
}

/** A state fixture (the package's small.json): exactly its two workspaces. */
export const FromState: Story = {
  parameters: mockApi({ state: small as ScenarioState }),
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Workspaces' })
    await expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Production', 'Staging'])
  },
}

/** An override answers the list with a problem: the component's error state. */
export const ErrorState: Story = {
  parameters: mockApi({ overrides: [{ operation: 'listWorkspaces', problem: { status: 503, detail: 'Scheduled maintenance' } }] }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load the workspaces: 503 Scheduled maintenance')
  },
}

const SLOW_MS = 4000

declare global {
  interface Window {
    /** SlowList's own request, left running when the story ends (the component aborts its own on unmount). */
    slowListOutcome?: Promise<{ outcome: string; ms: number }>
  }
}

/** A latency fault: the list stays loading. */
export const SlowList: Story = {
  parameters: mockApi({ faults: [{ type: 'latency', target: 'listWorkspaces', latency: SLOW_MS }] }),
  play: async ({ canvas, ...context }) => {
    await expect(await canvas.findByText('Loading workspaces…')).toBeVisible()
    const { credentials, faults } = mockApiOf(context)
    const { apiKey, apiSecret } = credentials
    const started = performance.now()
    window.slowListOutcome = fetch('/api/workspaces', { headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret } })
      .then((response) => `answered ${response.status}`, () => 'network error')
      .then((outcome) => ({ outcome, ms: performance.now() - started }))
    // Both requests (the component's, this one) reach the mock through the service worker, a round trip
    // later: the story ends once the fault holds them, or they could reach the next story's mock instead.
    await waitFor(() => expect(faults.list()[0]?.hits).toBe(2))
  },
}

/**
 * Rendered after SlowList (the next story in this file, as the tests run them and as a reader clicks):
 * SlowList's request still in flight was aborted when this story started, long before its latency.
 */
export const AfterSlowList: Story = {
  play: async ({ canvas, ...context }) => {
    await canvas.findByRole('list', { name: 'Workspaces' })
    await expect(mockApiOf(context).journal.count()).toBe(1)
    const pending = window.slowListOutcome
    // Under the Vitest addon the stories of a file run in order in one page: SlowList ran just before.
    if ((globalThis as { __vitest_browser__?: unknown }).__vitest_browser__) await expect(pending).toBeDefined()
    if (!pending) return
    const { outcome, ms } = await pending
    document.body.dataset.slowListOutcome = outcome
    await expect(outcome).toBe('network error')
    await expect(ms).toBeLessThan(SLOW_MS)
  },
}
