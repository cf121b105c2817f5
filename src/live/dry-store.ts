/**
 * The store a dry run writes to: it reads the mock's records and indexes, and answers a write with the
 * record the mock would have stored, storing nothing and drawing nothing from the mock's seeded sources
 * (its ids, clock and field values stay where they were). What the mock would have answered to a request
 * the service answered is worked out over it (drift).
 */
import { FieldSources, missingFieldValues, type FieldRecord } from '../model/fields.ts'
import { iconUrls } from '../model/icons.ts'
import { ID_HEX_LENGTH, ID_PREFIX } from '../model/ids.ts'
import type { RecordModel } from '../model/record-model.ts'
import type { Account, Application, Workspace } from '../model/schemas.ts'
import type { NewApplication, NewWorkspace, RecordChanges, Store } from '../model/store.ts'

/** The id a dry write gives a record: of the kind's shape, naming none. */
const dryId = (prefix: string) => `${prefix}_${'0'.repeat(ID_HEX_LENGTH)}`

/** Members an update does not set (as the store has them). */
const KEPT_BY_AN_UPDATE = new Set(['id', 'organization', 'workspace', 'icons', 'created', 'created_by', 'updated', 'modified_by'])

/** A store over `store`'s records whose writes store nothing; `now` is the mock's clock. */
export function dryStore(store: Store, model: RecordModel, now: () => number): Store {
  const fields = (record: FieldRecord, values: Record<string, unknown>) => ({ ...values, ...missingFieldValues(record, values, model.fields[record], new FieldSources(0, 2)) })
  const stamped = (kind: 'workspace' | 'application', principal: Account) => {
    const at = now()
    return {
      id: dryId(ID_PREFIX[kind]),
      icons: iconUrls(store.assetsOrigin, dryId(ID_PREFIX.image)),
      created: at,
      created_by: principal.id,
      updated: at,
      modified_by: principal.id,
    }
  }
  const updated = <R extends Workspace | Application>(previous: R, changes: RecordChanges, principal: Account): R => {
    const next: Record<string, unknown> = { ...previous }
    for (const [key, value] of Object.entries(changes)) if (value !== undefined && !KEPT_BY_AN_UPDATE.has(key)) next[key] = value
    return { ...next, updated: Math.max(now(), previous.updated + 1), modified_by: principal.id } as R
  }
  const dry = {
    indexes: store.indexes,
    settled: true,
    ready: Promise.resolve(),
    assetsOrigin: store.assetsOrigin,
    records: (name: Parameters<Store['records']>[0]) => store.records(name),
    async createWorkspace(input: NewWorkspace, principal: Account): Promise<Workspace> {
      const { id, ...stamps } = stamped('workspace', principal)
      const { name, description, domain, ...own } = input
      return fields('workspace', { id, name, description, domain, organization: principal.organization, ...stamps, ...own }) as Workspace
    },
    async createApplication(workspace: Workspace, input: NewApplication, principal: Account): Promise<Application> {
      const { id, icons, ...stamps } = stamped('application', principal)
      const { gateways, group_or_users, policies, ...rest } = input
      return fields('application', { id, ...rest, gateways, group_or_users, policies, icons, workspace: workspace.id, ...stamps }) as Application
    },
    updateWorkspace: async (previous: Workspace, changes: RecordChanges, principal: Account) => updated(previous, changes, principal),
    updateApplication: async (previous: Application, changes: RecordChanges, principal: Account) => updated(previous, changes, principal),
    deleteWorkspace() {},
    deleteApplication() {},
  }
  // Not a `Store` by class: what the operations reach of one (tenant.ts), over the mock's records.
  return dry as unknown as Store
}
