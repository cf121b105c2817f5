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

/**
 * Why a name of the user's (a field, a parameter) is refused, or undefined: a member every JavaScript object
 * has (`constructor`, `toString`, `__proto__`, ...) reads as the inherited one wherever the key is missing or
 * looked up loosely, in the kit's code and in a client's.
 */
export function inheritedName(name: string): string | undefined {
  return name in Object.prototype ? 'a member every JavaScript object has (Object.prototype); choose another name' : undefined
}

/** Why an object of definitions by name is refused, or undefined: a `__proto__` key in a literal sets its prototype and names nothing. */
export function literalPrototype(definitions: object): string | undefined {
  const prototype = Object.getPrototypeOf(definitions)
  return prototype === Object.prototype || prototype === null ? undefined : 'a __proto__ key in an object literal sets its prototype, it defines nothing; choose another name'
}

/** What a thrown value says, whatever it is (a null-prototype object has no `toString`). */
export function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error)
  } catch {
    return Object.prototype.toString.call(error)
  }
}
