/**
 * `workspace-api-mock mcp`: MCP over stdin and stdout, driving the demo server this process started, as
 * its owner (the admin, token or not). stdout is the protocol's: everything else goes to stderr.
 */
import { Transform, type TransformCallback } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { StartedServer } from '../server/server.ts'
import { MAX_ADMIN_BODY_BYTES } from '../server/limits.ts'
import { packageVersion } from '../server/package-info.ts'
import { createMcpServer } from '../server/mcp/mcp-server.ts'
import { sizeText } from '../text/size-text.ts'
import { shown } from '../text/terminal-text.ts'
import { COMMAND } from './command.ts'

const NEWLINE = Buffer.from('\n')

const OWNER = { admin: true, tokenHeld: true, apiKey: null, apiSecret: null } as const

/** Most bytes of one message (a line) on stdin: as an admin request's body over HTTP. */
export const MAX_STDIO_MESSAGE = MAX_ADMIN_BODY_BYTES

/** Serves MCP on stdio until stdin ends; resolves then, with the exit code (1 when a message was over the bound). */
export async function serveStdio(started: StartedServer): Promise<number> {
  // The control plane the server answers with now: `--watch` of an operations module replaces it.
  const context = {
    get base() {
      return started.control.base
    },
    get sessions() {
      return started.control.sessions
    },
    maxRecords: started.control.maxRecords,
  }
  const server = createMcpServer({ context, caller: OWNER, origin: started.server.url, version: packageVersion() })
  const lines = process.stdin.pipe(new Lines(MAX_STDIO_MESSAGE))
  const transport = new StdioServerTransport(lines, process.stdout, { maxBufferSize: MAX_STDIO_MESSAGE + 1 })
  let code = 0
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve
    lines.once('end', resolve)
    lines.once('error', () => {
      code = 1
      process.stderr.write(`${COMMAND} mcp: a message on stdin is over ${sizeText(MAX_STDIO_MESSAGE)}, the most one may hold: stopping\n`)
      resolve()
    })
  })
  // The SDK drops a line it cannot read without a word.
  transport.onerror = (error) => process.stderr.write(`${COMMAND} mcp: ignored a message on stdin: ${shown(error.message)}\n`)
  await server.connect(transport)
  await closed
  await server.close()
  return code
}

/**
 * stdin in whole lines, each at most `maxBytes`: the SDK's reader copies what it holds at every chunk (time
 * with the square of a line), and ends without a word past its bound. Given whole lines it copies each once.
 */
class Lines extends Transform {
  readonly #maxBytes: number
  #pending: Buffer[] = []
  #size = 0

  constructor(maxBytes: number) {
    super()
    this.#maxBytes = maxBytes
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      if (!this.#hold(chunk.subarray(start, end))) return done(new RangeError(`a line over ${this.#maxBytes} bytes`))
      this.push(Buffer.concat([...this.#pending, NEWLINE]))
      this.#pending = []
      this.#size = 0
      start = end + 1
    }
    done(this.#hold(chunk.subarray(start)) ? null : new RangeError(`a line over ${this.#maxBytes} bytes`))
  }

  /** Keeps part of the line under way; false when the line is over the bound. */
  #hold(part: Buffer): boolean {
    this.#size += part.length
    if (this.#size > this.#maxBytes) return false
    if (part.length > 0) this.#pending.push(part)
    return true
  }
}
