/** A field of the page's own (the test builds the same in Node): defined with the app's own zod 4. */
import { z } from 'zod'
import type { RecordFields } from 'workspace-api-mock/browser'

export const fields: RecordFields = {
  application: { status: { schema: z.enum(['active', 'paused']), build: ({ faker }) => faker.helpers.arrayElement(['active', 'paused']), writable: true } },
}
