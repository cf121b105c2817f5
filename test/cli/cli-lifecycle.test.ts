import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { describe, expect, test } from 'vitest'
import { authHeaders, CLI, ROOT, runCli, startCli } from './cli-process.ts'

describe.concurrent('workspace-api-mock start and stop', () => {
  test('a busy port: a clear message and exit code 1', async () => {
    const blocker = createServer().listen(0, '127.0.0.1')
    await once(blocker, 'listening')
    const { port } = blocker.address() as { port: number }
    try {
      const result = await runCli(['--port', String(port)])
      expect(result.code).toBe(1)
      expect(result.stdout).toBe('')
      expect(result.stderr.trim()).toBe(
        `workspace-api-mock: port ${port} is already in use on 127.0.0.1: stop the program using it, or pick another port with --port`,
      )
    } finally {
      blocker.close()
    }
  })

  test('a signal sent the moment the banner appears is still a graceful stop', async () => {
    for (let i = 0; i < 3; i++) {
      const cli = await startCli(['--scenario', 'empty'])
      expect(await cli.stop('SIGTERM')).toBe(0)
      expect(cli.stderr()).toContain('stopped')
    }
  })

  test.each(['SIGINT', 'SIGTERM'] as const)('%s stops gracefully: exit code 0, port released', async (signal) => {
    const cli = await startCli(['--scenario', 'empty'])
    const port = Number(new URL(cli.url).port)
    // An idle keep-alive connection must not hold the shutdown up.
    const response = await fetch(`${cli.url}/api/workspaces`, { headers: authHeaders(cli.principals[0]!) })
    await response.text()
    const started = Date.now()
    expect(await cli.stop(signal)).toBe(0)
    expect(Date.now() - started).toBeLessThan(1500)
    expect(cli.stderr()).toContain(`${signal} received, stopping`)
    expect(cli.stderr()).toContain('stopped')
    const again = createServer().listen(port, '127.0.0.1')
    await once(again, 'listening')
    again.close()
  })
})

describe.concurrent('workspace-api-mock seeding progress', () => {
  const SCENARIO = 'scale:10x600'

  test('a big scale scenario shows progress on a terminal', async () => {
    // `script` runs the command on a pseudo-terminal, as when a person starts it in a shell.
    const command = `'${process.execPath}' '${CLI}' --port 0 --scenario ${SCENARIO}`
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const exited = once(child, 'close')
    try {
      await expect.poll(() => output, { timeout: 20_000, interval: 100 }).toContain('Press Ctrl+C to stop.')
    } finally {
      process.kill(-child.pid!, 'SIGTERM')
      await exited
    }
    expect(output).toMatch(/Seeding scale:10x600: [\d,]+ of 6,000 applications \(\d+%\)/)
    expect(output).toContain('6,000 of 6,000 applications (100%), loading them into @msw/data...')
    expect(output).toContain('10 workspaces, 6,000 applications')
  })

  test('off a terminal the same scenario writes no progress', async () => {
    const cli = await startCli(['--scenario', SCENARIO])
    try {
      expect(cli.stderr()).toBe('')
      expect(cli.stdout()).not.toContain('Seeding')
    } finally {
      await cli.stop()
    }
  })
})
