/**
 * `/__admin/mcp`: MCP over Streamable HTTP, stateless (a server and transport per request, JSON answers,
 * no event stream), so that it holds nothing between requests and needs no session of its own. The
 * router has already applied the admin's protections (Host, Origin, media type, body bound) and
 * the token. A JSON-RPC batch is bounded before the transport sees it: its calls run at once, and a
 * hundred snapshots in 1.6 KB of request took a server of 289 MB to 4.6 GB.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { Problem } from '../../handlers/reply/problem.ts'
import type { AdminContext, Caller } from '../admin/context.ts'
import { MAX_ADMIN_BODY_BYTES } from '../limits.ts'
import { packageVersion } from '../package-info.ts'
import { createMcpServer } from './mcp-server.ts'
import { HEAVY_TOOLS } from './tools.ts'

/** Most messages one request may hold as a batch (the SDK takes 100). */
export const MAX_MCP_BATCH = 20

/** The tools that cost as much as the state is large: a batch holds at most one call of them. */
const HEAVY = HEAVY_TOOLS

export async function answerMcp(request: Request, context: AdminContext, caller: Caller): Promise<Response> {
  if (request.method !== 'POST') {
    // A stateless server offers no stream to GET and no session to DELETE (the transport's specification: 405).
    return new Response(null, { status: 405, headers: { Allow: 'POST' } })
  }
  const text = await request.text()
  const parsedBody = parsed(text)
  if (Array.isArray(parsedBody)) checkBatch(parsedBody)
  const server = createMcpServer({ context, caller, origin: new URL(request.url).origin, version: packageVersion() })
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_ADMIN_BODY_BYTES,
  })
  await server.connect(transport)
  try {
    // Text that is not JSON goes to the transport as it came: its parse error is the protocol's answer.
    const options = parsedBody === undefined ? undefined : { parsedBody }
    const response = await transport.handleRequest(new Request(request, { body: text }), options)
    // The JSON answer is complete once handleRequest resolves: its body is read before the server closes.
    const body = await response.arrayBuffer()
    return new Response(body.byteLength === 0 ? null : body, { status: response.status, headers: response.headers })
  } finally {
    await server.close()
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A 422 problem, before anything runs, for a batch over MAX_MCP_BATCH or with more than one heavy call. */
function checkBatch(messages: readonly unknown[]): void {
  if (messages.length > MAX_MCP_BATCH) {
    throw new Problem(422, `an MCP batch holds at most ${MAX_MCP_BATCH} messages, got ${messages.length}`)
  }
  const heavy = messages.filter((message) => {
    const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } }
    return method === 'tools/call' && HEAVY.has(String(params?.name))
  })
  if (heavy.length > 1) {
    throw new Problem(
      422,
      `an MCP batch holds at most one call of ${[...HEAVY].join(', ')} (each costs as much as the state is large), got ${heavy.length}: send them one a request`,
    )
  }
}
