import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { ApplicationTable } from './ApplicationTable.tsx'

const meta = {
  component: ApplicationTable,
  // The paging scenario: one workspace with 1234 applications.
  parameters: { mockApi: { scenario: 'paging', seed: 7 } },
} satisfies Meta<typeof ApplicationTable>
export default meta
type Story = StoryObj<typeof meta>

const rows = (table: HTMLElement) => [...table.querySelectorAll('td')].map((cell) => cell.textContent)

export const FirstPage: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Applications' })
    await expect(rows(table)).toHaveLength(10)
    await expect(canvas.getByText('Page 1 of 124 (1234 applications)')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled()
  },
}

export const NextPage: Story = {
  args: { pageSize: 25 },
  play: async ({ canvas, userEvent }) => {
    const first = rows(await canvas.findByRole('table', { name: 'Applications' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }))
    await expect(await canvas.findByText('Page 2 of 50 (1234 applications)')).toBeVisible()
    const second = rows(canvas.getByRole('table', { name: 'Applications' }))
    await expect(second).toHaveLength(25)
    await expect(second).not.toEqual(first)
  },
}
