import { checkFields, FieldSources, missingFieldValues, type FieldRecord, type ModelFields, type RecordFields } from '../model/fields.ts'
import { DEFAULT_ASSETS_ORIGIN, iconUrls } from '../model/icons.ts'
import { ID_HEX_LENGTH, ID_PREFIX, type IdKind } from '../model/ids.ts'
import type {
  Account,
  Application,
  Entry,
  Icons,
  Organization,
  Workspace,
} from '../model/schemas.ts'
import { createRandom, hex } from '../model/random.ts'
import {
  APP_QUALIFIERS,
  APP_TEMPLATES,
  FIRST_NAMES,
  GATEWAY_NAMES,
  GROUP_NAMES,
  LAST_NAMES,
  ORGANIZATION_NAMES,
  POLICY_NAMES,
  WORKSPACE_TEMPLATES,
} from './catalog.ts'
import { slugify } from './slugify.ts'

/** Timestamps derive from this instant (2025-01-01T00:00:00Z), never from the wall clock. */
export const REFERENCE_DATE = Date.UTC(2025, 0, 1)

const DAY = 86_400_000

export { DEFAULT_ASSETS_ORIGIN } from '../model/icons.ts'

export interface FactoryOptions {
  /** Seed of the random source (a local faker `SimpleFaker`). Default 1. */
  seed?: number
  /** Origin of the icon URLs (the mock serves them under `/api/icons/`). */
  assetsOrigin?: string
  /**
   * Values `access_type` is drawn from. Default `['private']`, the only value the spec shows; anything
   * else is an assumption about the real service.
   */
  accessTypes?: readonly string[]
  /** Values `protocol` is drawn from. Default `['http']`, the only value the spec shows. */
  protocols?: readonly string[]
  /** Fields of your own on workspaces and applications: every built record has them (docs/extending.md). */
  fields?: RecordFields
}

/** `FactoryOptions` with its fields checked once (`checkFields`), as the kit's own builds pass them. */
export interface ResolvedFactoryOptions extends Omit<FactoryOptions, 'fields'> {
  fields: ModelFields
}

/** The shared resources of an organization that applications reference by `{ id, name }`. */
export interface ResourcePools {
  gateways: Entry[]
  groupsOrUsers: Entry[]
  policies: Entry[]
}

/** What an application is built inside of; every member is optional. */
export interface ApplicationContext {
  /** The owning workspace (its id, domain and creation time shape the application). */
  workspace?: Workspace
  /** The organization's primary domain, for `external_domain`. */
  organizationDomain?: string
  /** Accounts that may appear in `created_by` / `modified_by`. */
  accounts?: readonly string[]
  /** Entries to draw gateways, groups/users and policies from. */
  pools?: ResourcePools
  /** Position in the workspace, used to qualify repeated template names. */
  index?: number
}

export interface WorkspaceContext {
  organization?: Organization
  accounts?: readonly string[]
  index?: number
}

/** One seeded source's draws and the settings every builder shares (see `createFactories`). */
interface Draws {
  readonly faker: ReturnType<typeof createRandom>
  readonly accessTypes: readonly string[]
  readonly protocols: readonly string[]
  id(kind: IdKind): string
  pick<T>(items: readonly T[]): T
  someOf<T>(items: readonly T[], max: number): T[]
  after(from: number, maxDays: number): number
  laterOrSame(created: number, maxDays: number): number
  personName(): [first: string, last: string]
  buildIcons(imageId?: string): Icons
  withFields<T extends Workspace | Application>(record: FieldRecord, built: T): T
}

