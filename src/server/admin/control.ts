/**
 * The demo server's control plane, beside the API it serves: the admin routes (admin.ts), the sessions
 * (sessions.ts), and the console (a page at `/` and `/__admin/` for browsers, its script and style,
 * and the live request log as server-sent events). server.ts asks it two things per request: which mock
 * answers (`mockFor`, by API key), and whether a path is its own (`serve`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MockApi, MockApiOptions } from '../../api/create-mock-api.ts'
import { replaceInitialState } from '../../api/mock-state.ts'
import type { ApiRequest } from '../../handlers/api-request.ts'
import type { ScenarioState } from '../../model/state.ts'
import { InvalidStateError } from '../../model/validate-state.ts'
import type { ScenarioRef } from '../../scenarios/resolve.ts'
import type { Problem } from '../../handlers/problem.ts'
import { ADMIN_PREFIX, adminProblem, handleAdmin, type AdminContext, type Caller } from './admin.ts'
import { tokenProblem } from './guard.ts'
import { EventStreams } from '../console/events.ts'
import { CONSOLE_PAGE } from '../console/page.ts'
import { restoreStartupFaults, type AdminTarget, type FaultSpec } from './mock-routes.ts'
import { sessionAccess } from './session-routes.ts'
import { SessionRegistry, type SessionLimits } from '../sessions/registry.ts'

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
  /** Most records a scenario or state loaded over HTTP may hold. */
  maxRecords: number
}

const CONSOLE_ASSETS = `${ADMIN_PREFIX}console/`
const SESSION_EVENTS = /^\/__admin\/sessions\/([^/]+)\/events\/?$/
/** The console is served from the server's own origin: its answers carry no CORS headers. */
const extra: Readonly<Record<string, string>> = {}

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
  readonly maxRecords: number
  readonly #events = new EventStreams()

  constructor(options: ControlOptions) {
    this.maxRecords = options.maxRecords
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
   * API clients get at `/` and `/__admin/` what they got before. The page and the base state's events
   * are the admin's; a session's events also its own credentials'; the files hold no data. Throws the
   * 401 `Problem` of a caller who may not.
   */
  serve(incoming: IncomingMessage, outgoing: ServerResponse, request: ApiRequest, caller: Caller): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false
    const { pathname } = request.url
    if (pathname === '/' || pathname === '/__admin' || pathname === ADMIN_PREFIX) {
      // Stryker disable next-line StringLiteral: same-value
      if (!(request.header('Accept') ?? '').includes('text/html')) return false
      if (!caller.admin) throw tokenProblem()
      outgoing.writeHead(200, {
        ...extra,
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        // The address may carry the admin token: no other page gets to see it.
        'Referrer-Policy': 'no-referrer',
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
      if (!caller.admin) throw tokenProblem()
      this.#events.journal(incoming, outgoing, this.base.api, extra)
      return true
    }
    const session = SESSION_EVENTS.exec(pathname)?.[1]
    // Stryker disable next-line ConditionalExpression: same-value
    if (session !== undefined) {
      const found = this.sessions.get(session)
      if (!found) return false // the admin routes answer 404 for it
      const access = sessionAccess(this.sessions, session, caller)
      if (access === 'gone') return false
      if (access === 'token') throw tokenProblem()
      this.#events.journal(incoming, outgoing, found.api, extra)
      return true
    }
    return false
  }

  /** Answers an admin route (see admin.ts). */
  admin(request: Request, caller: Caller): Promise<Response | undefined> {
    return handleAdmin(request, this, caller)
  }

  /** An admin mistake found before the admin routes ran (a body over the bound). */
  problem(problem: Problem, url: URL): Promise<Response> {
    return Promise.resolve(adminProblem(problem, url))
  }

  /** Ends the event streams and the sessions (the server is closing). */
  close(): void {
    this.#events.closeAll()
    this.sessions.close()
  }

  async #asset(request: ApiRequest, outgoing: ServerResponse, name: string, extra: Readonly<Record<string, string>>): Promise<void> {
    const { consoleAsset } = await import('../console/assets.ts')
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
