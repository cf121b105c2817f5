/**
 * Each knob of the behaviour profile on its own: the served OpenAPI document changes where that knob says
 * and nowhere else, and the bounds a profile may set are checked inclusively.
 */
import { describe, expect, test } from 'vitest'
import { createMockApi, ProfileError, resolveProfile, type Profile } from '../../src/index.ts'

const BASE = 'https://api.knobs.test'

async function documentOf(profile?: Profile): Promise<unknown> {
  const api = createMockApi({ scenario: 'empty', baseUrl: BASE, ...(profile ? { profile } : {}) })
  await api.ready
  const response = (await api.handle(new Request(`${BASE}/api/openapi.json`)))!
  return response.json()
}

/** The paths of every leaf where `b` differs from `a` (a member only one side has counts as a leaf). */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b) ? [] : [at]
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].flatMap((key) => differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}/${key}`))
}

const plain = await documentOf()

describe('the served document under one knob at a time', () => {
  test.each<[string, Profile, RegExp]>([
    ['page_size bounds', { paging: { pageSize: { max: 50 } } }, /^\/paths\/\/api\/(workspaces|applications)\/get\/parameters\/\d+\/schema\/maximum$/],
    ['current_page bounds', { paging: { currentPage: { max: 3 } } }, /^\/paths\/\/api\/(workspaces|applications)\/get\/parameters\/\d+\/schema\/maximum$/],
    ['the page past the end', { pastTheEnd: 'not-found' }, /^\/paths\/\/api\/(workspaces|applications)\/get\/parameters\/\d+\/description$/],
    ['no WWW-Authenticate', { wwwAuthenticate: false }, /^\/paths\/[^/]*\/api\/[^/]*(\/[^/]*)?\/\w+\/responses\/401\/headers\/WWW-Authenticate$/],
  ])('%s: only its own members change', async (_, profile, where) => {
    const changed = differences(plain, await documentOf(profile))
    expect(changed.length).toBeGreaterThan(0)
    expect(changed.filter((path) => !where.test(path))).toEqual([])
  })

  test('each paging knob reaches its own parameter only', async () => {
    const document = (await documentOf({ paging: { currentPage: { max: 3 } } })) as {
      paths: Record<string, { get: { parameters: Array<{ name: string; schema: { maximum: number } }> } }>
    }
    const parameters = document.paths['/api/applications']!.get.parameters
    expect(parameters.find((p) => p.name === 'current_page')!.schema.maximum).toBe(3)
    expect(parameters.find((p) => p.name === 'page_size')!.schema.maximum).toBe(100)
  })

  test('knobs the document does not show leave it as it is', async () => {
    for (const profile of [{ head: 'get' }, { problemTitles: 'rfc9110' }, { idPrefix: { workspace: 'app' } }] satisfies Profile[]) {
      expect(differences(plain, await documentOf(profile)), JSON.stringify(profile)).toEqual([])
    }
  })
})

describe('bounds are inclusive', () => {
  test('min equal to max, and a default at either end, are accepted', () => {
    expect(resolveProfile({ paging: { pageSize: { min: 50, max: 50, default: 50 } } }).paging.pageSize).toEqual({ min: 50, max: 50, default: 50 })
    expect(resolveProfile({ paging: { pageSize: { default: 100 } } }).paging.pageSize.default).toBe(100)
    expect(resolveProfile({ paging: { currentPage: { default: 1000 } } }).paging.currentPage.default).toBe(1000)
  })

  test.each<[Profile, string]>([
    [{ paging: { pageSize: { default: 101 } } }, 'profile: paging.pageSize.default: 101 is outside 10..100'],
    [{ paging: { pageSize: { default: 9 } } }, 'profile: paging.pageSize.default: 9 is outside 10..100'],
    [{ paging: { currentPage: { min: 5, max: 4, default: 4 } } }, 'profile: paging.currentPage.min: 5 is above max 4'],
  ])('%j is refused, naming the key', (profile, message) => {
    expect(() => resolveProfile(profile)).toThrow(new ProfileError(message.split(': ')[1]!, message.split(': ').slice(2).join(': ')))
  })
})