/** The draws of one seeded source; the order of the draws is the data: same seed, same calls, same records. */
function drawsOf(options: ResolvedFactoryOptions): Draws {
  const faker = createRandom(options.seed ?? 1)
  const assetsOrigin = (options.assetsOrigin ?? DEFAULT_ASSETS_ORIGIN).replace(/\/+$/, '')
  const { fields } = options
  // Each field draws from a source of its own: declaring one changes no other value.
  const fieldSources = new FieldSources(options.seed ?? 1)
  const id = (kind: IdKind): string => `${ID_PREFIX[kind]}_${hex(faker, ID_HEX_LENGTH)}`
  const pick = <T>(items: readonly T[]): T => faker.helpers.arrayElement(items)
  const after = (from: number, maxDays: number): number => from + faker.number.int({ min: 60_000, max: maxDays * DAY })
  return {
    faker,
    accessTypes: options.accessTypes ?? ['private'],
    protocols: options.protocols ?? ['http'],
    id,
    pick,
    // 1..max distinct items by a partial Fisher-Yates over indexes: a few draws, where
    // `helpers.arrayElements` shuffles a copy of the whole list (this runs 300,000 times in a scale build).
    someOf<T>(items: readonly T[], max: number): T[] {
      const count = faker.number.int({ min: 1, max: Math.min(max, items.length) })
      const indexes = items.map((_, i) => i)
      const out: T[] = []
      for (let i = 0; i < count; i++) {
        const j = i + faker.number.int(indexes.length - 1 - i)
        ;[indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!]
        out.push(items[indexes[i]!]!)
      }
      return out
    },
    after,
    // Half the records were never edited after creation: `updated` equals `created`.
    laterOrSame: (created, maxDays) => (faker.datatype.boolean() ? created : after(created, maxDays)),
    personName: () => [pick(FIRST_NAMES), pick(LAST_NAMES)],
    buildIcons: (imageId = id('image')) => iconUrls(assetsOrigin, imageId),
    withFields: (record, built) =>
      fields[record].length === 0 ? built : { ...built, ...missingFieldValues(record, built, fields[record], fieldSources) },
  }
}

/**
 * Factories bound to one seeded random source, in the style of faker itself: every function draws from
 * the same deterministic source, so the same seed and the same sequence of calls give the same records.
 */
export function createFactories(options: FactoryOptions = {}) {
  return factoriesOf({ ...options, fields: checkFields(options.fields) })
}

/** `createFactories` over options already resolved (a mock's, whose fields were checked when it was made). */
export function factoriesOf(options: ResolvedFactoryOptions) {
  const d = drawsOf(options)
  return {
    /** The seeded random source (a faker `SimpleFaker`), for custom scenarios that need more randomness. */
    faker: d.faker,
    /** A new identifier of the given kind: prefix + 32 lowercase hex digits. */
    id: d.id,
    buildIcons: d.buildIcons,
    buildOrganization: (overrides: Partial<Organization> = {}): Organization => organizationOf(d, overrides),
    buildAccount: (overrides: Partial<Account> = {}): Account => accountOf(d, overrides),
    buildPools: (): ResourcePools => poolsOf(d),
    buildWorkspace: (overrides: Partial<Workspace> = {}, context: WorkspaceContext = {}): Workspace => workspaceOf(d, overrides, context),
    buildApplication: (overrides: Partial<Application> = {}, context: ApplicationContext = {}): Application => applicationOf(d, overrides, context),
  }
}

function organizationOf(d: Draws, overrides: Partial<Organization>): Organization {
  const name = overrides.name ?? d.pick(ORGANIZATION_NAMES)
  return {
    id: d.id('organization'),
    name,
    domain: `${slugify(name)}.example.com`,
    ...overrides,
  }
}

function accountOf(d: Draws, overrides: Partial<Account>): Account {
  const [first, last] = d.personName()
  return {
    id: d.id('account'),
    name: `${first} ${last}`,
    email: `${slugify(first)}.${slugify(last)}@example.com`,
    organization: d.id('organization'),
    apiKey: `wam_key_${hex(d.faker, 24)}`,
    apiSecret: `wam_secret_${hex(d.faker, 40)}`,
    ...overrides,
  }
}

function poolsOf(d: Draws): ResourcePools {
  const entries = (kind: IdKind, names: readonly string[]) =>
    names.map((name) => ({ id: d.id(kind), name }))
  return {
    gateways: entries('gateway', GATEWAY_NAMES),
    groupsOrUsers: [
      ...entries('group', GROUP_NAMES),
      ...Array.from({ length: 6 }, () => ({ id: d.id('user'), name: d.personName().join(' ') })),
    ],
    policies: entries('policy', POLICY_NAMES),
  }
}

