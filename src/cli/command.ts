/** What every command of `workspace-api-mock` says the same way. */
export { packageVersion } from '../server/package-info.ts'

export const COMMAND = 'workspace-api-mock'

/** An unexpected error for a person: its stack when it has one (a bug to report), else its text. */
export function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}
