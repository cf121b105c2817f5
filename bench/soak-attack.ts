/**
 * The soak's attack phase (issue 23), beside the normal mix: the recipes that crashed the demo server,
 * each answered now by a bound (docs/demo-server.md, "Limits and security"):
 *  - event streams that read their headers and then nothing (each dropped past 1 MiB unsent, then reopened),
 *    fed by unauthenticated requests with 7 KB paths (the journal events the streams carry),
 *  - oversize session scenarios (`scale:10000x1000`: 422) and state uploads over --max-records (422),
 *  - JSON bodies nested 5,000 levels, then the journal read (200),
 *  - bodies that stall after a few bytes (408 after the body timeout),
 * and those of issue 35:
 *  - an MCP batch of a hundred `snapshot` calls (422 before anything runs),
 *  - a fault flood on a session of its own: a hundred faults (201), the 101st (422), a 50 MB detail (413)
 *    and a latency of 1e300 (422), every 10 s,
 *  - the sessions' state budget: sessions given states of a few records carrying 20 MB each, in their own
 *    `POST .../state` (200 until the budget, then 429, then the attack's sessions deleted and again),
 * and those of issue 40 (bench/soak-budgets.ts): the journal flood, the scenario flood, the write flood (in
 * the state budget's turn, once it has emptied the budget) and the record-route loop.
 * Counts go into `byKind`; a wrong status into `fail`.
 */
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { budgetAttacks, type ExpectStatus } from './soak-budgets.ts'

const STALLED_STREAMS = 20
/** How long a stalled stream reads nothing (the server drops a stream past 1 MiB unsent well before). */
const STALL_MS = 15_000
const EVERY_MS = 2000

export interface Attack {
  stop(): Promise<void>
}

