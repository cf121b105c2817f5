/**
 * The console UI's transport to the demo server: the admin routes of one mock (the base state's, or a
 * session's), its log as server-sent events, and the sessions; every path from the table
 * (src/wire/admin-routes.ts).
 *
 * The admin token, when the server has one, comes with the console's address (`?token=`, as the banner
 * prints it). Requests send it as `Authorization: Bearer`; what cannot send a header (the event stream, the
 * snapshot link) carries it in its address, which the server accepts for reads only.
 */
import type { AdminRoute, AnswerOf, BodyOf } from '../wire/admin.ts'
import { adminMethod, adminPath, type PathParams } from '../wire/admin-routes.ts'
import type { AnyRecord, CollectionName, ConsoleTransport, FaultBody, JournalEntry, LogEvent, LogListener, MockInfo, RecordFilter, RecordPage, SessionsTransport } from '../console-ui/transport.ts'
import { TransportError } from '../console-ui/transport.ts'

export class HttpTransport implements ConsoleTransport {
  readonly kind = 'server'
  readonly origin = location.origin
  readonly #token = new URLSearchParams(location.search).get('token')
  /** The session shown (its admin routes), or undefined: the base state. */
  session: string | undefined = undefined
  readonly sessions: SessionsTransport = {
    list: () => this.#call('GET sessions', {}),
    create: (options) => this.#call('POST sessions', {}, options),
    delete: async (id) => void (await this.#call('DELETE sessions/{id}', { id })),
  }

  /** Whose routes: the session shown, or the base state. */
  get #scope(): { session: string | undefined } {
    return { session: this.session }
  }

  info(): Promise<MockInfo> {
    return this.#call('GET info', this.#scope)
  }

  follow(listener: LogListener): () => void {
    listener.state('connecting…', false)
    const source = new EventSource(this.#withToken(adminPath('GET events', this.#scope)))
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
      return await this.#call('GET journal/{seq}', { ...this.#scope, seq })
    } catch (error) {
      if (error instanceof TransportError && error.status === 404) return undefined
      throw error
    }
  }

  async drift() {
    return (await this.#call('GET drift', this.#scope)).drift
  }

  async addFault(fault: FaultBody): Promise<void> {
    await this.#call('POST faults', this.#scope, fault)
  }

  async removeFault(id: number): Promise<void> {
    await this.#call('DELETE faults/{id}', { ...this.#scope, id })
  }

  async clearFaults(): Promise<void> {
    await this.#call('DELETE faults', this.#scope)
  }

  async reset(): Promise<void> {
    await this.#call('POST reset', this.#scope)
  }

  snapshotUrl(): string {
    return this.#withToken(adminPath('GET snapshot', this.#scope))
  }

  async loadState(text: string): Promise<MockInfo['counts']> {
    // The file's text as it is: the server checks it as JSON, as it checks a state file.
    return (await this.#call('POST state', this.#scope, text)).counts
  }

  async switchScenario(scenario: string, seed: number): Promise<void> {
    await this.#call('POST scenario', this.#scope, { scenario, seed })
  }

  records(collection: CollectionName, filter: RecordFilter, page: number, pageSize: number): Promise<RecordPage> {
    const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize), ...filter })
    return this.#call('GET records/{collection}', { ...this.#scope, collection }, undefined, query)
  }

  editRecord(collection: CollectionName, id: string, changes: Record<string, unknown>): Promise<AnyRecord> {
    return this.#call('PATCH records/{collection}/{id}', { ...this.#scope, collection, id }, changes)
  }

  addRecord(collection: CollectionName, parent: RecordFilter): Promise<AnyRecord> {
    return this.#call('POST records/{collection}', { ...this.#scope, collection }, parent)
  }

  deleteRecord(collection: CollectionName, id: string): Promise<{ deleted: number }> {
    return this.#call('DELETE records/{collection}/{id}', { ...this.#scope, collection, id })
  }

  async coverage() {
    try {
      return await this.#call('GET coverage', this.#scope)
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
   * One admin route with the values of its path, its body (or the body's JSON text) and query, its answer
   * typed by the wire; a problem+json answer becomes a `TransportError` with its detail and problems.
   */
  async #call<R extends AdminRoute>(route: R, params: PathParams<R>, body?: BodyOf<R> | string, query?: URLSearchParams): Promise<AnswerOf<R>> {
    const headers: Record<string, string> = this.#token ? { Authorization: `Bearer ${this.#token}` } : {}
    const request: RequestInit = { method: adminMethod(route), headers }
    const path = query === undefined ? adminPath(route, params) : `${adminPath(route, params)}?${query}`
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
