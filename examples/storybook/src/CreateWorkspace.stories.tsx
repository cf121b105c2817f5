import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { mockApiOf } from 'workspace-api-mock/storybook'
import { CreateWorkspace } from './CreateWorkspace.tsx'

const meta = { component: CreateWorkspace } satisfies Meta<typeof CreateWorkspace>
export default meta
type Story = StoryObj<typeof meta>

const NAME = 'Made by the Create story'

/** Creates a workspace through the form: the list and the story's mock have it. */
export const Create: Story = {
  play: async ({ canvas, userEvent, ...context }) => {
    await canvas.findByRole('list', { name: 'Workspaces' })
    await userEvent.type(canvas.getByLabelText('Name'), NAME)
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }))
    await expect(await canvas.findByText(`Created ${NAME}`)).toBeVisible()
    await expect(await canvas.findByText(NAME)).toBeVisible()
    const { db, journal } = mockApiOf(context)
    await expect(db.workspaces.findFirst((q) => q.where({ name: NAME }))).toBeDefined()
    await expect(journal.count({ operation: 'createWorkspace', status: 200 })).toBe(1)
  },
}

/** The next story: fresh data, so the workspace Create made is gone. */
export const AfterCreate: Story = {
  play: async ({ canvas, ...context }) => {
    const list = await canvas.findByRole('list', { name: 'Workspaces' })
    await expect(list).not.toHaveTextContent(NAME)
    await expect(mockApiOf(context).db.workspaces.findFirst((q) => q.where({ name: NAME }))).toBeUndefined()
  },
}
