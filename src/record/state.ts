/**
 * The recorded records as a state file: the mock's fields (the spec's, and those of your own it declares)
 * as the service sent them, icon URLs moved to the mock's icons, one organization (the records' own) and
 * one principal of the mock's.
 */
import { createHash } from 'node:crypto'
import type { Credentials } from '../model/credentials.ts'
import { iconUrls } from '../model/icons.ts'
import { ID_HEX_LENGTH, ID_PREFIX, withPrefix } from '../model/ids.ts'
import { compareByCreatedThenId } from '../model/ordering.ts'
import { declaredMembers } from '../model/declared-members.ts'
import { DEFAULT_MODEL, type RecordModel } from '../model/record-model.ts'
import type { Account, Application, Icons, Organization, Workspace } from '../model/schemas.ts'
import type { z } from '../model/zod.ts'
import type { ScenarioState } from '../model/state.ts'
import { InvalidStateError, validateState } from '../model/validate-state.ts'
import { shown, shownValue } from '../text/terminal-text.ts'
import { RecordError } from './client.ts'
import type { Recorded } from './read.ts'

export interface StateOptions {
  target: string
  principal: Credentials
  iconsOrigin: string
  /** The mock's records: with the fields of your own it declares (`--operations`), which are kept too. */
  model?: RecordModel
}

/** Builds and checks the state; a record that does not fit the model is a `RecordError` naming it. */
export function recordedState(recorded: Recorded, options: StateOptions): ScenarioState {
  const model = options.model ?? DEFAULT_MODEL
  const workspaces = recorded.workspaces.map((record) => workspaceOf(record, options.iconsOrigin, model.workspace)).sort(compareByCreatedThenId)
  const applications = recorded.applications.map((record) => applicationOf(record, options.iconsOrigin, model.application)).sort(compareByCreatedThenId)
  const organization = organizationOf(workspaces, options.target)
  const state = { organizations: [organization], accounts: [accountOf(organization, options)], workspaces, applications }
  try {
    validateState(state, model)
  } catch (error) {
    if (!(error instanceof InvalidStateError)) throw error
    const more = error.problems.length > 1 ? ` (and ${error.problems.length - 1} more problems)` : ''
    throw new RecordError(`the service's records do not fit the mock's model: ${shown(error.message, 400)}${more}`)
  }
  return state
}

/** Most field names `leftOutFields` tells apart (a service may send any keys); the rest are counted together. */
export const MAX_LEFT_OUT_NAMES = 100

/** Fields the service's records carry that the model does not take: `application.status` and how many records carry it. */
export interface LeftOut {
  fields: Array<{ name: string; records: number }>
  /** How many more field names there are, past MAX_LEFT_OUT_NAMES. */
  more: number
}

/** What the state leaves out of the service's records (`pick` keeps the model's fields only), field by field. */
export function leftOutFields(recorded: Recorded, model: RecordModel = DEFAULT_MODEL): LeftOut {
  const counts = new Map<string, number>()
  // Names past the bound, only to count them: no more than the records' own keys, which are in memory.
  const others = new Set<string>()
  const count = (kind: string, records: ReadonlyArray<Record<string, unknown>>, known: ReadonlySet<string>) => {
    for (const record of records) {
      for (const key of Object.keys(record)) {
        if (known.has(key)) continue
        const name = `${kind}.${key}`
        const seen = counts.get(name)
        if (seen !== undefined) counts.set(name, seen + 1)
        else if (counts.size < MAX_LEFT_OUT_NAMES) counts.set(name, 1)
        else others.add(name)
      }
    }
  }
  count('workspace', recorded.workspaces, new Set(fieldsOf(model.workspace)))
  count('application', recorded.applications, new Set(fieldsOf(model.application)))
  return { fields: [...counts].map(([name, records]) => ({ name, records })), more: others.size }
}

/** The fields of a record schema of the model: the spec's, then the mock's own. */
const fieldsOf = (schema: z.ZodMiniType) => Object.keys((schema as z.ZodMiniObject).def.shape)

/**
 * A workspace as the mock keeps it: the mock's fields only, its id with the `wse_` prefix (a service that
 * shows `app_`, as the spec's sample does, still names the workspace `wse_` in its applications).
 */
function workspaceOf(record: Record<string, unknown>, iconsOrigin: string, schema: z.ZodMiniType): Workspace {
  const workspace = declaredMembers(record, schema) as Workspace
  if (typeof workspace.id === 'string' && workspace.id.startsWith(`${ID_PREFIX.application}_`)) workspace.id = withPrefix(workspace.id, ID_PREFIX.workspace)
  return { ...workspace, icons: mockIcons(workspace.icons, iconsOrigin) }
}

function applicationOf(record: Record<string, unknown>, iconsOrigin: string, schema: z.ZodMiniType): Application {
  const application = declaredMembers(record, schema) as Application
  return { ...application, icons: mockIcons(application.icons, iconsOrigin) }
}

/**
 * The four URLs of the mock's icons for a record's image: its own `img_` id when its URLs carry one (the
 * mock's and the spec's do), else an id derived from its URL, so the same image keeps the same id.
 */
function mockIcons(icons: Icons | undefined, iconsOrigin: string): Icons {
  if (typeof icons?.base !== 'string') return icons as Icons
  const own = /(?:^|\/)(img_[0-9a-f]{1,32})_512\.webp$/.exec(icons.base)?.[1]
  return iconUrls(iconsOrigin, own ?? `img_${digest(icons.base)}`)
}

/** The records' organization: one, since a principal sees its own; a service with none shown gets one named after it. */
function organizationOf(workspaces: readonly Workspace[], target: string): Organization {
  const ids = [...new Set(workspaces.map((workspace) => workspace.organization))].sort()
  if (ids.length > 1) throw new RecordError(`the service's workspaces belong to ${ids.length} organizations (${ids.slice(0, 3).map((id) => shownValue(id)).join(', ')}); a principal sees one`)
  const host = new URL(target).hostname
  return { id: ids[0] ?? `${ID_PREFIX.organization}_${digest(target)}`, name: `Recorded from ${host}`, domain: host }
}

/** The mock's principal: an account of the recorded organization, its id fixed by organization and key. */
function accountOf(organization: Organization, options: StateOptions): Account {
  return {
    id: `${ID_PREFIX.account}_${digest(`${organization.id} ${options.principal.apiKey}`)}`,
    name: 'Recorded principal',
    email: `recorded@${organization.domain}`,
    organization: organization.id,
    ...options.principal,
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, ID_HEX_LENGTH)
}
