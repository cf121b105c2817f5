import { Collection } from '@msw/data'
import {
  accountSchema,
  applicationSchema,
  organizationSchema,
  workspaceSchema,
} from './schemas.ts'

/** The @msw/data collections that are the store of record. */
export function createDatabase() {
  return {
    organizations: new Collection({ schema: organizationSchema }),
    accounts: new Collection({ schema: accountSchema }),
    workspaces: new Collection({ schema: workspaceSchema }),
    applications: new Collection({ schema: applicationSchema }),
  }
}

export type Database = ReturnType<typeof createDatabase>
export type CollectionName = keyof Database
