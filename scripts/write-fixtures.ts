/**
 * Regenerates the generated fixtures (`npm run fixtures`): fixtures/schemas/*.json from the zod schemas,
 * fixtures/openapi.json and fixtures/openapi.yaml (the OpenAPI 3.1 document the package ships),
 * fixtures/profile.schema.json (the JSON Schema of a behaviour profile), fixtures/evidence.schema.json
 * (the JSON Schema of a failed test's evidence file), fixtures/coverage.schema.json (of a coverage document), and
 * fixtures/demo.json, the `demo` scenario's state at the default seed. Tests fail when any drifts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { allJsonSchemas } from '../src/model/json-schemas.ts'
import { openApiText, SHIPPED_DOCUMENTS, SHIPPED_SERVER } from '../src/handlers/kit-routes/openapi/served-documents.ts'
import { fixtureText } from '../src/model/fixture-text.ts'
import { DEFAULT_SURFACE } from '../src/handlers/routing/operation-table.ts'
import { profileJsonSchema } from '../src/handlers/profile-json-schema.ts'
import { evidenceJsonSchema } from '../src/evidence/json-schema.ts'
import { coverageJsonSchema } from '../src/coverage/document-json-schema.ts'
import { buildScenario } from '../src/scenarios/resolve.ts'
import { DEMO_FIXTURE_SEED } from '../src/scenarios/presets.ts'

const fixtures = new URL('../fixtures/', import.meta.url)
mkdirSync(new URL('schemas/', fixtures), { recursive: true })
for (const [name, schema] of Object.entries(allJsonSchemas())) {
  writeFileSync(new URL(`schemas/${name}.json`, fixtures), fixtureText(schema))
  console.log(`wrote fixtures/schemas/${name}.json`)
}
for (const [file, format] of Object.entries(SHIPPED_DOCUMENTS)) {
  writeFileSync(new URL(file, fixtures), await openApiText('3.1', format, SHIPPED_SERVER, DEFAULT_SURFACE))
  console.log(`wrote fixtures/${file}`)
}
writeFileSync(new URL('profile.schema.json', fixtures), fixtureText(profileJsonSchema()))
console.log('wrote fixtures/profile.schema.json')
writeFileSync(new URL('evidence.schema.json', fixtures), fixtureText(evidenceJsonSchema()))
console.log('wrote fixtures/evidence.schema.json')
writeFileSync(new URL('coverage.schema.json', fixtures), fixtureText(coverageJsonSchema()))
console.log('wrote fixtures/coverage.schema.json')
writeFileSync(new URL('demo.json', fixtures), fixtureText(buildScenario('demo', { seed: DEMO_FIXTURE_SEED })))
console.log('wrote fixtures/demo.json')