export function driveAttacks(url: string, auth: Record<string, string>, byKind: Record<string, number>, fail: (what: string) => void): Attack {
  const { hostname, port } = new URL(url)
  const host = `${hostname}:${port}`
  const sockets = new Set<Socket>()
  let running = true
  const count = (kind: string) => (byKind[kind] = (byKind[kind] ?? 0) + 1)

  /** A raw connection that sends `text` and is kept (closed at the end); `onClose` when the server closes it. */
  const open = (text: string, onData?: (socket: Socket, chunk: Buffer) => void, onClose?: () => void): Socket => {
    const socket = connect(Number(port), hostname)
    sockets.add(socket)
    socket.on('error', () => {})
    if (onData) socket.on('data', (chunk: Buffer) => onData(socket, chunk))
    socket.on('close', () => {
      sockets.delete(socket)
      if (running) onClose?.()
    })
    socket.write(text)
    return socket
  }

  /**
   * A stream that reads its headers and then pauses for STALL_MS; then it reads whatever is there (the
   * server's last `dropped` event, when it dropped the stream) and stalls again. A dropped stream reopens.
   */
  const stalledStream = () => {
    let tail = ''
    let stall: NodeJS.Timeout | undefined
    // The loop ends with the phase: a stream closed by stop() gets no onClose, and its timers would go on.
    const pause = (socket: Socket) => {
      if (!running) return
      socket.pause()
      stall = setTimeout(() => {
        if (!running) return
        socket.resume()
        stall = setTimeout(() => pause(socket), 1000)
      }, STALL_MS)
    }
    open(
      `GET /__admin/events HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      (socket, chunk) => {
        tail = (tail + chunk.toString('latin1')).slice(-300)
        if (stall === undefined) pause(socket)
      },
      () => {
        clearTimeout(stall)
        count(tail.includes('event: dropped') ? 'attack:stream dropped' : 'attack:stream closed otherwise')
        stalledStream()
      },
    )
  }
  for (let i = 0; i < STALLED_STREAMS; i++) stalledStream()

  const expectStatus: ExpectStatus = async (kind, path, init, expected) => {
    try {
      const response = await fetch(`${url}${path}`, init)
      const text = await response.text()
      count(kind)
      if (response.status !== expected) fail(`${kind} ${init.method ?? 'GET'} ${path.slice(0, 60)}: ${response.status} ${text.slice(0, 200)}`)
      return text
    } catch (error) {
      fail(`${kind}: ${(error as Error).message}`)
      return undefined
    }
  }
  // Two clients sending requests (404) whose log events are big: the stalled streams fill in seconds.
  const longPath = `/api/${'x'.repeat(7000)}`
  const feeders = Array.from({ length: 2 }, async () => {
    while (running) await expectStatus('attack:7 KB path', longPath, {}, 404)
  })

  const json = { 'Content-Type': 'application/json' }
  const overState = JSON.stringify({ organizations: [], accounts: [], workspaces: [], applications: Array.from({ length: 100_001 }, () => ({})) })
  const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
  const timer = setInterval(() => {
    void expectStatus('attack:scale:10000x1000', '/__admin/sessions', { method: 'POST', headers: json, body: '{"scenario":"scale:10000x1000"}' }, 422)
    void expectStatus('attack:state over bound', '/__admin/state', { method: 'POST', headers: json, body: overState }, 422)
    void expectStatus('attack:deep body', '/api/workspaces', { method: 'POST', headers: { ...auth, ...json }, body: deep }, 422).then(() =>
      expectStatus('attack:journal read', '/__admin/journal', {}, 200),
    )
    const stalledBody = open(`POST /api/workspaces HTTP/1.1\r\nHost: ${host}\r\n${headerLines(auth)}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`, (socket, chunk) => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1])
      count(`attack:stalled body ${status}`)
      if (status !== 408) fail(`attack:stalled body: ${status}`)
      socket.destroy()
    })
    stalledBody.setTimeout(60_000, () => stalledBody.destroy())
  }, EVERY_MS)

  const budgets = budgetAttacks(url, auth, expectStatus, fail)
  const doors = attackDoors(url, expectStatus, count, fail, budgets.writeFlood)
  let ticks = 0
  const doorTimer = setInterval(() => {
    void doors.mcpBatch()
    void doors.sessionBudget()
    void doors.track(budgets.scenarioFlood())
    void doors.track(budgets.recordLoop())
    if (ticks % 5 === 0) void doors.faultFlood()
    // A 422 of 130,000 problems costs the server most of a second: one to each mock every 20 s.
    if (ticks++ % 10 === 2) void doors.track(budgets.journalFlood())
  }, EVERY_MS)

  return {
    async stop() {
      running = false
      clearInterval(timer)
      clearInterval(doorTimer)
      await doors.settled()
      await doors.stop()
      await budgets.stop()
      await Promise.all(feeders)
      for (const socket of sockets) socket.destroy()
    },
  }
}

const headerLines = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')

const SMALL = readFileSync(new URL('../fixtures/small.json', import.meta.url), 'utf8')

/**
 * The attacks of issue 35 (see the top of the file); `settled` resolves when the ones under way (and those
 * given to `track`) are done. `emptied` runs each time the state budget's attack has emptied the budget.
 */
function attackDoors(url: string, expectStatus: ExpectStatus, count: (kind: string) => void, fail: (what: string) => void, emptied: () => Promise<void>) {
  const json = { 'Content-Type': 'application/json' }
  const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) })
  const pending = new Set<Promise<unknown>>()
  const track = <T>(work: Promise<T>) => {
    pending.add(work)
    void work.finally(() => pending.delete(work))
    return work
  }
  const newSession = async () => (await (await fetch(`${url}/__admin/sessions`, post({}))).json()) as { id: string; apiKey: string; apiSecret: string }
  const batch = Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'snapshot', arguments: {} } }))
  const fat = JSON.parse(SMALL) as { workspaces: Array<{ description: string }> }
  fat.workspaces[0]!.description = 'x'.repeat(20 * 1024 * 1024)
  const fatState = JSON.stringify(fat)
  const budgetSessions: string[] = []
  let budgetBusy = false
  return {
    mcpBatch: () =>
      track(expectStatus('attack:mcp batch of 100 snapshots', '/__admin/mcp', post(batch, { Accept: 'application/json, text/event-stream' }), 422)),
    faultFlood: () =>
      track(
        (async () => {
          const session = await newSession()
          const faults = `/__admin/sessions/${session.id}/faults`
          for (let i = 0; i < 100; i++) await expectStatus('attack:fault flood', faults, post({ type: 'latency', target: 'getApplication', latency: 0 }), 201)
          await expectStatus('attack:101st fault', faults, post({ type: 'latency', target: 'getApplication', latency: 0 }), 422)
          // Refused by its Content-Length before a byte of it is read: fetch, still sending, would see the socket close.
          const status = await headOnly(url, `POST ${faults} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nContent-Type: application/json\r\nContent-Length: 50000030\r\n\r\n`)
          count(`attack:fault detail 50 MB ${status}`)
          if (status !== 413) fail(`attack:fault detail 50 MB: ${status}`)
          await expectStatus('attack:fault latency 1e300', faults, post({ type: 'latency', latency: 1e300 }), 422)
          await fetch(`${url}/__admin/sessions/${session.id}`, { method: 'DELETE' })
        })(),
      ),
    sessionBudget: () => {
      // One at a time: the sessions it deletes at the budget must not be ones a request is still filling.
      if (budgetBusy) return undefined
      budgetBusy = true
      return track(
        (async () => {
          const session = await newSession()
          budgetSessions.push(session.id)
          const own = { 'X-API-Key': session.apiKey, 'X-API-Secret': session.apiSecret, ...json }
          const response = await fetch(`${url}/__admin/sessions/${session.id}/state`, { method: 'POST', headers: own, body: fatState })
          await response.arrayBuffer()
          count(`attack:session state of 20 MB ${response.status}`)
          if (response.status === 429) {
            for (const id of budgetSessions.splice(0)) await fetch(`${url}/__admin/sessions/${id}`, { method: 'DELETE' })
            await emptied()
          } else if (response.status !== 200) {
            fail(`attack:session state of 20 MB: ${response.status}`)
          }
        })().finally(() => (budgetBusy = false)),
      )
    },
    track,
    settled: () => Promise.allSettled([...pending]),
    /** Deletes the sessions the state budget's attack holds (the next minute's phase starts from an empty budget). */
    async stop() {
      for (const id of budgetSessions.splice(0)) await fetch(`${url}/__admin/sessions/${id}`, { method: 'DELETE' })
    },
  }
}

/** Sends a request's head alone and resolves with the status of the answer (NaN when the connection fails). */
function headOnly(url: string, head: string): Promise<number> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    let data = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      data += chunk
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]
      if (status) {
        socket.destroy()
        resolve(Number(status))
      }
    })
    socket.on('error', () => resolve(Number.NaN))
    socket.on('close', () => resolve(Number.NaN))
    socket.write(head)
  })
}
