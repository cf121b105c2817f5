/**
 * The console UI's transport to the demo server: the admin routes of one mock (the base state's under
 * `/__admin`, a session's under `/__admin/sessions/<id>`), its log as server-sent events, and the sessions.
 *
 * The admin token, when the server has one, comes with the console's address (`?token=`, as the banner
 * prints it). Requests send it as `Authorization: Bearer`; what cannot send a header (the event stream, the
 * snapshot link) carries it in its address, which the server accepts for reads only.
 */
import type { AdminRoute, AnswerOf, BodyOf } from '../wire/admin.ts'
import type { AnyRecord, CollectionName, ConsoleTransport, FaultBody, JournalEntry, LogEvent, LogListener, MockInfo, RecordFilter, RecordPage, SessionsTransport } from '../console-ui/transport.ts'
import { TransportError } from '../console-ui/transport.ts'

export class HttpTransport implements ConsoleTransport {
  readonly kind = 'server'
  readonly origin = location.origin
  readonly #token = new URLSearchParams(location.search).get('token')
  /** `/__admin` or `/__admin/sessions/<id>`: the admin routes of the mock shown. */
  prefix = '/__admin'
  readonly sessions: SessionsTransport = {
    list: () => this.#call('GET sessions', '/__admin/sessions'),
    create: (options) => this.#call('POST sessions', '/__admin/sessions', options),
    delete: async (id) => void (await this.#call('DELETE sessions/{id}', `/__admin/sessions/${id}`)),
  }

  info(): Promise<MockInfo> {
    return this.#call('GET info', `${this.prefix}/info`)
  }

  follow(listener: LogListener): () => void {
    listener.state('connecting…', false)
    const source = new EventSource(this.#withToken(`${this.prefix}/events`))
    const data = <T>(message: Event) => JSON.parse((message as MessageEvent<string>).data) as T
    source.addEventListener('open', () => listener.state('live', true))
    source.addEventListener('dropped', () => listener.state('too slow: dropped, reconnecting…', false))
    source.addEventListener('error', () => listener.state(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting…', false))
    source.addEventListener('history', (message) => listener.history(data<LogEvent[]>(message)))
    source.addEventListener('request', (message) => listener.request(data<LogEvent>(message)))
    source.addEventListener('sessions', () => listener.sessions?.())
    source.addEventListener('closed', () => {
      source.close()
      listener.state('closed', false)
      listener.closed?.()
    })
    return () => source.close()
  }

  async entry(seq: number): Promise<JournalEntry | undefined> {
    try {
      return await this.#call('GET journal/{seq}', `${this.prefix}/journal/${seq}`)
    } catch (error) {
      if (error instanceof TransportError && error.status === 404) return undefined
      throw error
    }
  }

  async drift() {
    return (await this.#call('GET drift', `${this.prefix}/drift`)).drift
  }

  async addFault(fault: FaultBody): Promise<void> {
    await this.#call('POST faults', `${this.prefix}/faults`, fault)
  }

  async removeFault(id: number): Promise<void> {
    await this.#call('DELETE faults/{id}', `${this.prefix}/faults/${id}`)
  }

  async clearFaults(): Promise<void> {
    await this.#call('DELETE faults', `${this.prefix}/faults`)
  }

  async reset(): Promise<void> {
    await this.#call('POST reset', `${this.prefix}/reset`)
  }

  snapshotUrl(): string {
    return this.#withToken(`${this.prefix}/snapshot`)
  }

  async loadState(text: string): Promise<MockInfo['counts']> {
    // The file's text as it is: the server checks it as JSON, as it checks a state file.
    return (await this.#call('POST state', `${this.prefix}/state`, text)).counts
  }

  async switchScenario(scenario: string, seed: number): Promise<void> {
    await this.#call('POST scenario', `${this.prefix}/scenario`, { scenario, seed })
  }

  records(collection: CollectionName, filter: RecordFilter, page: number, pageSize: number): Promise<RecordPage> {
    const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize), ...filter })
    return this.#call('GET records/{collection}', `${this.prefix}/records/${collection}?${query}`)
  }

  editRecord(collection: CollectionName, id: string, changes: Record<string, unknown>): Promise<AnyRecord> {
    return this.#call('PATCH records/{collection}/{id}', `${this.prefix}/records/${collection}/${encodeURIComponent(id)}`, changes)
  }

  addRecord(collection: CollectionName, parent: RecordFilter): Promise<AnyRecord> {
    return this.#call('POST records/{collection}', `${this.prefix}/records/${collection}`, parent)
  }

  deleteRecord(collection: CollectionName, id: string): Promise<{ deleted: number }> {
    return this.#call('DELETE records/{collection}/{id}', `${this.prefix}/records/${collection}/${encodeURIComponent(id)}`)
  }

  async coverage() {
    try {
      return await this.#call('GET coverage', `${this.prefix}/coverage`)
    } catch (error) {
      // The server collects none (no --coverage).
      if (error instanceof TransportError && error.status === 404) return undefined
      throw error
    }
  }

  /** The API reference's address: it shows the secrets, so it needs the token as the console does. */
  docsUrl(): string {
    return this.#withToken('/api/docs')
  }

  /** `path` with the token, for addresses a browser fetches by itself. */
  #withToken(path: string): string {
    const token = this.#token
    return token ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : path
  }

  /**
   * One admin route (its method is the route's) at `path` with its body (or the body's JSON text), its
   * answer typed by the wire; a problem+json
   * answer becomes a `TransportError` with its detail and problems.
   */
  async #call<R extends AdminRoute>(route: R, path: string, body?: BodyOf<R> | string): Promise<AnswerOf<R>> {
    const headers: Record<string, string> = this.#token ? { Authorization: `Bearer ${this.#token}` } : {}
    const request: RequestInit = { method: route.slice(0, route.indexOf(' ')), headers }
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json'
      request.body = typeof body === 'string' ? body : JSON.stringify(body)
    }
    const response = await fetch(path, request)
    const text = await response.text()
    const answer = text === '' ? undefined : (JSON.parse(text) as unknown)
    if (!response.ok) {
      const problem = answer as { detail?: string; errors?: Array<{ location: string; message: string }> } | undefined
      const where = problem?.errors?.[0] ? ` (at ${problem.errors[0].location})` : ''
      throw new TransportError(response.status, `${problem?.detail ?? `${response.status} ${response.statusText}`}${where}`, problem?.errors ?? [])
    }
    return answer as AnswerOf<R>
  }
}
