/**
 * `withCredentials` (src/scenarios/with-credentials.ts): a scenario whose first principal has the API key and/or secret
 * a client is configured with, everything else as the scenario builds it with the same seed.
 */
import { describe, expect, test } from 'vitest'
import { buildScenario, createMockApi, type Scenario } from '../../src/index.ts'
import { startMockServer, withCredentials } from '../../src/node/index.ts'

describe('withCredentials', () => {
  test('key and secret for the first principal; every other record as the scenario builds it', () => {
    const built = buildScenario(withCredentials('demo', { apiKey: 'dev-key', apiSecret: 'dev-secret' }), { seed: 4 })
    const plain = buildScenario('demo', { seed: 4 })
    expect(built.accounts[0]).toEqual({ ...plain.accounts[0], apiKey: 'dev-key', apiSecret: 'dev-secret' })
    expect(built.accounts.slice(1)).toEqual(plain.accounts.slice(1))
    expect({ ...built, accounts: [] }).toEqual({ ...plain, accounts: [] })
  })

  test('only a key, or only a secret: the other stays as generated', () => {
    const plain = buildScenario('multi-tenant', { seed: 2 }).accounts[0]!
    const keyOnly = buildScenario(withCredentials('multi-tenant', { apiKey: 'k' }), { seed: 2 }).accounts[0]!
    expect(keyOnly).toEqual({ ...plain, apiKey: 'k' })
    const secretOnly = buildScenario(withCredentials('multi-tenant', { apiSecret: 's' }), { seed: 2 }).accounts[0]!
    expect(secretOnly).toEqual({ ...plain, apiSecret: 's' })
    expect(buildScenario(withCredentials('multi-tenant', {}), { seed: 2 }).accounts[0]).toEqual(plain)
  })

  test('takes a scenario function too', async () => {
    const mine: Scenario = (kit) => {
      kit.principal(kit.organization({ name: 'Mine' }))
    }
    const api = createMockApi({ scenario: withCredentials(mine, { apiKey: 'mine-key', apiSecret: 'mine-secret' }), strict: false })
    expect(api.credentials).toEqual({ apiKey: 'mine-key', apiSecret: 'mine-secret' })
    await api.ready
    expect(api.db.organizations.all().map((o) => o.name)).toEqual(['Mine'])
  })

  test("another principal's key is refused, naming that principal", () => {
    const plain = buildScenario('demo', { seed: 4 })
    const taken = plain.accounts[1]!
    expect(() => buildScenario(withCredentials('demo', { apiKey: taken.apiKey }), { seed: 4 })).toThrow(
      new TypeError(`the API key "${taken.apiKey}" already belongs to principal ${taken.id}`),
    )
    // The first principal's own key is no conflict.
    expect(buildScenario(withCredentials('demo', { apiKey: plain.accounts[0]!.apiKey }), { seed: 4 }).accounts).toEqual(plain.accounts)
  })

  test('a scenario without a principal is refused', () => {
    const nobody: Scenario = (kit) => {
      kit.organization()
    }
    expect(() => buildScenario(withCredentials(nobody, { apiKey: 'k' }))).toThrow(
      new TypeError('the scenario created no principal to give the credentials to'),
    )
  })

  test('an unknown preset is refused when the scenario is made', () => {
    expect(() => withCredentials('nope' as 'demo', { apiKey: 'k' })).toThrow(/^Unknown scenario "nope"/)
  })

  test('the demo server answers the given credentials', async () => {
    const server = await startMockServer({ port: 0, scenario: withCredentials('empty', { apiKey: 'fixed-key', apiSecret: 'fixed-secret' }), strict: false })
    try {
      const answer = await fetch(`${server.url}/api/workspaces`, { headers: { 'X-API-Key': 'fixed-key', 'X-API-Secret': 'fixed-secret' } })
      expect(answer.status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
