/**
 * workspace-api-mock: an in-memory, MSW 3 mock of the Workspace and Application Management API.
 * This entry is platform-free; it runs wherever MSW's handlers run (Node, browsers, workers).
 */
import { requireNode } from './node-version.js'

requireNode() // a no-op off Node

export * from './exports.ts'
export { toJsonSchema, allJsonSchemas } from './model/json-schemas.ts'
