import type { Credentials } from '../model/credentials.ts'
import type { Scenario } from './kit.ts'
import { resolveScenario, type ScenarioRef } from './resolve.ts'

/**
 * (Platform-free: exported by workspace-api-mock/node and /browser.)
 * A scenario that builds `ref` and then gives its first principal the given API key and/or secret,
 * so that a client configured with fixed credentials works against generated data.
 * Every other record is exactly what `ref` builds with the same seed.
 * @example createMockApi({ scenario: withCredentials('demo', { apiKey: 'dev-key', apiSecret: 'dev-secret' }) })
 */
export function withCredentials(ref: ScenarioRef, credentials: Partial<Credentials>): Scenario {
  const scenario = resolveScenario(ref)
  return (kit) => {
    scenario(kit)
    const [first, ...others] = kit.state.accounts
    if (!first) throw new TypeError('the scenario created no principal to give the credentials to')
    const { apiKey, apiSecret } = credentials
    if (apiKey !== undefined) {
      const owner = others.find((account) => account.apiKey === apiKey)
      if (owner) throw new TypeError(`the API key "${apiKey}" already belongs to principal ${owner.id}`)
      first.apiKey = apiKey
    }
    if (apiSecret !== undefined) first.apiSecret = apiSecret
  }
}
