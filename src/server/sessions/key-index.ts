/**
 * The sessions by their principals' API keys: how the demo server picks the mock of a request before it
 * dispatches (one Map lookup, nothing allocated), and how a session's new credentials stay unlike any
 * other in the server (the base state's, every session's).
 */
import type { Credentials, MockApi, Principal } from '../../api/create-mock-api.ts'
import { newCredentials } from '../../model/credentials.ts'

export class SessionKeys<Session extends { readonly api: MockApi }> {
  readonly #byKey = new Map<string, Session>()

  /** How many keys lead to a session (0: every request goes to the base state, unlooked-up). */
  get size(): number {
    return this.#byKey.size
  }

  /** The session an API key belongs to, if any. */
  owner(apiKey: string): Session | undefined {
    return this.#byKey.get(apiKey)
  }

  /** The session's principals' keys lead to it from now on. */
  index(session: Session): void {
    for (const principal of session.api.principals) this.#byKey.set(principal.apiKey, session)
  }

  /** No key leads to the session any more (its credentials go to the base state, which refuses them). */
  unindex(session: Session): void {
    for (const [key, owner] of this.#byKey) if (owner === session) this.#byKey.delete(key)
  }

  /** New credentials whose key is no session's and none of `base` (the base state's principals). */
  fresh(base: readonly Principal[]): Credentials {
    for (;;) {
      const credentials = newCredentials()
      // Stryker disable next-line ArrowFunction,ConditionalExpression,LogicalOperator,MethodExpression: random
      if (!this.#byKey.has(credentials.apiKey) && !base.some((principal) => principal.apiKey === credentials.apiKey)) return credentials
    }
  }
}
