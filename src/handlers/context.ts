import type { Factories } from '../factories/factories.ts'
import type { AnySchema } from '../model/fields.ts'
import { withPrefix, ID_PREFIX } from '../model/ids.ts'
import type { RecordModel } from '../model/record-model.ts'
import type { Application, Workspace } from '../model/schemas.ts'
import type { Store } from '../model/store.ts'
import { z } from '../model/zod.ts'
import type { ApiSurface } from './api-surface.ts'
import { jsonRow, type JsonRow } from './reply/envelope.ts'
import type { ContractViolation, FaultGate, LiveGate, OverrideGate, RequestJournal, ResponseChecker } from './ports.ts'
import type { ResolvedProfile } from './profile.ts'

/** How workspace ids appear in records: `wse` (default, works in paths) or `app` (the spec sample's quirk). */
export type WorkspaceIdPrefix = 'wse' | 'app'

/** Everything the handlers of one mock API share. */
export interface MockContext {
  readonly store: Store
  /** The API this mock serves: its operations (the spec's, yours, the kit's routes), records and schemas. */
  readonly surface: ApiSurface
  /** Origin (and optional path) the handlers answer on; undefined means any origin. */
  readonly baseUrl: string | undefined
  /** The behaviour profile's knobs (profile.ts): today's behaviour unless the `profile` option changes them. */
  readonly profile: ResolvedProfile
  readonly serialize: RecordSerializer
  /** Maps an id as a client sends it to the stored workspace id. */
  readonly workspaceKey: (id: string) => string
  readonly faults: FaultGate
  readonly journal: RequestJournal
  readonly overrides: OverrideGate
  /** Contract-strict mode: every body is checked against the served schemas. */
  readonly strict: boolean
  /** Checks override responses in strict mode. */
  readonly checkResponse: ResponseChecker
  /** Violations caught in strict mode since the last reset. */
  readonly violations: ContractViolation[]
  /** The mock's clock (its `now` option). */
  readonly now: () => number
  /** The mock's seeded factories, for operations of your own (made on first use, again after a reset). */
  readonly factories: () => Factories
  /** Milliseconds an operation of your own may take to settle, unless its definition says otherwise. */
  readonly operationTimeout: number
  /** The live service beside the mock (its `live` option); undefined without one. */
  readonly live?: LiveGate
}

/** JSON rows of records as the API shows them, cached per stored record (updates store new objects). */
export interface RecordSerializer {
  workspace(record: Workspace): JsonRow
  application(record: Application): JsonRow
  /** A record of a schema of your own (an operation's response), checked against it in strict mode. */
  other(schema: AnySchema, record: object): JsonRow
}

/** A stored record that breaks its schema, found while serializing it in strict mode. */
export class RecordContractError extends Error {
  readonly field: string
  readonly reason: string
  constructor(field: string, reason: string) {
    super(`${field}: ${reason}`)
    this.name = 'RecordContractError'
    this.field = field
    this.reason = reason
  }
}

/**
 * Builds the serializer of a mock's records (`model`: with its fields): optionally checking each record once
 * (records are replaced, never edited, on update).
 */
export function createSerializer(workspaceIdPrefix: WorkspaceIdPrefix, strict: boolean, model: RecordModel): RecordSerializer {
  const cache = new WeakMap<object, JsonRow>()
  const quirk = workspaceIdPrefix === ID_PREFIX.application
  const cached = <T extends object>(record: T, schema: AnySchema, show: (record: T) => unknown, rows = cache): JsonRow => {
    let json = rows.get(record)
    // Stryker disable next-line ConditionalExpression: cache
    if (json === undefined) {
      const shown = show(record)
      if (strict) {
        const result = z.safeParse(schema, shown)
        if (!result.success) {
          const issue = result.error.issues[0]!
          throw new RecordContractError(`data.${issue.path.join('.')}`, issue.message)
        }
      }
      json = jsonRow(shown)
      rows.set(record, json)
    }
    return json
  }
  const showWorkspace = quirk
    ? (record: Workspace) => ({ ...record, id: withPrefix(record.id, ID_PREFIX.application) })
    : (record: Workspace) => record
  // Records of your own may be shown under more than one schema: rows are kept per schema.
  const others = new WeakMap<AnySchema, WeakMap<object, JsonRow>>()
  const rowsOf = (schema: AnySchema) => others.get(schema) ?? others.set(schema, new WeakMap()).get(schema)!
  return {
    workspace: (record) => cached(record, model.workspace, showWorkspace),
    application: (record) => cached(record, model.application, (r) => r),
    other: (schema, record) => cached(record, schema, (r) => r, rowsOf(schema)),
  }
}

/** Maps client-sent workspace ids to stored ones: under the `app` quirk, `app_<hex>` means `wse_<hex>`. */
export function workspaceKeyMapper(workspaceIdPrefix: WorkspaceIdPrefix): (id: string) => string {
  if (workspaceIdPrefix !== ID_PREFIX.application) return (id) => id
  return (id) => (id.startsWith(`${ID_PREFIX.application}_`) ? withPrefix(id, ID_PREFIX.workspace) : id)
}
