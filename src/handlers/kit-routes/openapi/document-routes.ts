import { kitRoute, type Operation } from '../../operation.ts'
import { originOf } from '../../reply/origin.ts'

type Version = '3.1' | '3.0'
type Format = 'json' | 'yaml'

/**
 * GET /api/openapi.json, /api/openapi.yaml, /api/openapi-3.0.json and /api/openapi-3.0.yaml: the contract as
 * Huma publishes its own, public like the schema documents. `servers` names `baseUrl`, or else the origin
 * the request came to, so that a tool pointed at the mock calls the mock. The generator (and YAML's
 * library) load on the first request for a document: these definitions are all a bundle carries eagerly.
 */
function documentRoute(name: string, path: string, version: Version, format: Format): Operation {
  return kitRoute({
    name,
    method: 'GET',
    path,
    public: true,
    async run({ url, mock }) {
      const { openApiReply } = await import('./served-documents.ts')
      return openApiReply(version, format, mock.baseUrl ?? originOf(url), mock.profile, mock.surface)
    },
  })
}

export const getOpenApiJson = documentRoute('getOpenApiJson', '/api/openapi.json', '3.1', 'json')
export const getOpenApiYaml = documentRoute('getOpenApiYaml', '/api/openapi.yaml', '3.1', 'yaml')
export const getOpenApi30Json = documentRoute('getOpenApi30Json', '/api/openapi-3.0.json', '3.0', 'json')
export const getOpenApi30Yaml = documentRoute('getOpenApi30Yaml', '/api/openapi-3.0.yaml', '3.0', 'yaml')
