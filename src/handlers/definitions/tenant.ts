/**
 * The store as an operation's `run` sees it: the caller's workspaces and applications, with the kit's
 * tenant rules. A record another organization owns is a 404 indistinguishable from one that does not
 * exist; writes go through the store, so records stay frozen, the indexes follow and `updated` /
 * `modified_by` are set. The built-in operations and those of your own use the same helpers.
 */
import type { NewApplication, NewWorkspace, RecordChanges, Store } from '../../model/store.ts'
import type { Account, Application, Workspace } from '../../model/schemas.ts'
import type { MockContext } from '../context.ts'
import { Problem } from '../reply/problem.ts'
import type { RequestTrace } from '../trace.ts'

/** The workspace `X-Workspace-ID` names (`scope: 'workspace'`), and the id as the client sent it. */
export interface RunScope {
  readonly workspace: Workspace
  readonly sent: string
}

/** The workspace `id` names if the principal's organization owns it; otherwise 404, whichever the reason. */
export function visibleWorkspace(mock: MockContext, id: string, principal: Account): Workspace {
  const workspace = mock.store.indexes.workspace(mock.workspaceKey(id))
  if (!workspace || workspace.organization !== principal.organization) {
    const reason = workspace ? 'other-organization' : 'not-found'
    throw new Problem(404, `workspace ${id} not found`).because({ kind: 'lookup', collection: 'workspaces', id, reason })
  }
  return workspace
}

/** A new workspace: `name`, and optionally `description` and `domain` (default `""`) and fields of your own. */
export type WorkspaceValues = Partial<NewWorkspace> & { name: string }

/** A new application: `name`, and any other member of the record a client may set (defaults: decisions row "Create application body"). */
export type ApplicationValues = Partial<NewApplication> & { name: string }

/** The store, for a write of this request: refused once the request was answered (a `run` past its timeout writes nothing). */
function storeFor(mock: MockContext, trace: RequestTrace): Store {
  if (trace.answered) throw new Error('the request was answered already (its run timed out): this write is refused')
  return mock.store
}

/** The caller's workspaces. */
export class WorkspaceCollection {
  readonly #mock: MockContext
  readonly #principal: Account
  readonly #trace: RequestTrace

  constructor(mock: MockContext, principal: Account, trace: RequestTrace) {
    this.#mock = mock
    this.#principal = principal
    this.#trace = trace
  }

  /** The caller's organization's workspaces, in list order (`created`, then `id`). Do not change the array. */
  list(): readonly Workspace[] {
    return this.#mock.store.indexes.workspacesOf(this.#principal.organization)
  }

