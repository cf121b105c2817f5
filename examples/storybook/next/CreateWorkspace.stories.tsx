import { expect } from 'storybook/test'
import { mockApiOf } from 'workspace-api-mock/storybook'
import preview from '../.storybook-next/preview.tsx'
import { CreateWorkspace } from '../src/CreateWorkspace.tsx'

const meta = preview.meta({ component: CreateWorkspace })

const NAME = 'Made by the CSF Next story'

export const Create = meta.story({
  play: async ({ canvas, userEvent, ...context }) => {
    await canvas.findByRole('list', { name: 'Workspaces' })
    await userEvent.type(canvas.getByLabelText('Name'), NAME)
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }))
    await expect(await canvas.findByText(NAME)).toBeVisible()
    await expect(mockApiOf(context).journal.count({ operation: 'createWorkspace', status: 200 })).toBe(1)
  },
})

/** Fresh data: the workspace Create made is gone. */
export const AfterCreate = meta.story({
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('list', { name: 'Workspaces' })).not.toHaveTextContent(NAME)
  },
})

/** Component-to-story merge: the story's `faults` record sits beside the project's scenario and seed. */
export const Failing = meta.story({
  parameters: { mockApi: { faults: { down: { type: 'fail', target: 'listWorkspaces', status: 503, detail: 'Down for the CSF Next story' } } } },
  play: async ({ canvas, ...context }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('503 Down for the CSF Next story')
    await expect(mockApiOf(context).api.seed).toBe(42)
  },
})
