/**
 * `--profile-out` in-process, against mocks whose profiles are known: the profile verify writes is the one
 * the target runs with, bounds searched above and below, and verifying with it finds nothing that differs.
 * Also what a target with nothing to read gives (`not-observed`), and the JUnit XML's escaping.
 */
import { expect, test } from 'vitest'
import { createMockApi, type Profile } from '../../src/index.ts'
import { observedProfile } from '../../src/verify/profile-out.ts'
import { junitXml } from '../../src/verify/report.ts'
import { runVerify, type VerifyOptions } from '../../src/verify/run.ts'

async function verifyMock(target: Profile | undefined, options: Partial<VerifyOptions> & { scenario?: 'empty' | 'demo' } = {}) {
  const api = createMockApi({ scenario: options.scenario ?? 'demo', seed: 5, strict: false, profile: target })
  await api.ready
  const result = await runVerify({
    target: 'http://target.test',
    credentials: api.credentials,
    write: false,
    rate: 1e6,
    timeout: 5000,
    fetch: async (request) => (await api.handle(request))!,
    ...options,
  })
  return { ...result, api }
}

test.each<[string, Profile]>([
  ['wider page sizes, another default, fewer pages, app_ ids', { paging: { pageSize: { default: 20, min: 5, max: 200 }, currentPage: { max: 50 } }, idPrefix: { workspace: 'app' } }],
  ['narrower bounds on both sides', { paging: { pageSize: { min: 15, max: 40, default: 15 }, currentPage: { min: 2, default: 2 } } }],
  ['HEAD as GET, RFC titles, no challenge, 404 past the end', { head: 'get', problemTitles: 'rfc9110', wwwAuthenticate: false, pastTheEnd: 'not-found' }],
])('%s: the written profile is the target\'s, and verifying with it finds nothing that differs', async (_, profile) => {
  const first = await verifyMock(profile)
  expect(first.report.checks.some((check) => check.verdict === 'differs')).toBe(true)
  const written = (await observedProfile({ report: first.report, profile: first.profile, given: undefined, target: first.target, workspaceId: first.workspaceId })).profile
  expect(written).toEqual(profile)
  const again = await verifyMock(profile, { profile: written, write: true })
  expect(again.report.checks.filter((check) => check.verdict !== 'same')).toEqual([])
})

test('with a --profile given, the written profile keeps it and adds what still differs, key by key', async () => {
  const target: Profile = { paging: { pageSize: { max: 50, default: 20 } }, head: 'get', wwwAuthenticate: false }
  const given: Profile = { paging: { pageSize: { max: 50 } }, head: 'get' }
  const first = await verifyMock(target, { profile: given })
  const written = (await observedProfile({ report: first.report, profile: first.profile, given, target: first.target, workspaceId: first.workspaceId })).profile
  expect(written).toEqual(target)
})

test('a target with no workspaces: what needs one is not observed, the rest same, the score counts only what was observed', async () => {
  const { report } = await verifyMock(undefined, { scenario: 'empty' })
  const unobserved = report.checks.filter((check) => check.verdict === 'not-observed').map((check) => check.id)
  expect(unobserved).toContain('workspaces.get.status')
  expect(unobserved).toContain('paging.defaults.fields')
  expect(report.checks.filter((check) => check.verdict === 'differs')).toEqual([])
  expect(report.score).toBe(100)
  expect(junitXml(report).match(/<skipped /g)).toHaveLength(unobserved.length)
})

test('JUnit XML escapes what the target answered', () => {
  const check = { id: 'x.title', topic: 'Error bodies', request: { method: 'GET', path: '/api/x?a=1&b=<2>' }, expected: 'Not Found', observed: `"Tom's" \u0001 <b>`, verdict: 'differs' as const }
  const xml = junitXml({ target: 'http://t.test', startedAt: '2026-11-25T00:00:00.000Z', score: 0, checks: [check] })
  expect(xml).toContain('<failure message="GET /api/x?a=1&amp;b=&lt;2&gt;: expected Not Found, observed &quot;Tom&apos;s&quot; \ufffd &lt;b&gt;"/>')
  expect(xml).toContain('<testsuite name="http://t.test" timestamp="2026-11-25T00:00:00.000Z" tests="1" failures="1" skipped="0">')
})
