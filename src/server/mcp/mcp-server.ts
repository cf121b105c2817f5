/**
 * The demo server as an MCP server: the admin routes as tools (tools.ts), and two resources: the OpenAPI
 * document the server serves and the decisions where the specification is silent (docs/spec-decisions.md).
 * One is made per caller: over HTTP per request (stateless), over stdio once.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { Problem } from '../../handlers/reply/problem.ts'
import { z } from '../../model/zod.ts'
import type { AdminContext, Caller } from '../admin/context.ts'
import { specDecisions } from '../package-info.ts'
import { servedSurfaceOf } from '../../api/internals.ts'
import { adminCall, inputShape, toolsFor, type Tool } from './tools.ts'
import { sizeText } from '../../text/size-text.ts'

export interface McpOptions {
  context: AdminContext
  caller: Caller
  /** The server's base URL: the OpenAPI document's server. */
  origin: string
  version: string
}

export function createMcpServer({ context, caller, origin, version }: McpOptions): McpServer {
  const server = new McpServer({ name: 'workspace-api-mock', version })
  const call = adminCall(context, caller)
  // Sessions serve the base state's operations: its surface names them all (another after a redefinition).
  const surface = () => servedSurfaceOf(context.base.api)
  const document = async (server: string) => {
    const { openApiDocument } = await import('../../handlers/kit-routes/openapi/document.ts')
    return openApiDocument('3.1', server, surface())
  }
  for (const tool of toolsFor(() => surface().operations.map((operation) => operation.name), document)) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        // Loose: a member the tool does not know reaches the admin route, which names it, as over HTTP.
        inputSchema: z.looseObject(inputShape(tool)),
        annotations: { readOnlyHint: tool.readOnly, openWorldHint: false },
      },
      (args: Record<string, unknown>) => runTool(tool, call, args, origin),
    )
  }
  server.registerResource(
    'openapi',
    'openapi://workspace-api-mock/openapi.json',
    { description: 'The OpenAPI 3.1 document of the API this server mocks', mimeType: 'application/json' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await document(origin)) }] }),
  )
  server.registerResource(
    'decisions',
    'docs://workspace-api-mock/decisions.md',
    { description: 'What the mock does where the API specification is silent (docs/spec-decisions.md)', mimeType: 'text/markdown' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: specDecisions() }] }),
  )
  return server
}

/**
 * Most characters of one tool's answer: 32 MiB (a snapshot of about 25,000 records). The SDK writes it into
 * the JSON-RPC answer again, escaped; a larger state is read over HTTP (`GET /__admin/snapshot`).
 */
export const MAX_TOOL_ANSWER = 32 * 1024 * 1024

/** A tool's answer as JSON text; an admin route's problem as a tool error with the problem's message. */
async function runTool(tool: Tool, call: ReturnType<typeof adminCall>, args: Record<string, unknown>, origin: string): Promise<CallToolResult> {
  try {
    const text = JSON.stringify(await tool.run(call, args, origin))
    if (text.length > MAX_TOOL_ANSWER) {
      const over = `the answer of ${tool.name} is ${sizeText(text.length)}, over the ${sizeText(MAX_TOOL_ANSWER)} a tool's answer may hold`
      throw new Problem(413, `${over}: read it over HTTP (GET /__admin/snapshot, GET /__admin/journal)`)
    }
    return { content: [{ type: 'text', text }] }
  } catch (error) {
    if (!(error instanceof Problem)) throw error
    return { content: [{ type: 'text', text: problemText(error) }], isError: true }
  }
}

/** `422 validation failed` and a line per error: `body.latency: ...`. */
export function problemText(problem: Problem): string {
  const lines = (problem.errors ?? []).map((error) => `${error.location}: ${error.message}`)
  return [`${problem.status} ${problem.detail}`, ...lines].join('\n')
}
