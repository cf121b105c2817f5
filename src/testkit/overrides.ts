import type { Operation } from '../handlers/operation.ts'
import type { OperationSpec } from '../handlers/operation-spec.ts'
import type { ApiRequest } from '../handlers/api-request.ts'
import type { OverrideGate } from '../handlers/ports.ts'
import type { ResponseTarget } from '../handlers/reply/envelope.ts'
import type { Reply } from '../handlers/reply/reply.ts'
import type { Application, ErrorDetail, Workspace } from '../model/schemas.ts'
import { pathParams } from './paths.ts'
import { assertOperationName } from './targets.ts'

/** What each built-in operation's success envelope carries in `data` (an operation of your own: docs/extending.md). */
export interface OperationData {
  createWorkspace: Workspace
  updateWorkspace: Workspace
  getWorkspace: Workspace
  listWorkspaces: Workspace[]
  listApplications: { data: Application[]; current_page?: number; page_size?: number; total?: number }
  getApplication: Application
  getSchema: never
  getIcon: never
  getOpenApiJson: never
  getOpenApiYaml: never
  getOpenApi30Json: never
  getOpenApi30Yaml: never
}

/** Builders for the response of one operation whose envelope carries `Data`: the right envelope, or a problem. */
export interface OverrideTools<Data> {
  request: Request
  params: Record<string, string | readonly string[] | undefined>
  /** The operation's success status with its own envelope around `data` (no body for an operation that answers 204). */
  respond(data: Data): Response
  /** An RFC 9457 problem response in the kit's shape. */
  problem(status: number, detail: string, errors?: ErrorDetail[]): Response
}

export type OverrideResolver<Data> = (
  tools: OverrideTools<Data>,
) => Response | undefined | Promise<Response | undefined>

export interface OverrideOptions {
  /** Apply to the next matching request only. */
  once?: boolean
}

/**
 * What the journal knows of the responses an override's tools built (it does not read response bodies):
 * the reply they were made from, and a problem's `detail`.
 */
const builtReplies = new WeakMap<Response, Reply>()
const problemDetails = new WeakMap<Response, string>()

/** The detail of a problem built by an override's `problem()`; undefined for any other response. */
export function overrideProblemDetail(response: Response): string | undefined {
  return problemDetails.get(response)
}

/** The reply behind a response an override's `respond()` or `problem()` built; undefined for its own. */
export function overrideReply(response: Response): Reply | undefined {
  return builtReplies.get(response)
}

function keep(response: Response, reply: Reply, detail?: string): void {
  builtReplies.set(response, reply)
  if (detail !== undefined) problemDetails.set(response, detail)
}

/** The tools a resolver gets; their builders load with the first override that runs (override-tools.ts). */
async function toolsFor(
  operation: Operation,
  request: ApiRequest,
  params: Record<string, string | readonly string[] | undefined>,
  target: ResponseTarget,
): Promise<OverrideTools<any>> {
  const { replyTools } = await import('./override-tools.ts')
  return { request: await request.toFetchRequest(), params: pathParams(params), ...replyTools(operation, target, keep) }
}

/** An override in force, as `list()` describes it. */
export interface OverrideListing {
  operation: string
  once: boolean
}

interface Entry {
  operation: string
  resolver: OverrideResolver<any>
  once: boolean
}

/** Typed per-operation response replacements, newest first; `reset()` removes them. */
export class Overrides implements OverrideGate {
  #entries: Entry[] = []
  readonly #operations: readonly OperationSpec[]

  /** `operations`: the mock's, whose names an override may take (a misspelt one throws at once, as a fault's target does). */
  constructor(operations: readonly OperationSpec[]) {
    this.#operations = operations
  }

  add(operation: string, resolver: OverrideResolver<any>, options: OverrideOptions = {}): () => void {
    assertOperationName(operation, this.#operations)
    const entry: Entry = { operation, resolver, once: options.once ?? false }
    this.#entries.unshift(entry)
    return () => {
      this.#entries = this.#entries.filter((e) => e !== entry)
    }
  }

  clear(): void {
    this.#entries = []
  }

  get size(): number {
    return this.#entries.length
  }

  /** The overrides in force, newest first: their operation and whether they answer once (a resolver is code). */
  list(): OverrideListing[] {
    return this.#entries.map(({ operation, once }) => ({ operation, once }))
  }

  /** The response of the newest override of this operation that answers, if any. */
  async respond(
    operation: Operation,
    request: ApiRequest,
    params: Record<string, string | readonly string[] | undefined>,
    target: ResponseTarget,
  ): Promise<Response | undefined> {
    for (const entry of this.#entries) {
      if (entry.operation !== operation.name) continue
      const response = await entry.resolver(await toolsFor(operation, request, params, target))
      if (response) {
        if (entry.once) this.#entries = this.#entries.filter((e) => e !== entry)
        return response
      }
    }
    return undefined
  }
}
