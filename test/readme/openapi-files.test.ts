/** The shipped OpenAPI documents by their package paths (docs/openapi.md), resolved as a consumer would. */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const document = require('workspace-api-mock/openapi.json') // or workspace-api-mock/openapi.yaml

import { expect, test } from 'vitest'

test('workspace-api-mock/openapi.json and /openapi.yaml are the shipped 3.1 document', () => {
  expect(document.openapi).toBe('3.1.0')
  expect(document.servers).toEqual([{ url: 'http://127.0.0.1:4010' }])
  expect(require.resolve('workspace-api-mock/openapi.yaml')).toMatch(/fixtures\/openapi\.yaml$/)
})
