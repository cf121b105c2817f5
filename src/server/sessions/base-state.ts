/**
 * The demo server's base state: the served mock (served-mock.ts) that answers every request no session's
 * key selects, its states loaded over HTTP bounded by `--max-records` (the routes check it), not by the
 * sessions' budget.
 */
import type { MockApi } from '../../api/mock-api.ts'
import { replaceInitialState } from '../../api/internals.ts'
import type { ScenarioState } from '../../model/state.ts'
import { InvalidStateError } from '../../model/validate-state.ts'
import type { WriteBounds } from '../../model/write-budget.ts'
import type { OwnData } from '../limits.ts'
import type { SessionKeys } from './key-index.ts'
import { ServedMock, type ServedAbout } from './served-mock.ts'

export class BaseState extends ServedMock {
  /** The sessions' keys, which a state of the base state must not use (a request with them would reach the session). */
  readonly #sessionKeys: SessionKeys<{ readonly api: MockApi; readonly id: string }>

  constructor(api: MockApi, about: ServedAbout, writes: WriteBounds, sessionKeys: SessionKeys<{ readonly api: MockApi; readonly id: string }>) {
    super(api, about, writes)
    this.#sessionKeys = sessionKeys
  }

  replaceBuilt(_own: OwnData, build: () => ScenarioState): Promise<void> {
    return this.load(build(), 'state')
  }

  /** A new base state named for people (a state file's name). */
  async load(state: ScenarioState, name: string): Promise<void> {
    state.accounts.forEach((account, index) => {
      const owner = this.#sessionKeys.owner(account.apiKey)
      if (owner) {
        throw new InvalidStateError(
          `state.accounts[${index}] (id ${account.id}): field apiKey: already the API key of session ${owner.id}`,
          `accounts[${index}].apiKey`,
          `already the API key of session ${owner.id}`,
        )
      }
    })
    await replaceInitialState(this.api, state)
    this.scenario = name
  }
}
