/**
 * A pacticipant's name (the consumer or provider of a pact): what a Pact Broker shows and `can-i-deploy` is
 * given. One rule for the command's flags, the reporters' options and MCP's arguments.
 */

export const PACTICIPANT_RULE = 'expected 1 to 200 printable ASCII characters, without spaces at either end'

/** Why a consumer's or provider's name cannot be written into a pact, or undefined. */
export function pacticipantProblem(name: unknown): string | undefined {
  if (typeof name === 'string' && /^[\x21-\x7e](?:[\x20-\x7e]{0,198}[\x21-\x7e])?$/.test(name)) return undefined
  return PACTICIPANT_RULE
}
