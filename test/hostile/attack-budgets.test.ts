/**
 * The demo server's memory budgets that count what is kept, and the console's record routes that edit in
 * place (issue 40): the journal of a 422 flood, a session's `scale:` scenario over the bound, a flood of
 * 1 MiB writes, a loop of record edits on 100,000 records. Each attack is answered with its exact status,
 * the server (the command as a process on a small heap: a bound that fails crashes it) still answers, and
 * its peak memory is read afterwards. docs/benchmark.md quotes the figures these print.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { peakMiB, startCli, type RunningCli } from '../cli/cli-process.ts'
import { authOf, call, expectJson, expectProblem } from '../server/http-helpers.ts'

const TOKEN = 'budgets-token-0123456789abcdef'
const admin = { Authorization: `Bearer ${TOKEN}` }

let cli: RunningCli | undefined
afterEach(async () => {
  await cli?.stop()
  cli = undefined
})

/** The server still answers an API request within 1 s, and has not exited. */
async function stillAnswers(running: RunningCli): Promise<void> {
  const started = performance.now()
  expect((await call(running.url, '/api/workspaces', { headers: authOf(running.principals[0]!) })).status).toBe(200)
  expect(performance.now() - started).toBeLessThan(1000)
  expect(running.child.exitCode).toBeNull()
}

const newSession = async (running: RunningCli) => expectJson(await call(running.url, '/__admin/sessions', { json: {}, headers: admin }), 201)

describe('a flood of 422s with 130,000 problems each', { timeout: 240_000 }, () => {
  test("the journal keeps the first 100 problems and their count, within its budget: 24 floods on a 128 MiB heap (8 MB an entry before)", async () => {
    cli = await startCli(['--admin-token', TOKEN], { heapMiB: 128 })
    // 130,000 members named by one to three printable characters: just under the API's 1 MiB body bound.
    const chars = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).filter((c) => c !== '"' && c !== '\\')
    const keyOf = (n: number) => {
      let key = ''
      for (let i = n; i >= 0; i = Math.floor(i / chars.length) - 1) key += chars[i % chars.length]
      return key
    }
    const body = `{"name":"x",${Array.from({ length: 130_000 }, (_, i) => `"${keyOf(i)}":0`).join(',')}}`
    expect(body.length).toBeLessThan(1024 * 1024)
    const session = await newSession(cli)
    for (const auth of [authOf(cli.principals[0]!), authOf(session)]) {
      for (let i = 0; i < 12; i++) {
        const answer = await call(cli.url, '/api/workspaces', { body, headers: { ...auth, 'Content-Type': 'application/json' } })
        expect(answer.status).toBe(422)
        expect(answer.body.errors).toHaveLength(130_000)
      }
    }
    const { entries } = expectJson(await call(cli.url, `/__admin/sessions/${session.id}/journal`, { headers: admin }))
    const { decision } = entries.at(-1).why
    expect(decision.kind).toBe('validation')
    expect(decision.problems).toHaveLength(100)
    expect(decision.count).toBe(130_000)
    await stillAnswers(cli)
    const peak = peakMiB(cli.child.pid!)
    console.log(`attack figures: peak RSS after 24 journal floods of 130,000 problems on a 128 MiB heap: ${Math.round(peak)} MiB`)
    expect(peak).toBeLessThan(400)
  })
})

describe("a session's scale: scenario over the bound", { timeout: 60_000 }, () => {
  test('a 422 naming the bound before anything is built, with its own credentials and with the token; the base state\'s route likewise', async () => {
    cli = await startCli(['--admin-token', TOKEN], { heapMiB: 128 })
    const session = await newSession(cli)
    const detail = "the scenario holds 1001000 records, over this server's bound of 100000 (--max-records)"
    const started = performance.now()
    const own = await call(cli.url, `/__admin/sessions/${session.id}/scenario`, { json: { scenario: 'scale:1000x1000' }, headers: authOf(session) })
    expect(expectProblem(own, 422, cli.url, detail).errors[0]).toMatchObject({ location: 'body.scenario', value: 'scale:1000x1000' })
    expectProblem(await call(cli.url, '/__admin/scenario', { json: { scenario: 'scale:1000x1000' }, headers: admin }), 422, cli.url, detail)
    const took = performance.now() - started
    // Unchanged: the session and the base state serve what they served.
    expect(expectJson(await call(cli.url, `/__admin/sessions/${session.id}/info`, { headers: authOf(session) })).scenario).toBe('demo')
    await stillAnswers(cli)
    const peak = peakMiB(cli.child.pid!)
    console.log(`attack figures: two scale:1000x1000 switches refused in ${Math.round(took)} ms; peak RSS ${Math.round(peak)} MiB`)
    expect(peak).toBeLessThan(300)
  })
})

