/**
 * Assertions shared by the API tests: envelopes (spec 2.2), records (2.3 to 2.5), problems (Huma's
 * ErrorModel), and "a rejected request changed nothing".
 */
import { expect } from 'vitest'
import type { MockApi } from '../../src/index.ts'
import type { SchemaName } from '../../src/model/schemas.ts'
import type { CheckedResponse } from './mock-server.ts'
import { declaredSchema, schemaErrors } from './schemas.ts'

/** Spec 2.3, in order. */
export const WORKSPACE_FIELDS = [
  'id',
  'name',
  'description',
  'domain',
  'organization',
  'icons',
  'created',
  'created_by',
  'updated',
  'modified_by',
] as const

/** Spec 2.4, in order. */
export const APPLICATION_FIELDS = [
  'id',
  'name',
  'description',
  'access_type',
  'domain',
  'domain_alias',
  'external_domain',
  'port',
  'port_alias',
  'protocol',
  'gateways',
  'group_or_users',
  'policies',
  'icons',
  'workspace',
  'created',
  'created_by',
  'updated',
  'modified_by',
] as const

/** Spec 2.5. */
export const ICON_SUFFIXES = {
  base: '_512.webp',
  medium: '_192.webp',
  small: '_72.webp',
  original: '_original',
} as const

const ITEM_ENVELOPE_KEYS = ['$schema', 'data', 'success']
const PAGE_ENVELOPE_KEYS = ['$schema', 'current_page', 'data', 'page_size', 'success', 'total']

/** Go's http.StatusText, which Huma writes into `title`. */
export const HUMA_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
}

const sorted = (keys: Iterable<string>) => [...keys].sort()

/** An identifier: one of the prefixes, an underscore, lowercase hex; 36 characters at most. */
export function expectId(value: unknown, ...prefixes: string[]): void {
  expect(typeof value, `id ${String(value)}`).toBe('string')
  const id = value as string
  expect(id.length, `length of ${id}`).toBeLessThanOrEqual(36)
  const match = /^([a-z]+)_([0-9a-f]+)$/.exec(id)
  expect(match, `shape of ${id}`).not.toBeNull()
  expect(prefixes, `prefix of ${id}`).toContain(match![1])
}

/** A 13-digit epoch-milliseconds timestamp. */
export function expectTimestamp(value: unknown): void {
  expect(Number.isInteger(value), `timestamp ${String(value)}`).toBe(true)
  expect(String(value)).toMatch(/^[1-9][0-9]{12}$/)
}

export function expectIcons(icons: unknown): void {
  expect(icons).toBeTypeOf('object')
  const record = icons as Record<string, unknown>
  expect(sorted(Object.keys(record))).toEqual(sorted(Object.keys(ICON_SUFFIXES)))
  const stems = new Set<string>()
  for (const [member, suffix] of Object.entries(ICON_SUFFIXES)) {
    const url = record[member]
    expect(url, member).toBeTypeOf('string')
    expect(() => new URL(url as string), `${member} is a URL`).not.toThrow()
    expect((url as string).endsWith(suffix), `${member} ${String(url)} ends with ${suffix}`).toBe(true)
    stems.add((url as string).slice(0, -suffix.length))
  }
  // The four variants are built around one img_ identifier.
  expect(stems.size).toBe(1)
  const stem = [...stems][0]!
  expectId(stem.slice(stem.lastIndexOf('/') + 1), 'img')
}

function expectTimestamps(record: Record<string, unknown>): void {
  expectTimestamp(record.created)
  expectTimestamp(record.updated)
  expect(record.created as number).toBeLessThanOrEqual(record.updated as number)
}

/** A workspace record with exactly the fields of spec 2.3. */
export function expectWorkspaceRecord(record: unknown, idPrefix: 'wse' | 'app' = 'wse'): void {
  expect(record).toBeTypeOf('object')
  const r = record as Record<string, unknown>
  expect(sorted(Object.keys(r))).toEqual(sorted(WORKSPACE_FIELDS))
  expectId(r.id, idPrefix)
  for (const field of ['name', 'description', 'domain'] as const) expect(r[field]).toBeTypeOf('string')
  expectId(r.organization, 'org')
  expectId(r.created_by, 'acc')
  expectId(r.modified_by, 'acc')
  expectIcons(r.icons)
  expectTimestamps(r)
}

function expectEntries(entries: unknown, ...prefixes: string[]): void {
  expect(Array.isArray(entries)).toBe(true)
  for (const entry of entries as unknown[]) {
    expect(sorted(Object.keys(entry as object))).toEqual(['id', 'name'])
    const { id, name } = entry as { id: unknown; name: unknown }
    expectId(id, ...prefixes)
    expect(name).toBeTypeOf('string')
  }
}

/** An application record with exactly the fields of spec 2.4. */
export function expectApplicationRecord(record: unknown): void {
  expect(record).toBeTypeOf('object')
  const r = record as Record<string, unknown>
  expect(sorted(Object.keys(r))).toEqual(sorted(APPLICATION_FIELDS))
  expectId(r.id, 'app')
  for (const field of [
    'name',
    'description',
    'access_type',
    'domain',
    'domain_alias',
    'external_domain',
    'port',
    'port_alias',
    'protocol',
  ] as const) {
    expect(r[field], field).toBeTypeOf('string')
  }
  expect(r.port).toMatch(/^[0-9]+$/)
  expect(r.port_alias).toMatch(/^[0-9]+$/)
  expectEntries(r.gateways, 'gtw')
  expectEntries(r.group_or_users, 'grp', 'usr')
  expectEntries(r.policies, 'ply')
  expectIcons(r.icons)
  expectId(r.workspace, 'wse')
  expectId(r.created_by, 'acc')
  expectId(r.modified_by, 'acc')
  expectTimestamps(r)
}

