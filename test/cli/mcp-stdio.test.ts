/**
 * `workspace-api-mock mcp`: the SDK's client spawns the command (the sources, as cli-*.test.ts do) and
 * drives the server it started over stdio, with the scenario mcp.test.ts drives over HTTP.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import type { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { CLI, ROOT } from './cli-process.ts'
import { endToEnd, tool } from '../server/mcp-helpers.ts'

describe('over stdio: workspace-api-mock mcp', () => {
  test('the same scenario against the server the command started, on a free port though 4010 is taken', async () => {
    // Whatever holds 4010 (a demo server the developer runs), the agent's server must not need it.
    const holder = createServer()
    await new Promise<void>((resolve) => holder.once('error', () => resolve()).listen(4010, '127.0.0.1', resolve))
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--scenario', 'demo'], stderr: 'pipe' })
    let stderr = ''
    ;(transport.stderr as Readable).setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const client = new Client({ name: 'mcp-test', version: '1' })
    try {
      await client.connect(transport)
      const principals = await tool(client, 'principals')
      expect(principals.principals.length).toBeGreaterThan(0)
      expect(principals.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(principals.baseUrl).not.toBe('http://127.0.0.1:4010')
      expect(stderr).toContain(`Base URL: ${principals.baseUrl}`)
      await endToEnd(client, principals.baseUrl)
    } finally {
      await client.close()
      holder.close()
    }
  })

  test('stdout holds the protocol only; a signal stops the command though stdin stays open', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--port', '0', '--scenario', 'empty'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const exited = once(child, 'exit')
    await expect.poll(() => stderr, { timeout: 10_000 }).toContain('Press Ctrl+C to stop.')
    child.kill('SIGTERM')
    expect(await exited).toEqual([0, null])
    expect(stdout).toBe('')
    expect(stderr).toContain('stopped')
  })

  test('a message over 64 MiB on stdin: one line on stderr says why, and the command ends with exit code 1', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--port', '0', '--scenario', 'empty'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.stdin.on('error', () => {})
    const exited = once(child, 'exit')
    await expect.poll(() => stderr, { timeout: 10_000 }).toContain('Press Ctrl+C to stop.')
    child.stdin.write(Buffer.alloc(64 * 1024 * 1024 + 1, 'x'))
    expect(await exited).toEqual([1, null])
    expect(stderr).toContain('\nworkspace-api-mock mcp: a message on stdin is over 64 MiB, the most one may hold: stopping\n')
  })
})
