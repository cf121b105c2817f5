import { Collection } from '@msw/data'
import { DEFAULT_MODEL, type RecordModel } from './record-model.ts'
import {
  accountSchema,
  applicationSchema,
  organizationSchema,
  workspaceSchema,
} from './schemas.ts'

/** The @msw/data collections that are the store of record; workspaces and applications with the model's fields. */
export function createDatabase(model: RecordModel = DEFAULT_MODEL) {
  return {
    organizations: new Collection({ schema: organizationSchema }),
    accounts: new Collection({ schema: accountSchema }),
    // Typed as the spec's records: fields of the user's own are known at run time only.
    workspaces: new Collection({ schema: model.workspace as typeof workspaceSchema }),
    applications: new Collection({ schema: model.application as typeof applicationSchema }),
  }
}

export type Database = ReturnType<typeof createDatabase>
export type CollectionName = keyof Database
