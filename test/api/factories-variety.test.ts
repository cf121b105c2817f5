/**
 * What the factories make when they are given little (no context, no pools, no index), how they qualify the
 * names of repeated templates, how they slug names, and how the scenario kit and the `scale` preset handle
 * what they are given. Complements factories.test.ts.
 */
import { describe, expect, test } from 'vitest'
import {
  buildScenario,
  createFactories,
  scale,
  validateState,
  type Scenario,
} from '../../src/index.ts'
import {
  APP_QUALIFIERS,
  APP_TEMPLATES,
  GATEWAY_NAMES,
  GROUP_NAMES,
  POLICY_NAMES,
} from '../../src/factories/catalog.ts'

const hexId = (prefix: string) => new RegExp(`^${prefix}_[0-9a-f]{32}$`)

describe('icon URLs', () => {
  test.each([
    ['https://cdn.test', 'no trailing slash'],
    ['https://cdn.test/', 'one trailing slash'],
    ['https://cdn.test///', 'several trailing slashes'],
  ])('assetsOrigin %s (%s): URLs under <origin>/api/icons/', (assetsOrigin) => {
    const icons = createFactories({ assetsOrigin }).buildIcons('img_0123')
    expect(icons).toEqual({
      base: 'https://cdn.test/api/icons/img_0123_512.webp',
      medium: 'https://cdn.test/api/icons/img_0123_192.webp',
      small: 'https://cdn.test/api/icons/img_0123_72.webp',
      original: 'https://cdn.test/api/icons/img_0123_original',
    })
  })
})

describe('records built without context', () => {
  test('an account belongs to an organization id of its own', () => {
    const account = createFactories({ seed: 21 }).buildAccount()
    expect(account.id).toMatch(hexId('acc'))
    expect(account.organization).toMatch(hexId('org'))
  })

  test('an application: a template as it is, default domains, one entry each for gateways, groups, policies', () => {
    const factories = createFactories({ seed: 22 })
    const problems: string[] = []
    const check = (what: string, ok: boolean) => void (ok || problems.push(what))
    for (let i = 0; i < 300; i++) {
      const a = factories.buildApplication()
      // Without an index the template is drawn, never qualified by a round.
      const template = APP_TEMPLATES.find((t) => t.name === a.name)
      if (!template) {
        problems.push(`${a.name}: not a template's name`)
        continue
      }
      check(`${a.domain}: domain`, a.domain === template.slug)
      check(`${a.domain_alias}: domain_alias`, a.domain_alias === `${template.slug}.default.internal`)
      check(`${a.external_domain}: external_domain`, a.external_domain === `${template.slug}-default.example.com`)
      const [gateway, group, policy] = [a.gateways, a.group_or_users, a.policies].map((entries) => entries[0])
      check(`${a.gateways.length} gateways`, a.gateways.length === 1 && hexId('gtw').test(gateway!.id))
      check(`${a.group_or_users.length} groups`, a.group_or_users.length === 1 && hexId('grp').test(group!.id))
      check(`${a.policies.length} policies`, a.policies.length === 1 && hexId('ply').test(policy!.id))
      check(`${gateway!.name}: gateway name`, GATEWAY_NAMES.includes(gateway!.name))
      check(`${group!.name}: group name`, GROUP_NAMES.includes(group!.name))
      check(`${policy!.name}: policy name`, POLICY_NAMES.includes(policy!.name))
    }
    expect(problems).toEqual([])
  })

  test("port_alias is '443' for https and '80' for http", () => {
    const https = createFactories({ seed: 23, protocols: ['https'] }).buildApplication()
    expect(https).toMatchObject({ protocol: 'https', port_alias: '443' })
    const http = createFactories({ seed: 23, protocols: ['http'] }).buildApplication()
    expect(http).toMatchObject({ protocol: 'http', port_alias: '80' })
  })
})

