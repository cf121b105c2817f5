/**
 * The demo server's control plane, beside the API it serves: the admin routes (admin.ts), the sessions
 * (sessions.ts), and the console (a page at `/` and `/__admin/` for browsers, its script and style,
 * and the live request log as server-sent events). server.ts asks it two things per request: which mock
 * answers (`mockFor`, by API key), and whether a path is its own (`serve`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MockApi, MockApiOptions } from '../api/create-mock-api.ts'
import { replaceInitialState } from '../api/mock-state.ts'
import type { ApiRequest } from '../handlers/api-request.ts'
import type { ScenarioState } from '../model/state.ts'
import { InvalidStateError } from '../model/validate-state.ts'
import type { ScenarioRef } from '../scenarios/resolve.ts'
import { ADMIN_PREFIX, handleAdmin, type AdminContext } from './admin.ts'
import { EventStreams } from './console/events.ts'
import { CONSOLE_PAGE } from './console/page.ts'
import { restoreStartupFaults, type AdminTarget, type FaultSpec } from './mock-admin.ts'
import { SessionRegistry, type SessionLimits } from './sessions.ts'

export interface ControlOptions {
  api: MockApi
  /** How people see what the base state serves: a scenario name, a state file. */
  name: string
  seed: number
  /** The scenario sessions build when given only a seed (undefined: the server serves a state). */
  scenario: ScenarioRef | undefined
  /** The options of the server's mock, for its sessions (without scenario and state). */
  apiOptions: MockApiOptions
  startupFaults: readonly FaultSpec[]
  limits: SessionLimits
}

const CONSOLE_ASSETS = `${ADMIN_PREFIX}console/`
const SESSION_EVENTS = /^\/__admin\/sessions\/([^/]+)\/events\/?$/

/** The server's base state as the admin routes see it. */
class BaseTarget implements AdminTarget {
  readonly api: MockApi
  scenario: string
  readonly seed: number
  readonly startupFaults: readonly FaultSpec[]
  readonly startupIds = new Set<number>()
  sessions!: SessionRegistry

  constructor(options: ControlOptions) {
    this.api = options.api
    this.scenario = options.name
    this.seed = options.seed
    this.startupFaults = options.startupFaults
  }

  /** A new base state: its keys must not be a session's (a request with them would reach the session). */
  async replaceState(state: ScenarioState, name = 'state'): Promise<void> {
    state.accounts.forEach((account, index) => {
      const owner = this.sessions.keyOwner(account.apiKey)
      if (owner) {
        throw new InvalidStateError(
          `state.accounts[${index}] (id ${account.id}): field apiKey: already the API key of session ${owner.id}`,
          `accounts[${index}].apiKey`,
          `already the API key of session ${owner.id}`,
        )
      }
    })
    await replaceInitialState(this.api, state)
    this.scenario = name
  }
}

export class Control implements AdminContext {
  readonly base: BaseTarget
  readonly sessions: SessionRegistry
  readonly #events = new EventStreams()

  constructor(options: ControlOptions) {
    this.base = new BaseTarget(options)
    restoreStartupFaults(this.base)
    this.sessions = new SessionRegistry(
      { base: this.base, options: options.apiOptions, scenario: options.scenario, startupFaults: options.startupFaults },
      options.limits,
    )
    this.base.sessions = this.sessions
    this.sessions.onChange(({ type, session }) => {
      if (type === 'deleted' || type === 'expired') this.#events.endFor(session.api)
      this.#events.sessionsChanged()
    })
  }

  /** The session mock a request's API key selects; undefined: the base state answers. */
  mockFor(request: ApiRequest): MockApi | undefined {
    return this.sessions.mockFor(request)
  }

  /**
   * Serves the console's page, files and event streams; false for any other request (the admin routes
   * and the API are the server's to answer). The page only for browsers (`Accept: text/html`): curl and
   * API clients get at `/` and `/__admin/` what they got before.
   */
  serve(incoming: IncomingMessage, outgoing: ServerResponse, request: ApiRequest, extra: Readonly<Record<string, string>>): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false
    const { pathname } = request.url
    if (pathname === '/' || pathname === '/__admin' || pathname === ADMIN_PREFIX) {
      // Stryker disable next-line StringLiteral: same-value
      if (!(request.header('Accept') ?? '').includes('text/html')) return false
      outgoing.writeHead(200, {
        ...extra,
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Length': Buffer.byteLength(CONSOLE_PAGE),
      })
      // Stryker disable next-line ConditionalExpression,StringLiteral: unseen
      outgoing.end(request.method === 'HEAD' ? undefined : CONSOLE_PAGE)
      return true
    }
    if (pathname.startsWith(CONSOLE_ASSETS)) {
      void this.#asset(request, outgoing, pathname.slice(CONSOLE_ASSETS.length), extra)
      return true
    }
    if (pathname === `${ADMIN_PREFIX}events`) {
      this.#events.journal(incoming, outgoing, this.base.api, extra)
      return true
    }
    const session = SESSION_EVENTS.exec(pathname)?.[1]
    // Stryker disable next-line ConditionalExpression: same-value
    if (session !== undefined) {
      const found = this.sessions.get(session)
      if (!found) return false // the admin routes answer 404 for it
      this.#events.journal(incoming, outgoing, found.api, extra)
      return true
    }
    return false
  }

  /** Answers an admin route (see admin.ts). */
  admin(request: Request): Promise<Response | undefined> {
    return handleAdmin(request, this)
  }

  /** Ends the event streams and the sessions (the server is closing). */
  close(): void {
    this.#events.closeAll()
    this.sessions.close()
  }

  async #asset(request: ApiRequest, outgoing: ServerResponse, name: string, extra: Readonly<Record<string, string>>): Promise<void> {
    const { consoleAsset } = await import('./console/assets.ts')
    const asset = consoleAsset(name)
    if (!asset) {
      outgoing.writeHead(404, { ...extra, 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${request.url.pathname}\n`)
      return
    }
    try {
      const { body, type } = await asset
      outgoing.writeHead(200, { ...extra, 'Content-Type': type, 'Content-Length': body.length, 'Cache-Control': 'no-cache' })
      // Stryker disable next-line ConditionalExpression,StringLiteral: unseen
      outgoing.end(request.method === 'HEAD' ? undefined : body)
    } catch (error) {
      console.error('[workspace-api-mock] console asset failed:', error)
      // Stryker disable next-line ObjectLiteral,StringLiteral: untestable
      outgoing.writeHead(500, { ...extra, 'Content-Type': 'text/plain; charset=utf-8' })
      // Stryker disable next-line all: untestable
      outgoing.end(`the console's ${name} could not be loaded: ${(error as Error).message}\n`)
    }
  }
}
