/**
 * A definition of the user's that the kit cannot serve (an operation, a field): thrown at once, where it is
 * made, with the key at fault and, for an operation, its name, so that the mistake reads as one line.
 */
export class DefinitionError extends TypeError {
  /** The key at fault, as a path: `params.workspaceId`, `fields.application.status.schema`. */
  readonly key: string
  /** The operation's name, when the definition is an operation's. */
  readonly operation: string | undefined

  constructor(key: string, reason: string, operation?: string) {
    super(`${operation === undefined ? '' : `operation ${operation}: `}${key}: ${reason}`)
    this.name = 'DefinitionError'
    this.key = key
    this.operation = operation
  }
}

/** A zod 4 schema (classic or mini, the kit's copy or the user's own): what every definition takes. */
export function isZodSchema(value: unknown): boolean {
  const internals = (value as { _zod?: { run?: unknown } } | null)?._zod
  return typeof internals?.run === 'function'
}

/** The reason given for a value that is not a zod 4 schema (a zod 3 schema says so). */
export function notZod(value: unknown): string {
  const zod3 = value !== null && typeof value === 'object' && '_def' in value
  return zod3 ? 'a zod 3 schema; the kit takes zod 4 schemas (zod@^4, classic or mini)' : 'not a zod 4 schema'
}
