/** The text of a schema file under fixtures/schemas/: pretty-printed, newline-terminated. */
export function schemaFixtureText(schema: unknown): string {
  return `${JSON.stringify(schema, null, 2)}\n`
}