describe('a flood of 1 MiB writes', { timeout: 240_000 }, () => {
  test('480 createWorkspace calls of a 1 MiB description, through five sessions and the base state: each within 16 MiB, the sessions within 64 MiB together, then 429', async () => {
    cli = await startCli(['--admin-token', TOKEN], { heapMiB: 256 })
    const description = 'x'.repeat(1024 * 1024 - 200)
    const sessions = [await newSession(cli), await newSession(cli), await newSession(cli), await newSession(cli), await newSession(cli)]
    const accepted: number[] = []
    const refusals = new Set<string>()
    for (const auth of [...sessions.map((session) => authOf(session)), authOf(cli.principals[0]!)]) {
      let created = 0
      for (let i = 0; i < 80; i++) {
        const answer = await call(cli.url, '/api/workspaces', { json: { name: `w${i}`, description }, headers: auth })
        if (answer.status === 200) created++
        else refusals.add(expectProblem(answer, 429, cli.url).detail.replace(/\d+ bytes/, 'N bytes'))
      }
      accepted.push(created)
    }
    // 15 records of a little over 1 MiB fill a mock's 16 MiB; four sessions' 60 MiB leave room for 3 in the fifth under 64 MiB.
    expect(accepted).toEqual([15, 15, 15, 15, 3, 15])
    expect([...refusals].sort()).toEqual([
      "the sessions' own data would hold N bytes of states and writes, over this server's bound of 64 MiB (--max-session-bytes): delete records, reset the session or delete a session",
      "this mock's writes would keep N bytes of records, over its bound of 16 MiB (--max-write-bytes): delete records, reset it or load another state",
    ])
    await stillAnswers(cli)
    const peak = peakMiB(cli.child.pid!)
    console.log(`attack figures: peak RSS after 480 writes of 1 MiB (78 accepted) on a 256 MiB heap: ${Math.round(peak)} MiB`)
    expect(peak).toBeLessThan(600)
  })
})

describe('record edits on 100,000 records', { timeout: 240_000 }, () => {
  test('thirty edits, additions and deletions through the record routes on a 512 MiB heap (each a copy of the whole state before): each answered, the API answering between them', async () => {
    cli = await startCli(['--scenario', 'scale:100x999'], { heapMiB: 512 })
    const auth = authOf(cli.principals[0]!)
    const [workspace] = expectJson(await call(cli.url, '/__admin/records/workspaces?pageSize=1')).records
    const times: number[] = []
    for (let i = 0; i < 10; i++) {
      const started = performance.now()
      expectJson(await call(cli.url, `/__admin/records/workspaces/${workspace.id}`, { method: 'PATCH', json: { name: `edit ${i}` } }))
      const added = expectJson(await call(cli.url, '/__admin/records/applications', { json: { workspace: workspace.id } }), 201)
      expect(expectJson(await call(cli.url, `/__admin/records/applications/${added.id}`, { method: 'DELETE' }))).toEqual({ deleted: 1 })
      times.push(performance.now() - started)
      expect((await call(cli.url, `/api/workspaces/${workspace.id}`, { headers: auth })).body.data.name).toBe(`edit ${i}`)
    }
    expect(expectJson(await call(cli.url, '/__admin/info')).counts).toMatchObject({ workspaces: 100, applications: 99_900 })
    await stillAnswers(cli)
    const peak = peakMiB(cli.child.pid!)
    const median = [...times].sort((a, b) => a - b)[5]!
    console.log(`attack figures: record routes on 100,000 records: an edit, an addition and a deletion in ${Math.round(median)} ms (median of 10); peak RSS ${Math.round(peak)} MiB`)
    expect(peak).toBeLessThan(1024)
  })
})
