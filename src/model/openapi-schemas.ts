/**
 * The schemas of the published contract (OpenAPI `components.schemas`), named as the spec names them and,
 * where it is silent, as Huma would name the Go types behind them. Generated from the zod schemas of
 * schemas.ts, with `$ref`s between components instead of inlined copies. Loaded only with the OpenAPI
 * generator (a lazy chunk in a browser bundle).
 */
import {
  applicationSchema,
  createWorkspaceBodySchema,
  errorDetailSchema,
  errorModelSchema,
  gatewayEntrySchema,
  groupOrUserEntrySchema,
  iconsSchema,
  pagingResponseListApplicationBodySchema,
  policyEntrySchema,
  successResponseApplicationBodySchema,
  successResponseListWorkspaceBodySchema,
  successResponseWorkspaceBodySchema,
  updateWorkspaceBodySchema,
  workspaceSchema,
} from './schemas.ts'
import { z } from './zod.ts'

/** Every component by name: the envelopes and ErrorModel of spec 2.2, the records, and the request bodies. */
export const componentSchemas = {
  SuccessResponseWorkspaceBody: successResponseWorkspaceBodySchema,
  SuccessResponseApplicationBody: successResponseApplicationBodySchema,
  SuccessResponseListWorkspaceBody: successResponseListWorkspaceBodySchema,
  PagingResponseListApplicationBody: pagingResponseListApplicationBodySchema,
  ErrorModel: errorModelSchema,
  ErrorDetail: errorDetailSchema,
  Workspace: workspaceSchema,
  Application: applicationSchema,
  Icons: iconsSchema,
  GatewayEntry: gatewayEntrySchema,
  GroupOrUserEntry: groupOrUserEntrySchema,
  PolicyEntry: policyEntrySchema,
  CreateWorkspaceInputBody: createWorkspaceBodySchema,
  UpdateWorkspaceInputBody: updateWorkspaceBodySchema,
} as const

export type ComponentName = keyof typeof componentSchemas

/** Which OpenAPI version's Schema Object to write: 3.1 is JSON Schema 2020-12; 3.0 is its own subset. */
export type OpenApiVersion = '3.1' | '3.0'

export type JsonObject = Record<string, unknown>

const registry = z.registry<{ id: string }>()
for (const [id, schema] of Object.entries(componentSchemas)) registry.add(schema, { id })

/** A component's reference, as every generated schema uses it. */
export const componentRef = (name: ComponentName): string => `#/components/schemas/${name}`

const targets = { '3.1': 'draft-2020-12', '3.0': 'openapi-3.0' } as const

/** Keywords of a standalone JSON Schema that have no place inside an OpenAPI document. */
function embedded(schema: JsonObject): JsonObject {
  const { $schema: _dialect, $id: _id, ...rest } = schema
  return rest
}

/**
 * `components.schemas` for one OpenAPI version, from zod's own generator (its `openapi-3.0` target does the
 * 3.0 downgrade of each Schema Object). Pure: same input, same output.
 */
export function componentSchemaObjects(version: OpenApiVersion): Record<ComponentName, JsonObject> {
  const { schemas } = z.toJSONSchema(registry, {
    target: targets[version],
    io: 'output',
    uri: (id) => componentRef(id as ComponentName),
  })
  const names = Object.keys(componentSchemas) as ComponentName[]
  return Object.fromEntries(names.map((name) => [name, embedded(schemas[name] as JsonObject)])) as Record<
    ComponentName,
    JsonObject
  >
}

/** The Schema Object of a schema that is not a component (a parameter), for one OpenAPI version. */
export function schemaObject(schema: z.ZodMiniType, version: OpenApiVersion): JsonObject {
  return embedded(z.toJSONSchema(schema, { target: targets[version], io: 'output' }) as JsonObject)
}

/** The component name of a zod schema, if it is one. */
export function componentNameOf(schema: z.ZodMiniType): ComponentName | undefined {
  return registry.get(schema)?.id as ComponentName | undefined
}
