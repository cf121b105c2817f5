/**
 * The kit's own OpenAPI document (a mock without operations or fields of its own serves it), for the
 * contract's callers that read journals of such a mock: the `contract` command without `--openapi`, the
 * tests. Apart from pact.ts, so that `pactOf` in the node entry does not load the document generator.
 */
import { surfaceOf } from '../api/mock-surface.ts'
import { openApiDocument } from '../handlers/kit-routes/openapi/document.ts'
import { SHIPPED_SERVER } from '../handlers/kit-routes/openapi/served-documents.ts'
import { once } from '../handlers/memo.ts'
import type { OpenApiDocument } from './input.ts'

/** Built once: its schemas cost milliseconds. */
export const kitOpenApiDocument = once((): OpenApiDocument => openApiDocument('3.1', SHIPPED_SERVER, surfaceOf({})) as OpenApiDocument)
