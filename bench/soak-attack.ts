/**
 * The soak's attack phase (issue 23), beside the normal mix: the recipes that crashed the demo server,
 * each answered now by a bound (docs/demo-server.md, "Limits and security"):
 *  - event streams that read their headers and then nothing (each dropped past 1 MiB unsent, then reopened),
 *    fed by unauthenticated requests with 7 KB paths (the journal events the streams carry),
 *  - oversize session scenarios (`scale:10000x1000`: 422) and state uploads over --max-records (422),
 *  - JSON bodies nested 5,000 levels, then the journal read (200),
 *  - bodies that stall after a few bytes (408 after the body timeout).
 * Counts go into `byKind`; a wrong status into `fail`.
 */
import { connect, type Socket } from 'node:net'

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

  const expectStatus = async (kind: string, path: string, init: RequestInit, expected: number) => {
    try {
      const response = await fetch(`${url}${path}`, init)
      const text = await response.text()
      count(kind)
      if (response.status !== expected) fail(`${kind} ${init.method ?? 'GET'} ${path.slice(0, 60)}: ${response.status} ${text.slice(0, 200)}`)
    } catch (error) {
      fail(`${kind}: ${(error as Error).message}`)
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

  return {
    async stop() {
      running = false
      clearInterval(timer)
      await Promise.all(feeders)
      for (const socket of sockets) socket.destroy()
    },
  }
}

const headerLines = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')
