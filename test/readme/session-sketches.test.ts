/**
 * The sessions sketches of docs/demo-server.md, run for real against a server: the pytest fixtures
 * (examples/sessions/conftest.py, with pytest) and the Playwright globalSetup and `session` fixture
 * (examples/sessions/*.ts; Playwright's own `test.extend` is stood in for, the fixture body runs as is).
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'

const EXAMPLES = fileURLToPath(new URL('../../examples/sessions/', import.meta.url))

// Playwright's test object is not installed here: `extend` hands back the fixtures it was given.
vi.mock('@playwright/test', () => ({ test: { extend: (fixtures: unknown) => ({ fixtures }) }, expect: () => undefined }))

/** A Python with pytest (pyenv's or Debian's python3-pytest); undefined when there is none. */
const python = ['python3', '/usr/bin/python3'].find((candidate) => spawnSync(candidate, ['-c', 'import pytest']).status === 0)

describe.skipIf(python === undefined && !process.env.CI)('the pytest sketch', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'demo', strict: false })
  })
  afterAll(() => server?.close())

  test('two tests on sessions of their own pass; their sessions are deleted afterwards; the base state saw nothing', async () => {
    const child = spawn(python!, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', EXAMPLES], {
      env: { ...process.env, MOCK_URL: server.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const [code] = (await once(child, 'close')) as [number]
    expect(output).toMatch(/2 passed/)
    expect(code).toBe(0)
    expect(server.sessions.size).toBe(0)
    expect(server.api.journal.entries).toEqual([])
  })
})

describe('the Playwright sketch', () => {
  test('globalSetup starts the server, the session fixture creates a session for the test and deletes it after', async () => {
    process.env.MOCK_PORT = '0'
    const { default: globalSetup } = await import('../../examples/sessions/global-setup.ts')
    const teardown = await globalSetup()
    try {
      const url = process.env.MOCK_URL!
      // Imported by URL: @playwright/test is not installed, so tsc must not follow this import (vitest's mock stands in).
      const { test: extended } = (await import(new URL('../../examples/sessions/fixtures.ts', import.meta.url).href)) as {
        test: { fixtures: { session: (args: object, use: (session: any) => Promise<void>) => Promise<void> } }
      }
      let used: any
      await extended.fixtures.session({}, async (session) => {
        used = session
        const response = await fetch(`${url}/api/workspaces`, { headers: { 'X-API-Key': session.apiKey, 'X-API-Secret': session.apiSecret } })
        expect(response.status).toBe(200)
        expect((await response.json()).data.map((w: { id: string }) => w.id)).toEqual(session.workspaceIds)
      })
      expect(used.id).toMatch(/^ses_/)
      expect((await (await fetch(`${url}/__admin/sessions`)).json()).sessions).toEqual([])
    } finally {
      await teardown()
      delete process.env.MOCK_PORT
      delete process.env.MOCK_URL
    }
  })
})