describe('applications past the templates', () => {
  const rounds = APP_TEMPLATES.length
  const at = (index: number) => createFactories({ seed: 24 }).buildApplication({}, { index })
  const [first, second] = APP_TEMPLATES as [(typeof APP_TEMPLATES)[0], (typeof APP_TEMPLATES)[0]]

  test('the first round is the templates as they are', () => {
    expect(at(0)).toMatchObject({ name: first.name, domain: first.slug })
    expect(at(rounds - 1)).toMatchObject({ name: APP_TEMPLATES.at(-1)!.name, domain: APP_TEMPLATES.at(-1)!.slug })
  })

  test('the next rounds take the qualifiers in order, the last one included', () => {
    expect(at(rounds)).toMatchObject({ name: `${first.name} EU`, domain: `${first.slug}-eu` })
    expect(at(2 * rounds + 1)).toMatchObject({ name: `${second.name} US`, domain: `${second.slug}-us` })
    const last = APP_QUALIFIERS.at(-1)!
    expect(at(APP_QUALIFIERS.length * rounds)).toMatchObject({
      name: `${first.name} ${last}`,
      domain: `${first.slug}-${last.toLowerCase()}`,
    })
  })

  test('rounds past the qualifiers are numbered from one past the qualifiers on', () => {
    const round = APP_QUALIFIERS.length + 1
    expect(at(round * rounds)).toMatchObject({ name: `${first.name} ${round + 1}`, domain: `${first.slug}-${round + 1}` })
    expect(at((round + 1) * rounds + 1)).toMatchObject({
      name: `${second.name} ${round + 2}`,
      domain: `${second.slug}-${round + 2}`,
    })
  })
})

describe('slugs of organization names', () => {
  test.each([
    ['Acme Corp', 'acme-corp'],
    ['Acme  &  Sons', 'acme-sons'],
    ['(Acme) Corp!', 'acme-corp'],
    ['--Initech--', 'initech'],
    ['Umbrella Labs 2', 'umbrella-labs-2'],
  ])('%s: %s.example.com', (name, slug) => {
    expect(createFactories({ seed: 25 }).buildOrganization({ name }).domain).toBe(`${slug}.example.com`)
  })
})

describe('the scenario kit', () => {
  test('applications of an organization the kit did not make: default organization domain, no shared pools', () => {
    const outside: Scenario = (kit) => {
      const organization = kit.factories.buildOrganization({ name: 'Outside', domain: 'outside.test' })
      kit.state.organizations.push(organization)
      kit.principal(organization)
      kit.applications(kit.workspace(organization), 3)
    }
    const state = buildScenario(outside, { seed: 26 })
    validateState(state)
    const workspace = state.workspaces[0]!
    for (const application of state.applications) {
      expect(application.external_domain).toBe(`${application.domain}-${workspace.domain}.example.com`)
      expect(application.gateways).toHaveLength(1)
    }
  })
})

describe('scale()', () => {
  test.each([
    [{ workspaces: -1, applicationsPerWorkspace: 1 }, 'scale: workspaces must be a non-negative integer, got -1'],
    [{ workspaces: 2.5, applicationsPerWorkspace: 1 }, 'scale: workspaces must be a non-negative integer, got 2.5'],
    [
      { workspaces: 1, applicationsPerWorkspace: -1 },
      'scale: applicationsPerWorkspace must be a non-negative integer, got -1',
    ],
    [
      { workspaces: 1, applicationsPerWorkspace: 0.5 },
      'scale: applicationsPerWorkspace must be a non-negative integer, got 0.5',
    ],
  ])('refuses %o with a TypeError that names the count', (options, message) => {
    expect(() => scale(options)).toThrow(new TypeError(message))
  })

  test('takes zero of either', () => {
    expect(buildScenario(scale({ workspaces: 2, applicationsPerWorkspace: 0 })).workspaces).toHaveLength(2)
    expect(buildScenario(scale({ workspaces: 0, applicationsPerWorkspace: 3 })).applications).toHaveLength(0)
  })
})
