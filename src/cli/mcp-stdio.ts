/**
 * `workspace-api-mock mcp`: MCP over stdin and stdout, driving the demo server this process started, as
 * its owner (the admin, token or not). stdout is the protocol's: everything else goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { MockServer } from '../server/server.ts'
import { controlOf } from '../server/server.ts'
import { packageVersion } from '../server/package-info.ts'
import { createMcpServer } from '../server/mcp/mcp-server.ts'

const OWNER = { admin: true, tokenHeld: true, apiKey: null, apiSecret: null } as const

/** Serves MCP on stdio until stdin ends; resolves then. */
export async function serveStdio(mock: MockServer): Promise<void> {
  const context = controlOf(mock)!
  const server = createMcpServer({ context, caller: OWNER, origin: mock.url, version: packageVersion() })
  const transport = new StdioServerTransport()
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve
    process.stdin.once('end', resolve)
  })
  await server.connect(transport)
  await closed
  await server.close()
}
