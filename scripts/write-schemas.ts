/** Regenerates fixtures/schemas/*.json from the zod schemas (`npm run schemas`). */
import { mkdirSync, writeFileSync } from 'node:fs'
import { allJsonSchemas } from '../src/model/json-schemas.ts'
import { schemaFixtureText } from '../src/model/schema-files.ts'

const dir = new URL('../fixtures/schemas/', import.meta.url)
mkdirSync(dir, { recursive: true })
for (const [name, schema] of Object.entries(allJsonSchemas())) {
  writeFileSync(new URL(`${name}.json`, dir), schemaFixtureText(schema))
  console.log(`wrote fixtures/schemas/${name}.json`)
}
