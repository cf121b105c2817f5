/**
 * The soak's attacks on the demo server's memory budgets and its record routes (issue 40), beside those of
 * bench/soak-attack.ts, each answered by a bound (docs/demo-server.md, "Limits and security"):
 *  - the journal flood: a 1 MiB body of 130,000 unknown members, to the base state and to a session (422;
 *    each journal keeps the first 100 problems and a count, within its budget),
 *  - the scenario flood: `scale:1000x1000` to a session's own `POST .../scenario` with its credentials and
 *    to the base state's (422, before anything is built),
 *  - the write flood: 1 MiB descriptions created in a session of its own until its write budget answers 429
 *    (run once the sessions' state budget has been emptied, so that the sessions of the normal mix keep
 *    room to write), then the session deleted,
 *  - the record-route loop: an edit (and an empty name, 422), an addition and a deletion through a session's
 *    record routes over the server's 100,000 records.
 * Counts go into `byKind` through `expectStatus`; a wrong status into `fail`.
 */

/** Sends a request, counts it under `kind`, fails a status other than `expected`; resolves with the answer's text (undefined when it failed). */
export type ExpectStatus = (kind: string, path: string, init: RequestInit, expected: number) => Promise<string | undefined>

const json = { 'Content-Type': 'application/json' }

/** The body of the journal flood: 130,000 members named by one to three printable characters, under 1 MiB. */
function floodBody(): string {
  const chars = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).filter((c) => c !== '"' && c !== '\\')
  const keyOf = (n: number) => {
    let key = ''
    for (let i = n; i >= 0; i = Math.floor(i / chars.length) - 1) key += chars[i % chars.length]
    return key
  }
  return `{"name":"x",${Array.from({ length: 130_000 }, (_, i) => `"${keyOf(i)}":0`).join(',')}}`
}

interface OwnSession {
  id: string
  apiKey: string
  apiSecret: string
}

export function budgetAttacks(url: string, auth: Record<string, string>, expectStatus: ExpectStatus, fail: (what: string) => void) {
  const flood = floodBody()
  const description = 'x'.repeat(1024 * 1024 - 200)
  const newSession = async (): Promise<OwnSession> => (await (await fetch(`${url}/__admin/sessions`, { method: 'POST', headers: json, body: '{}' })).json()) as OwnSession
  const own = (session: OwnSession) => ({ 'X-API-Key': session.apiKey, 'X-API-Secret': session.apiSecret, ...json })
  const post = (body: string, headers: Record<string, string>): RequestInit => ({ method: 'POST', headers: { ...json, ...headers }, body })
  let loopSession: Promise<OwnSession> | undefined
  let floodSession: Promise<OwnSession> | undefined
  return {
    async journalFlood(): Promise<void> {
      floodSession ??= newSession()
      await expectStatus('attack:journal flood (base)', '/api/workspaces', post(flood, auth), 422)
      await expectStatus('attack:journal flood (session)', '/api/workspaces', post(flood, own(await floodSession)), 422)
    },
    async scenarioFlood(): Promise<void> {
      const session = await newSession()
      const scale = '{"scenario":"scale:1000x1000"}'
      await expectStatus('attack:scenario scale:1000x1000 (session)', `/__admin/sessions/${session.id}/scenario`, post(scale, own(session)), 422)
      await expectStatus('attack:scenario scale:1000x1000 (base)', '/__admin/scenario', post(scale, {}), 422)
      await fetch(`${url}/__admin/sessions/${session.id}`, { method: 'DELETE' })
    },
    /** Fills a session of its own to its write budget: 200s, then 429 naming --max-write-bytes. */
    async writeFlood(): Promise<void> {
      const session = await newSession()
      const body = JSON.stringify({ name: 'flood', description })
      for (let i = 0; i < 40; i++) {
        const response = await fetch(`${url}/api/workspaces`, { method: 'POST', headers: own(session), body })
        const text = await response.text()
        if (response.status === 429 && text.includes('--max-write-bytes')) {
          await expectStatus('attack:write flood, refused past 16 MiB', `/api/workspaces`, { method: 'POST', headers: own(session), body }, 429)
          break
        }
        if (response.status !== 200) fail(`attack:write flood: ${response.status} ${text.slice(0, 200)}`)
        if (i === 39) fail('attack:write flood: 40 writes of 1 MiB taken')
      }
      await fetch(`${url}/__admin/sessions/${session.id}`, { method: 'DELETE' })
    },
    async recordLoop(): Promise<void> {
      loopSession ??= newSession()
      const session = await loopSession
      const base = `/__admin/sessions/${session.id}/records`
      const page = await expectStatus('attack:record list', `${base}/workspaces?pageSize=1`, { headers: own(session) }, 200)
      const [workspace] = page === undefined ? [] : (JSON.parse(page) as { records: Array<{ id: string }> }).records
      if (!workspace) return
      await expectStatus('attack:record edit', `${base}/workspaces/${workspace.id}`, { method: 'PATCH', headers: own(session), body: '{"name":"looped"}' }, 200)
      await expectStatus('attack:record empty name', `${base}/workspaces/${workspace.id}`, { method: 'PATCH', headers: own(session), body: '{"name":""}' }, 422)
      const added = await expectStatus('attack:record add', `${base}/applications`, post(JSON.stringify({ workspace: workspace.id }), own(session)), 201)
      const { id } = added === undefined ? { id: undefined } : (JSON.parse(added) as { id?: string })
      if (id) await expectStatus('attack:record delete', `${base}/applications/${id}`, { method: 'DELETE', headers: own(session) }, 200)
    },
    /** Deletes the sessions the attacks keep. */
    async stop(): Promise<void> {
      for (const session of [loopSession, floodSession]) if (session) await fetch(`${url}/__admin/sessions/${(await session).id}`, { method: 'DELETE' })
    },
  }
}