function workspaceOf(d: Draws, overrides: Partial<Workspace>, context: WorkspaceContext): Workspace {
  const template = WORKSPACE_TEMPLATES[(context.index ?? d.faker.number.int(99)) % WORKSPACE_TEMPLATES.length]!
  const round = Math.floor((context.index ?? 0) / WORKSPACE_TEMPLATES.length)
  const created = overrides.created ?? d.after(REFERENCE_DATE, 180)
  const author = context.accounts ? d.pick(context.accounts) : d.id('account')
  const editor = context.accounts ? d.pick(context.accounts) : author
  return d.withFields('workspace', {
    id: d.id('workspace'),
    name: round > 0 ? `${template.name} ${round + 1}` : template.name,
    description: template.description,
    domain: round > 0 ? `${template.domain}-${round + 1}` : template.domain,
    organization: context.organization?.id ?? d.id('organization'),
    icons: d.buildIcons(),
    created,
    created_by: author,
    updated: d.laterOrSame(created, 60),
    modified_by: editor,
    ...overrides,
  })
}

function applicationOf(d: Draws, overrides: Partial<Application>, context: ApplicationContext): Application {
  const index = context.index ?? d.faker.number.int(APP_TEMPLATES.length - 1)
  const template = APP_TEMPLATES[index % APP_TEMPLATES.length]!
  const round = Math.floor(index / APP_TEMPLATES.length)
  const qualifier =
    // Stryker disable next-line ConditionalExpression: same-value
    round === 0
      ? ''
      : round <= APP_QUALIFIERS.length
        ? APP_QUALIFIERS[round - 1]!
        : `${round + 1}`
  const slug = qualifier ? `${template.slug}-${slugify(qualifier)}` : template.slug
  const workspaceDomain = context.workspace?.domain ?? 'default'
  const orgDomain = context.organizationDomain ?? 'example.com'
  const pools = context.pools
  const created = overrides.created ?? d.after(context.workspace?.created ?? REFERENCE_DATE, 300)
  const author = context.accounts ? d.pick(context.accounts) : d.id('account')
  const protocol = d.pick(d.protocols)
  return d.withFields('application', {
    id: d.id('application'),
    name: qualifier ? `${template.name} ${qualifier}` : template.name,
    description: template.description,
    access_type: d.pick(d.accessTypes),
    domain: slug,
    domain_alias: `${slug}.${workspaceDomain}.internal`,
    external_domain: `${slug}-${workspaceDomain}.${orgDomain}`,
    port: template.port,
    port_alias: protocol === 'https' ? '443' : '80',
    protocol,
    gateways: pools ? d.someOf(pools.gateways, 2) : [{ id: d.id('gateway'), name: d.pick(GATEWAY_NAMES) }],
    group_or_users: pools
      ? d.someOf(pools.groupsOrUsers, 3)
      : [{ id: d.id('group'), name: d.pick(GROUP_NAMES) }],
    policies: pools ? d.someOf(pools.policies, 2) : [{ id: d.id('policy'), name: d.pick(POLICY_NAMES) }],
    icons: d.buildIcons(),
    workspace: context.workspace?.id ?? d.id('workspace'),
    created,
    created_by: author,
    updated: d.laterOrSame(created, 30),
    modified_by: context.accounts ? d.pick(context.accounts) : author,
    ...overrides,
  })
}

export type Factories = ReturnType<typeof factoriesOf>

// The module-wide factories are made on first use, not at import: most consumers never call them.
let standalone: Factories | undefined
const shared = (): Factories => (standalone ??= createFactories())

/** Builds one workspace record from the module's default factories (seed 1); every field can be overridden. */
export const buildWorkspace: Factories['buildWorkspace'] = (...args) => shared().buildWorkspace(...args)
/** Builds one application record from the module's default factories (seed 1); every field can be overridden. */
export const buildApplication: Factories['buildApplication'] = (...args) => shared().buildApplication(...args)
/** Builds one organization record from the module's default factories. */
export const buildOrganization: Factories['buildOrganization'] = (...args) => shared().buildOrganization(...args)
/** Builds one account (principal) record from the module's default factories. */
export const buildAccount: Factories['buildAccount'] = (...args) => shared().buildAccount(...args)