/** The `$schema` URL a response addressed to `origin` must carry. */
export function schemaUrl(origin: string, name: SchemaName): string {
  return `${origin}/api/schemas/${name}.json`
}

function expectLink(response: Response, name: SchemaName, linkPath = `/api/schemas/${name}.json`): void {
  expect(response.headers.get('Link')).toBe(`<${linkPath}>; rel="describedBy"`)
}

export interface EnvelopeOptions {
  /** Origin of `$schema` (baseUrl, or the request's origin). */
  origin: string
  /** The Link target when it is not `/api/schemas/<Name>.json` (a baseUrl with a path). */
  linkPath?: string
}

/** A 200 success of spec 2.2: content type, Link, exact key set, `$schema`, `success: true`. */
export function expectSuccess(res: CheckedResponse, name: SchemaName, options: EnvelopeOptions): any {
  expect(res.status, res.text).toBe(200)
  expect(res.response.headers.get('Content-Type')).toMatch(/^application\/json(;|$)/)
  expectLink(res.response, name, options.linkPath)
  expect(declaredSchema(res.response)).toBe(name)
  expect(schemaErrors(name, res.body), `${name} body`).toBeUndefined()
  const keys = name === 'PagingResponseListApplicationBody' ? PAGE_ENVELOPE_KEYS : ITEM_ENVELOPE_KEYS
  expect(sorted(Object.keys(res.body))).toEqual(sorted(keys))
  expect(res.body.$schema).toBe(schemaUrl(options.origin, name))
  expect(res.body.success).toBe(true)
  if (name === 'SuccessResponseListWorkspaceBody' || name === 'PagingResponseListApplicationBody') {
    expect(Array.isArray(res.body.data)).toBe(true)
  } else {
    expect(res.body.data).toBeTypeOf('object')
    expect(Array.isArray(res.body.data)).toBe(false)
  }
  return res.body
}

export interface ProblemOptions extends EnvelopeOptions {
  /** Locations that `errors` must hold (each at least once), e.g. `query.page_size`. */
  locations?: string[]
}

/** An RFC 9457 problem in Huma's ErrorModel shape. Returns the body. */
export function expectProblem(res: CheckedResponse, status: number, options: ProblemOptions): any {
  expect(res.status, res.text).toBe(status)
  expect(res.response.headers.get('Content-Type')).toMatch(/^application\/problem\+json(;|$)/)
  expectLink(res.response, 'ErrorModel', options.linkPath)
  expect(schemaErrors('ErrorModel', res.body), 'ErrorModel body').toBeUndefined()
  const body = res.body
  const keys = Object.keys(body)
  for (const key of ['$schema', 'title', 'status', 'detail']) expect(keys).toContain(key)
  for (const key of keys) expect(['$schema', 'title', 'status', 'detail', 'errors']).toContain(key)
  expect(body.$schema).toBe(schemaUrl(options.origin, 'ErrorModel'))
  expect(body.status).toBe(status)
  expect(body.title).toBe(HUMA_TITLES[status])
  expect(body.detail).toBeTypeOf('string')
  expect(body.detail.length).toBeGreaterThan(0)
  if (options.locations) {
    expect(Array.isArray(body.errors), 'errors present').toBe(true)
    for (const detail of body.errors) {
      expect(sorted(Object.keys(detail)).filter((k) => k !== 'value')).toEqual(['location', 'message'])
      expect(detail.message).toBeTypeOf('string')
      expect(detail.location).toBeTypeOf('string')
    }
    const found = body.errors.map((detail: { location: string }) => detail.location)
    for (const location of options.locations) expect(found, `errors at ${location}`).toContain(location)
  }
  return body
}

/** The error detail at `location` (there must be one). */
export function errorAt(body: any, location: string): { message: string; location: string; value: unknown } {
  const detail = (body.errors ?? []).find((d: { location: string }) => d.location === location)
  expect(detail, `error detail at ${location}`).toBeDefined()
  return detail
}

/** The whole state as text: compared byte for byte. */
export function stateText(api: MockApi): string {
  return JSON.stringify(api.snapshot())
}

/**
 * Two state texts are byte-for-byte equal. On a difference the message shows where, not the whole state
 * (a state is hundreds of kilobytes).
 */
export function expectSameState(actual: string, expected: string, label = 'state'): void {
  if (actual === expected) return
  let at = 0
  while (at < actual.length && actual[at] === expected[at]) at++
  const window = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 120), at + 120))
  expect.fail(`${label} differs at character ${at}:\n  actual:   ${window(actual)}\n  expected: ${window(expected)}`)
}

/** The two states differ (at least one byte). */
export function expectDifferentState(actual: string, other: string, label = 'state'): void {
  expect(actual === other, `${label} should differ`).toBe(false)
}

/** Runs `request` (expected to be rejected) and checks the state is byte-for-byte what it was. */
export async function withoutStateChange<T>(api: MockApi, request: () => Promise<T>): Promise<T> {
  const before = stateText(api)
  const result = await request()
  expectSameState(stateText(api), before, 'state after a rejected request')
  return result
}

/** The list order of the API: `created` ascending, then `id`. */
export function byCreatedThenId<T extends { created: number; id: string }>(a: T, b: T): number {
  if (a.created !== b.created) return a.created - b.created
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
