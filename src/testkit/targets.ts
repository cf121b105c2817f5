import type { HttpMethod, OperationName, OperationSpec } from '../handlers/operation-spec.ts'
import { mswPath } from '../handlers/path-syntax.ts'

/**
 * Which operations a fault applies to: an operation name (`getWorkspace`, or one of your own), a method
 * and path template as in the spec (`GET /api/applications/{applicationId}`, or MSW's `:applicationId`),
 * or `*` for all.
 */
export type OperationTarget<Name extends string = OperationName> = Name | `${HttpMethod} /api/${string}` | '*'

/** Resolves a target to a predicate over operations; throws for a target that names nothing. */
export function matchTarget(
  target: string,
  operations: readonly OperationSpec[],
): (operation: OperationSpec) => boolean {
  if (target === '*') return () => true
  const byName = operations.find((op) => op.name === target)
  if (byName) return (op) => op === byName
  const match = /^(GET|POST|PUT|PATCH|DELETE)\s+(\S+)$/.exec(target)
  // Stryker disable next-line OptionalChaining: unreachable
  const path = match?.[2] && mswPath(match[2])
  const byRoute = operations.find((op) => op.method === match?.[1] && op.path === path)
  if (byRoute) return (op) => op === byRoute
  throw new TypeError(`Unknown operation target "${target}": use an operation name (${namesOf(operations)}), "METHOD /api/path/{param}" or "*"`)
}

/** Throws for a name that no operation of the mock has, as `matchTarget` does (an override takes names only). */
export function assertOperationName(name: string, operations: readonly OperationSpec[]): void {
  if (!operations.some((op) => op.name === name)) throw new TypeError(`Unknown operation "${name}": use an operation name (${namesOf(operations)})`)
}

const namesOf = (operations: readonly OperationSpec[]) => operations.map((o) => o.name).join(', ')
