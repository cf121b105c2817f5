/**
 * `workspace-api-mock mcp`: the SDK's client spawns the command (the sources, as cli-*.test.ts do) and
 * drives the server it started over stdio, with the scenario mcp.test.ts drives over HTTP.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import type { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { CLI, ROOT } from './cli-process.ts'
import { endToEnd, tool } from '../server/mcp-helpers.ts'

describe('over stdio: workspace-api-mock mcp', () => {
  test('the same scenario against the server the command started', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--port', '0', '--scenario', 'demo'],
      stderr: 'pipe',
    })
    let stderr = ''
    ;(transport.stderr as Readable).setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const client = new Client({ name: 'mcp-test', version: '1' })
    await client.connect(transport)
    try {
      const principals = await tool(client, 'principals')
      expect(principals.principals.length).toBeGreaterThan(0)
      await expect.poll(() => /http:\/\/127\.0\.0\.1:\d+/.exec(stderr)).toBeTruthy()
      await endToEnd(client, /http:\/\/127\.0\.0\.1:\d+/.exec(stderr)![0])
    } finally {
      await client.close()
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
})
