import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { CreateWorkspace } from '../src/CreateWorkspace.tsx'

const meta = { component: CreateWorkspace } satisfies Meta<typeof CreateWorkspace>
export default meta
type Story = StoryObj<typeof meta>

const NAME = 'Made through msw-storybook-addon'

/** The kit's handlers answer through the addon's worker. */
export const Create: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('list', { name: 'Workspaces' })).toHaveTextContent('Payments Production')
    await userEvent.type(canvas.getByLabelText('Name'), NAME)
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }))
    await expect(await canvas.findByText(NAME)).toBeVisible()
  },
}

/** The recipe's `beforeEach` reset the one shared mock: the workspace is gone. */
export const AfterCreate: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('list', { name: 'Workspaces' })).not.toHaveTextContent(NAME)
  },
}
