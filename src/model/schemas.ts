/**
 * The single source of truth: every record, envelope and request body of the API as a zod schema.
 * Collections, TypeScript types, request validation and the published JSON Schemas all derive from here.
 */
import { ID_PREFIX, idSchema } from './ids.ts'
import { described, z } from './zod.ts'

const timestamp = described(z.int().check(z.minimum(1_000_000_000_000), z.maximum(9_999_999_999_999)), {
  description: 'Unix epoch milliseconds (13 digits)',
})

const iconUrl = (suffix: string, description: string) =>
  described(z.string().check(z.regex(new RegExp(`${suffix.replace('.', '\\.')}$`))), { description })

/** Spec 2.5: four image URLs built around one `img_` identifier. */
export const iconsSchema = described(
  z.strictObject({
    base: iconUrl('_512.webp', '512-pixel WebP variant'),
    medium: iconUrl('_192.webp', '192-pixel WebP variant'),
    small: iconUrl('_72.webp', '72-pixel WebP variant'),
    original: iconUrl('_original', 'the original image'),
  }),
  { title: 'Icons' },
)

const entry = (...prefixes: string[]) =>
  z.strictObject({ id: idSchema(...prefixes), name: z.string() })

export const gatewayEntrySchema = entry(ID_PREFIX.gateway)
export const groupOrUserEntrySchema = entry(ID_PREFIX.group, ID_PREFIX.user)
export const policyEntrySchema = entry(ID_PREFIX.policy)

/**
 * Spec 2.3. The id carries `wse_` so that it works in the path; the `app_` prefix of the spec's sample is
 * accepted too because the `workspaceIdPrefix: 'app'` option reproduces it.
 */
export const workspaceSchema = described(
  z.strictObject({
    id: idSchema(ID_PREFIX.workspace, ID_PREFIX.application),
    name: z.string(),
    description: z.string(),
    domain: z.string(),
    organization: idSchema(ID_PREFIX.organization),
    icons: iconsSchema,
    created: timestamp,
    created_by: idSchema(ID_PREFIX.account),
    updated: timestamp,
    modified_by: idSchema(ID_PREFIX.account),
  }),
  { title: 'Workspace' },
)

/** Spec 2.4. */
export const applicationSchema = described(
  z.strictObject({
    id: idSchema(ID_PREFIX.application),
    name: z.string(),
    description: z.string(),
    access_type: described(z.string(), { description: 'the service documents `private` only' }),
    domain: z.string(),
    domain_alias: z.string(),
    external_domain: z.string(),
    port: described(z.string(), { description: 'port number carried as a string' }),
    port_alias: described(z.string(), { description: 'alias port carried as a string' }),
    protocol: described(z.string(), { description: 'the service documents `http` only' }),
    gateways: z.array(gatewayEntrySchema),
    group_or_users: z.array(groupOrUserEntrySchema),
    policies: z.array(policyEntrySchema),
    icons: iconsSchema,
    workspace: idSchema(ID_PREFIX.workspace),
    created: timestamp,
    created_by: idSchema(ID_PREFIX.account),
    updated: timestamp,
    modified_by: idSchema(ID_PREFIX.account),
  }),
  { title: 'Application' },
)

/** An organization (tenant). Not served by the API; it scopes what a principal sees. */
export const organizationSchema = z.strictObject({
  id: idSchema(ID_PREFIX.organization),
  name: z.string(),
  domain: z.string(),
})

/** An account with its API credentials: a principal of the API. */
export const accountSchema = z.strictObject({
  id: idSchema(ID_PREFIX.account),
  name: z.string(),
  email: z.string(),
  organization: idSchema(ID_PREFIX.organization),
  apiKey: z.string().check(z.minLength(1)),
  apiSecret: z.string().check(z.minLength(1)),
})

const schemaLink = described(z.string(), {
  description: 'A URL to the JSON Schema for this object.',
  format: 'uri',
  readOnly: true,
})

/** Spec 2.2: the single-item success envelope (a list's too: its `data` is an array). */
const itemEnvelope = <T extends z.ZodMiniType>(title: string, data: T) =>
  described(z.strictObject({ $schema: schemaLink, data, success: z.boolean() }), { title })

