/**
 * The banner prints what a state file says of its principals (names, e-mails, organizations): a file
 * recorded from a service that is not ours must not write escape sequences or lines of its own to the
 * user's terminal (docs/demo-server.md, "Limits and security").
 */
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { banner } from '../../src/cli/banner.ts'
import { parseFlags } from '../../src/cli/serve-flags.ts'
import { startMockServer } from '../../src/node/index.ts'

test("a state's names reach the banner with control characters made visible, each on its one line", async () => {
  const state = JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8'))
  state.organizations[0].name = 'Evil\u001b]0;pwned\u0007 Corp\nsame         forged.line'
  state.accounts[0].name = `\u001b[2J${'x'.repeat(500)}`
  const server = await startMockServer({ port: 0, state, strict: false })
  try {
    const settings = parseFlags(['--port', '0'])
    const text = banner({ server, settings, version: '0.0.0', seconds: 0.1 })
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
    expect(text).toContain('Evil\\x1b]0;pwned\\x07 Corp\\nsame         forged.line')
    expect(text).not.toMatch(/^same/m)
    const first = text.split('\n').find((line) => line.startsWith('  1. '))!
    expect(first).toContain('\\x1b[2J')
    expect(first.length).toBeLessThan(400)
  } finally {
    await server.close()
  }
})
