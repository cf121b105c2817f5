/** The MCP tests' client side: tool calls and the issue's scenario, the same over either transport. */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { expect } from 'vitest'
import { authOf, call } from './http-helpers.ts'

const TOOLS = [
  'add_fault',
  'clear_faults',
  'consumer_contract',
  'create_session',
  'drift',
  'drift_module',
  'end_session',
  'get_coverage',
  'list_faults',
  'list_sessions',
  'load_state',
  'principals',
  'query_journal',
  'reset',
  'snapshot',
]

interface Result {
  isError?: boolean
  content: { type: string; text: string }[]
}

/** Calls a tool; its JSON answer, or throws with the tool error's text. */
export async function tool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as Result
  if (result.isError) throw new Error(result.content[0]!.text)
  return JSON.parse(result.content[0]!.text)
}

export async function toolError(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as Result
  expect(result.isError).toBe(true)
  return result.content[0]!.text
}

/** The scenario of the issue, against the server at `base`: the same over either transport. */
export async function endToEnd(client: Client, base: string): Promise<void> {
  const { tools } = await client.listTools()
  expect(tools.map((t) => t.name).sort()).toEqual(TOOLS)
  const session = await tool(client, 'create_session', {})
  const { id } = await tool(client, 'add_fault', { session: session.id, fault: { type: 'latency', target: 'listWorkspaces', latency: 40 } })
  expect(await tool(client, 'list_faults', { session: session.id })).toMatchObject({ faults: [{ id, startup: false }] })
  const since = Date.now()
  for (let i = 0; i < 2; i++) expect((await call(base, '/api/workspaces', { headers: authOf(session) })).status).toBe(200)
  expect((await call(base, '/api/workspaces/nope', { headers: authOf(session) })).status).toBe(404)
  const { entries } = await tool(client, 'query_journal', { session: session.id, operation: 'listWorkspaces', status: 200, since })
  expect(entries).toHaveLength(2)
  for (const entry of entries) expect(entry.duration).toBeGreaterThanOrEqual(35)
  expect((await tool(client, 'query_journal', { session: session.id, status: 404 })).entries).toHaveLength(1)
  await tool(client, 'reset', { session: session.id })
  expect((await tool(client, 'list_faults', { session: session.id })).faults).toEqual([])
  expect(await tool(client, 'end_session', { session: session.id })).toEqual({ deleted: session.id })
  expect((await call(base, '/api/workspaces', { headers: authOf(session) })).status).toBe(401)
}