/** Spec 2.2: the paged list envelope. */
const pageEnvelope = <T extends z.ZodMiniType>(title: string, record: T) =>
  described(
    z.strictObject({
      $schema: schemaLink,
      current_page: z.int().check(z.minimum(1)),
      data: z.array(record),
      page_size: z.int().check(z.minimum(1)),
      success: z.boolean(),
      total: z.int().check(z.minimum(0)),
    }),
    { title },
  )

/** The envelope of a shape (one record, a list, a page) around a record schema, titled `title` (Huma's name). */
export function envelopeSchema(shape: 'item' | 'list' | 'page', title: string, record: z.ZodMiniType): z.ZodMiniType {
  if (shape === 'page') return pageEnvelope(title, record)
  return itemEnvelope(title, shape === 'list' ? z.array(record) : record)
}

export const successResponseWorkspaceBodySchema = itemEnvelope(
  'SuccessResponseWorkspaceBody',
  workspaceSchema,
)
export const successResponseApplicationBodySchema = itemEnvelope(
  'SuccessResponseApplicationBody',
  applicationSchema,
)
export const successResponseListWorkspaceBodySchema = itemEnvelope(
  'SuccessResponseListWorkspaceBody',
  z.array(workspaceSchema),
)
export const pagingResponseListApplicationBodySchema = pageEnvelope('PagingResponseListApplicationBody', applicationSchema)

/** RFC 9457 problem details in the shape of the Huma framework's ErrorModel. */
export const errorDetailSchema = z.strictObject({
  message: described(z.string(), { description: 'Error message text' }),
  location: described(z.string(), { description: 'Where the error occurred, e.g. `body.name` or `query.page_size`' }),
  value: described(z.optional(z.unknown()), { description: 'The value at the given location (omitted when absent)' }),
})

export const errorModelSchema = described(
  z.strictObject({
    $schema: schemaLink,
    title: described(z.string(), { description: 'A short, human-readable summary of the problem type' }),
    status: described(z.int().check(z.minimum(400), z.maximum(599)), { description: 'HTTP status code' }),
    detail: described(z.string(), { description: 'A human-readable explanation of this occurrence' }),
    errors: z.optional(z.array(errorDetailSchema)),
  }),
  { title: 'ErrorModel' },
)

/** Request body of POST /api/workspaces (spec 4.1; `name` required by decision). */
export const createWorkspaceBodySchema = z.strictObject({
  name: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
  domain: z.optional(z.string()),
})

/** Request body of PUT /api/workspaces/{workspaceId} (spec 4.2: no `domain`). */
export const updateWorkspaceBodySchema = z.strictObject({
  name: z.optional(z.string().check(z.minLength(1))),
  description: z.optional(z.string()),
})

/** The documents served under /api/schemas/<Name>.json, by name. */
export const servedSchemas = {
  SuccessResponseWorkspaceBody: successResponseWorkspaceBodySchema,
  SuccessResponseApplicationBody: successResponseApplicationBodySchema,
  SuccessResponseListWorkspaceBody: successResponseListWorkspaceBodySchema,
  PagingResponseListApplicationBody: pagingResponseListApplicationBodySchema,
  ErrorModel: errorModelSchema,
} as const

export type SchemaName = keyof typeof servedSchemas

export type Icons = z.infer<typeof iconsSchema>
export type Entry = z.infer<typeof gatewayEntrySchema>
export type Workspace = z.infer<typeof workspaceSchema>
export type Application = z.infer<typeof applicationSchema>
export type Organization = z.infer<typeof organizationSchema>
export type Account = z.infer<typeof accountSchema>
export type SuccessResponseWorkspaceBody = z.infer<typeof successResponseWorkspaceBodySchema>
export type SuccessResponseApplicationBody = z.infer<typeof successResponseApplicationBodySchema>
export type SuccessResponseListWorkspaceBody = z.infer<typeof successResponseListWorkspaceBodySchema>
export type PagingResponseListApplicationBody = z.infer<
  typeof pagingResponseListApplicationBodySchema
>
export type ErrorDetail = z.infer<typeof errorDetailSchema>
export type ErrorModel = z.infer<typeof errorModelSchema>
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBodySchema>
export type UpdateWorkspaceBody = z.infer<typeof updateWorkspaceBodySchema>
