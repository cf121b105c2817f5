/**
 * The reports of a coverage document (the terminal summary, JUnit XML, the HTML page), the gate, and a
 * document read back from text others wrote: refused in one line when truncated, of another version of
 * the shape, too large, too deep, or carrying a member named like a prototype.
 */
import { describe, expect, test } from 'vitest'
import { tapCoverage } from '../../src/api/coverage-tap.ts'
import { servedSurfaceOf } from '../../src/api/internals.ts'
import { CoverageCollector } from '../../src/coverage/collector.ts'
import type { CoverageDocument } from '../../src/coverage/document.ts'
import { gateFailures } from '../../src/coverage/gate.ts'
import { CoverageFileError, MAX_COVERAGE_BYTES, parseCoverage } from '../../src/coverage/read.ts'
import { coverageHtml } from '../../src/coverage/report-html.ts'
import { coverageJson, coverageJunit, summaryText } from '../../src/coverage/report-text.ts'
import { createMockApi } from '../../src/index.ts'

/** A document of real requests: a list, a create, a missing workspace, and one of an operation with a hostile description. */
async function sample(): Promise<CoverageDocument> {
  const collector = new CoverageCollector()
  const api = createMockApi({ seed: 4 })
  tapCoverage(api, collector.attach({ surface: servedSurfaceOf(api), scenario: '<b>demo</b>', seed: 4 }))
  await api.ready
  const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'Content-Type': 'application/json' }
  await api.handle(new Request('http://localhost/api/workspaces', { headers }))
  await api.handle(new Request('http://localhost/api/workspaces', { method: 'POST', headers, body: JSON.stringify({ name: '<script>alert(1)</script>' }) }))
  await api.handle(new Request(`http://localhost/api/workspaces/wse_${'0'.repeat(32)}`, { headers }))
  return collector.document()
}

describe('the reports', () => {
  test('the terminal summary: totals, then the largest holes in words, and where the rest are', async () => {
    const text = summaryText(await sample(), 'api-coverage/coverage.json')
    const [first, second, ...rest] = text.split('\n')
    expect(first).toBe('API coverage: 3 of 6 operations, 3 of 95 outcomes (3%), 2 of 13 decision topics; 3 requests from 1 mock')
    expect(second).toBe(
      'never answered: 401 for a missing header on any operation; 401 for a wrong secret on any operation; 401 for an unknown key on any operation; 429; 500; 503 (and 29 more in api-coverage/coverage.json)',
    )
    expect(rest).toEqual([''])
  })

  test('JUnit XML: a case an outcome, skipped when never answered, everything a test sent escaped', async () => {
    const document = await sample()
    const hostile: CoverageDocument = { ...document, outcomes: [...document.outcomes, { operation: 'x"<y>&', outcome: '422:body.</testcase>', topic: null, count: 0 }] }
    const xml = coverageJunit(hostile)
    expect(xml.match(/<testcase /g)).toHaveLength(96)
    expect(xml.match(/<skipped message="never answered"\/>/g)).toHaveLength(93)
    expect(xml).toContain('<testsuites name="workspace-api-mock coverage" tests="96" failures="0" skipped="93">')
    expect(xml).toContain('<testcase classname="getWorkspace" name="404:workspaces:not-found: a 404 of a workspace that does not exist"><properties><property name="count" value="1"/>')
    expect(xml).toContain('classname="x&quot;&lt;y&gt;&amp;" name="422:body.&lt;/testcase&gt;: 422 (body.&lt;/testcase&gt;)"')
    expect(xml).not.toContain('</testcase>:')
  })

  test('the HTML page: reached outcomes link to an example below, the rest are marked, nothing a test sent is markup', async () => {
    const html = coverageHtml(await sample())
    const links = [...html.matchAll(/<a class="cell" href="#(example-\d+)"/g)].map((match) => match[1])
    expect(links).toHaveLength(3)
    for (const id of links) expect(html).toContain(`<details id="${id}">`)
    expect(html.match(/<span class="cell"/g)).toHaveLength(92)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>demo</b>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})

describe('the gate', () => {
  test('thresholds and required outcomes: what is missing, one line each; a typo is missing too', async () => {
    const document = await sample()
    expect(gateFailures(document, {})).toEqual([])
    expect(gateFailures(document, { operations: 50, outcomes: 3 })).toEqual([])
    expect(gateFailures(document, { operations: 51, topics: 100, required: { createWorkspace: ['200', '422:body.name'], getWorkspace: ['404:workspaces:not-found'], '*': ['fault:429'], getWorkspcae: ['200'] } })).toEqual([
      'operations: 3 of 6 reached (50%), the gate asks for 51%',
      'topics: 2 of 13 reached (15%), the gate asks for 100%',
      '422 on createWorkspace (body.name): required, never answered',
      '429 on listWorkspaces: required, never answered',
      '429 on createWorkspace: required, never answered',
      '429 on getWorkspace: required, never answered',
      '429 on updateWorkspace: required, never answered',
      '429 on listApplications: required, never answered',
      '429 on getApplication: required, never answered',
      'required: getWorkspcae has no outcome 200',
    ])
  })
})

describe('a document read from text', () => {
  const refused = (text: string) => {
    try {
      parseCoverage(text, 'shard.json')
    } catch (error) {
      expect(error).toBeInstanceOf(CoverageFileError)
      return (error as Error).message
    }
    throw new Error('not refused')
  }

  test('what the collector wrote is read back, its summary recomputed', async () => {
    const document = await sample()
    const forged = { ...document, summary: { ...document.summary, holes: [], requests: 1e6 } }
    expect(parseCoverage(JSON.stringify(forged), 'shard.json')).toEqual(document)
  })

  test('truncated, another version, not ours, too large, too deep, a prototype member, a wrong member: one line each', async () => {
    const text = coverageJson(await sample())
    expect(refused(text.slice(0, 500))).toMatch(/^shard\.json is not JSON \(truncated\?\): [^\n]+$/)
    expect(refused(text.replace('"version": 1', '"version": 2'))).toBe('shard.json is of version 2 of the coverage shape; this kit reads version 1')
    expect(refused('{"format":"something else"}')).toBe('shard.json is not a coverage document of workspace-api-mock (its format is "something else")')
    expect(refused(' '.repeat(MAX_COVERAGE_BYTES + 1))).toBe('shard.json is larger than 64 MiB, the most a coverage document may hold')
    expect(refused(`${'['.repeat(5000)}${']'.repeat(5000)}`)).toBe('shard.json is nested deeper than 100 levels: not a coverage document')
    expect(refused(text.replace('"mocks": [', '"__proto__": {"polluted": true}, "mocks": ['))).toBe('shard.json holds a member named __proto__: refused')
    expect(refused(text.replace('"requests": 3', '"requests": -3'))).toMatch(/^shard\.json does not hold a coverage document: requests: /)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
