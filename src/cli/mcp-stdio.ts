/**
 * `workspace-api-mock mcp`: MCP over stdin and stdout, driving the demo server this process started, as
 * its owner (the admin, token or not). stdout is the protocol's: everything else goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { StartedServer } from '../server/server.ts'
import { packageVersion } from '../server/package-info.ts'
import { createMcpServer } from '../server/mcp/mcp-server.ts'

const OWNER = { admin: true, tokenHeld: true, apiKey: null, apiSecret: null } as const

/** Serves MCP on stdio until stdin ends; resolves then. */
export async function serveStdio(started: StartedServer): Promise<void> {
  const server = createMcpServer({ context: started.control, caller: OWNER, origin: started.server.url, version: packageVersion() })
  const transport = new StdioServerTransport()
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve
    process.stdin.once('end', resolve)
  })
  await server.connect(transport)
  await closed
  await server.close()
}