  /** The workspace `id` names (as a client sends it); a 404 problem (thrown) unless the caller's organization owns it. */
  get(id: string): Workspace {
    return visibleWorkspace(this.#mock, id, this.#principal)
  }

  /** Creates a workspace in the caller's organization; `description` and `domain` default to `""`. */
  create(values: WorkspaceValues): Promise<Workspace> {
    return storeFor(this.#mock, this.#trace).createWorkspace({ description: '', domain: '', ...values }, this.#principal).then(wrote(this.#trace, 'workspaces'))
  }

  /** Sets the given members (and fields of your own); `updated` moves on, `modified_by` is the caller. */
  update(workspace: Workspace, changes: RecordChanges): Promise<Workspace> {
    return storeFor(this.#mock, this.#trace).updateWorkspace(this.#own(workspace), changes, this.#principal).then(wrote(this.#trace, 'workspaces'))
  }

  /** Deletes the workspace and its applications. */
  delete(workspace: Workspace): void {
    const stored = this.#own(workspace)
    storeFor(this.#mock, this.#trace).deleteWorkspace(stored)
    this.#trace.wrote('workspaces', stored)
  }

  /** The stored version of a workspace the caller may see: a write never reaches another organization's. */
  #own(workspace: Workspace): Workspace {
    const stored = this.#mock.store.indexes.workspace(workspace.id)
    if (!stored || stored.organization !== this.#principal.organization) throw new Problem(404, `workspace ${workspace.id} not found`)
    return stored
  }
}

/** The applications of the caller's workspaces; without a workspace argument, of the one `X-Workspace-ID` names. */
export class ApplicationCollection {
  readonly #mock: MockContext
  readonly #principal: Account
  /** The workspace `X-Workspace-ID` names, and the id as the client sent it (for messages). */
  readonly #scope: RunScope | undefined
  readonly #trace: RequestTrace

  constructor(mock: MockContext, principal: Account, scope: RunScope | undefined, trace: RequestTrace) {
    this.#mock = mock
    this.#principal = principal
    this.#scope = scope
    this.#trace = trace
  }

  /** The workspace's applications in list order. Do not change the array. */
  list(workspace?: Workspace): readonly Application[] {
    return this.#mock.store.indexes.applicationsOf(this.#workspace(workspace).id)
  }

  /** The application `id` names in the workspace; a 404 problem (thrown) when it is not there. */
  get(id: string, workspace?: Workspace): Application {
    const scope = this.#workspace(workspace)
    const application = this.#mock.store.indexes.application(id)
    if (!application || application.workspace !== scope.id) {
      const named = workspace === undefined ? this.#scope!.sent : scope.id
      const reason = application ? 'outside-workspace' : 'not-found'
      throw new Problem(404, `application ${id} not found in workspace ${named}`).because({ kind: 'lookup', collection: 'applications', id, reason, workspace: named })
    }
    return application
  }

  /** Creates an application in the workspace; members not given get the defaults of the decisions row "Create application body". */
  create(values: ApplicationValues, workspace?: Workspace): Promise<Application> {
    const scope = this.#workspace(workspace)
    const record: NewApplication = { ...NEW_APPLICATION, gateways: [], group_or_users: [], policies: [], ...values }
    return storeFor(this.#mock, this.#trace).createApplication(scope, record, this.#principal).then(wrote(this.#trace, 'applications'))
  }

  /** Sets the given members (and fields of your own); `updated` moves on, `modified_by` is the caller. */
  update(application: Application, changes: RecordChanges): Promise<Application> {
    return storeFor(this.#mock, this.#trace).updateApplication(this.#own(application), changes, this.#principal).then(wrote(this.#trace, 'applications'))
  }

  delete(application: Application): void {
    const stored = this.#own(application)
    storeFor(this.#mock, this.#trace).deleteApplication(stored)
    this.#trace.wrote('applications', stored)
  }

  /** The workspace given (checked to be the caller's) or the request's scope. */
  #workspace(workspace: Workspace | undefined): Workspace {
    if (workspace !== undefined) return visibleWorkspace(this.#mock, workspace.id, this.#principal)
    if (this.#scope === undefined) throw new TypeError('applications: name a workspace, or give the operation scope: "workspace" (X-Workspace-ID)')
    return this.#scope.workspace
  }

  #own(application: Application): Application {
    const stored = this.#mock.store.indexes.application(application.id)
    const workspace = stored && this.#mock.store.indexes.workspace(stored.workspace)
    if (!stored || workspace?.organization !== this.#principal.organization) throw new Problem(404, `application ${application.id} not found`)
    return stored
  }
}

/** Notes a written record in the request's trace (the journal's `why`), and passes it on. */
function wrote<T extends { id: string }>(trace: RequestTrace, collection: 'workspaces' | 'applications'): (record: T) => T {
  return (record) => {
    trace.wrote(collection, record)
    return record
  }
}

/** The string members a new application gets when not given: the spec's shown values, else empty. */
const NEW_APPLICATION = {
  description: '',
  access_type: 'private',
  domain: '',
  domain_alias: '',
  external_domain: '',
  port: '',
  port_alias: '',
  protocol: 'http',
} as const
