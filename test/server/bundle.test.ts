/**
 * The console's bundler (src/server/console/bundle.ts): a server running from the sources serves its plain
 * output as /__admin/console/console.js (assets.ts loads it by URL, so test/server/console-http.test.ts
 * does not name it), and `npm run build` ships its minified output. Bundled in memory, with no word on the
 * console and no file written.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, vi } from 'vitest'
import { bundleConsole } from '../../src/server/console/bundle.ts'

/** Where rolldown would write its output if asked to (its default `dist/` folder, named after the entry). */
const STRAY = join(process.cwd(), 'dist', 'main.js')
const modified = () => statSync(STRAY, { throwIfNoEntry: false })?.mtimeMs

test("the console's code (src/console-page/main.ts and what it imports) as one readable ES module, built in memory and silently", async () => {
  const warn = vi.spyOn(console, 'warn')
  const before = modified()
  try {
    const code = await bundleConsole()
    expect(typeof code).toBe('string')
    // src/console-page/http-transport.ts, imported by main.ts
    expect(code).toContain('new EventSource(this.#withToken(adminPath("GET events", this.#scope)))')
    // src/wire/admin-routes.ts, the admin's table, which the transport builds its paths with
    expect(code).toContain('const ADMIN_PREFIX = "/__admin/";')
    // main.ts itself, its names kept
    expect(code).toContain('function viewOf(hash) {')
    // One module: no import of another file is left for the browser to resolve.
    expect(code).not.toMatch(/^\s*import\s/m)
    expect(warn).not.toHaveBeenCalled()
    expect(modified()).toBe(before)
  } finally {
    warn.mockRestore()
  }
})

test('minify: true, as the build asks, gives a much shorter script of the same code', async () => {
  const plain = await bundleConsole({ minify: false })
  const minified = await bundleConsole({ minify: true })
  expect(minified.length).toBeLessThan(plain.length * 0.7)
  expect(minified).toContain('`GET events`')
  expect(minified).not.toContain('function viewOf(hash) {')
  expect(minified).not.toMatch(/^\s*import\s/m)
})
