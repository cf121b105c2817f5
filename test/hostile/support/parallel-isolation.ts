/**
 * The body of the two "parallel worker" test files: the same mock (same scenario, seed and origin) in each
 * file, which Vitest runs in separate workers, at the same time when it has two. Each file creates its own
 * workspaces and must see exactly those, never the other file's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { HostileServer, authHeaders, ORIGIN } from './hostile-server.ts'

const CREATES = 40

export function parallelIsolationSuite(tag: 'alpha' | 'beta'): void {
  const other = tag === 'alpha' ? 'beta' : 'alpha'
  const server = new HostileServer({ scenario: 'multi-tenant', seed: 11 })
  const marker = Symbol.for('workspace-api-mock.hostile.parallel')
  const global = globalThis as Record<symbol, unknown>

  beforeAll(async () => {
    await server.start()
  })
  afterAll(() => server.stop())

  describe(`parallel workers (${tag}): each test file has its own mock state`, () => {
    test(`${tag} sees its own ${CREATES} workspaces and none of ${other}'s`, async () => {
      // Nothing of the other file's module state reaches this one (a shared global would show its tag).
      expect(global[marker] === undefined || global[marker] === tag).toBe(true)
      global[marker] = tag
      const { api } = server
      const me = api.principals[0]!
      const before = api.snapshot().workspaces.filter((w) => w.organization === me.organization).length
      const ids: string[] = []
      for (let i = 0; i < CREATES; i++) {
        const response = await fetch(`${ORIGIN}/api/workspaces`, {
          method: 'POST',
          headers: [...authHeaders(me), ['Content-Type', 'application/json']],
          body: JSON.stringify({ name: `${tag} ${i}`, description: `worker ${process.pid}` }),
        })
        expect(response.status).toBe(200)
        ids.push(((await response.json()) as { data: { id: string } }).data.id)
        // Yield now and then, so that the two files' writes interleave when they run at the same time.
        if (i % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const list = await fetch(`${ORIGIN}/api/workspaces`, { headers: authHeaders(me) })
      const names = ((await list.json()) as { data: Array<{ name: string }> }).data.map((w) => w.name)
      expect(names.length).toBe(before + CREATES)
      expect(names.filter((name) => name.startsWith(`${tag} `)).length).toBe(CREATES)
      expect(names.filter((name) => name.startsWith(`${other} `))).toEqual([])
      expect(server.takeIncidents()).toEqual([])
      console.log(
        `parallel isolation: ${tag} in pid ${process.pid}, pool worker ${process.env.VITEST_POOL_ID ?? '?'}, ` +
          `created ${ids.length} workspaces (first ${ids[0]}), saw only its own`,
      )
    })
  })
}
