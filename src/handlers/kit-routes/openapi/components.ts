/**
 * The components of a mock's OpenAPI document, named as the spec names them and, where it is silent, as
 * Huma would name the Go types behind them: the spec's envelopes and ErrorModel, the records (with the
 * mock's fields), their parts, the request bodies (with the writable fields they take), then what
 * operations of your own add (their envelopes and records). A mock without operations or fields of its own
 * has exactly the spec's fourteen, in this order.
 */
import type { Components } from '../../../model/openapi-schemas.ts'
import {
  errorDetailSchema,
  gatewayEntrySchema,
  groupOrUserEntrySchema,
  iconsSchema,
  policyEntrySchema,
  servedSchemas,
} from '../../../model/schemas.ts'
import type { z } from '../../../model/zod.ts'
import { bodyName, type ApiSurface } from '../../api-surface.ts'

export function componentsOf(surface: ApiSurface): Components {
  const { served, model, published } = surface
  const components: Record<string, z.core.$ZodType> = {}
  for (const name of Object.keys(servedSchemas)) components[name] = served.get(name)!
  Object.assign(components, {
    ErrorDetail: errorDetailSchema,
    Workspace: model.workspace,
    Application: model.application,
    Icons: iconsSchema,
    GatewayEntry: gatewayEntrySchema,
    GroupOrUserEntry: groupOrUserEntrySchema,
    PolicyEntry: policyEntrySchema,
  })
  for (const operation of published) {
    const body = surface.bodyOf(operation)
    if (body !== undefined) components[bodyName(operation)] = body
  }
  for (const [name, schema] of served) components[name] ??= schema
  for (const { response } of published) {
    if (response !== undefined && response.shape !== 'none' && typeof response.record !== 'string') components[response.record.name] ??= response.record.schema
  }
  return components
}
