/**
 * workspace-api-mock: an in-memory, MSW 3 mock of the Workspace and Application Management API.
 * This entry is platform-free; it runs wherever MSW's handlers run (Node, browsers, workers).
 */
import { requireNode } from './node-version.js'

requireNode() // a no-op off Node

export * from './exports.ts'
export { toJsonSchema, allJsonSchemas } from './model/json-schemas.ts'
/** zod 4 (its classic API), for the schemas of operations and fields of your own; your own zod 4 works too. */
export { z } from 'zod'
