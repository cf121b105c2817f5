/**
 * `/__admin/mcp`: MCP over Streamable HTTP, stateless (a server and transport per request, JSON answers,
 * no event stream), so that it holds nothing between requests and needs no session of its own. The
 * router has already applied the admin's protections (Host, Origin, media type, body bound) and
 * the token.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { AdminContext, Caller } from '../admin/context.ts'
import { MAX_ADMIN_BODY_BYTES } from '../limits.ts'
import { packageVersion } from '../package-info.ts'
import { createMcpServer } from './mcp-server.ts'

export async function answerMcp(request: Request, context: AdminContext, caller: Caller): Promise<Response> {
  if (request.method !== 'POST') {
    // A stateless server offers no stream to GET and no session to DELETE (the transport's specification: 405).
    return new Response(null, { status: 405, headers: { Allow: 'POST' } })
  }
  const server = createMcpServer({ context, caller, origin: new URL(request.url).origin, version: packageVersion() })
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_ADMIN_BODY_BYTES,
  })
  await server.connect(transport)
  try {
    const response = await transport.handleRequest(request)
    // The JSON answer is complete once handleRequest resolves: its body is read before the server closes.
    const body = await response.arrayBuffer()
    return new Response(body.byteLength === 0 ? null : body, { status: response.status, headers: response.headers })
  } finally {
    await server.close()
  }
}
