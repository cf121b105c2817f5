/** The text of a generated fixture file: pretty-printed JSON, newline-terminated. */
export function fixtureText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}
