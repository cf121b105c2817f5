/**
 * fast-check generators of request descriptors, valid and hostile, for each operation.
 */
import fc from 'fast-check'
import { OWN_METHOD, type OpName } from './oracle.ts'
import {
  MAX_ROUTINE_DEPTH,
  type BodySpec,
  type CredMode,
  type Encoding,
  type IdSpec,
  type Mutation,
  type QuerySpec,
  type RequestSpec,
  type ScopeSpec,
} from './requests.ts'
import { CONTRACT } from './settings.ts'

const MiB = CONTRACT.maxBodyBytes

// ---------------------------------------------------------------------------------------------- strings

const hexDigit = fc.constantFrom(...'0123456789abcdef'.split(''))

const texts = new Map<string, fc.Arbitrary<string>>()

/**
 * Short text of every kind: printable ASCII, any grapheme, any UTF-16 unit (lone surrogates included).
 * Memoized: building a full-Unicode string arbitrary costs fast-check a reverse map of every code point.
 */
const text = (minLength = 0, maxLength = 40): fc.Arbitrary<string> => {
  const key = `${minLength}:${maxLength}`
  let arbitrary = texts.get(key)
  if (!arbitrary) {
    arbitrary = fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ unit: 'grapheme', minLength, maxLength }),
      fc.string({ unit: 'binary', minLength, maxLength }),
    )
    texts.set(key, arbitrary)
  }
  return arbitrary
}

/** Path and header fragments that have broken routers and parsers before. */
export const hostileFragment = fc.constantFrom(
  '../', '..', '/..', '/../', '%2e%2e%2f', '%2E%2E/', '..%2f', '..\\', '%5c', '%00', '%', '%zz', '%E0%A4%A',
  '%C0%AE', '%252e%252e%252f', '?', '#', ';x=1', '//', '\u0000', '\u202e', '\u200d', '😀', 'ǅ', 'İ', '\ufeff',
  ' ', '+', '*', ':id', '{workspaceId}', '/applications', '/../applications', '/../schemas/ErrorModel.json',
  '%2F', '%20', 'é', '\ud800', '\n', '\t', 'ﬀ', '٣', '__proto__', 'constructor', 'prototype', 'toString',
)

/** Latin-1 header values (what a Headers object can carry): printable ASCII and the upper half. */
const headerValue = fc.string({
  unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((c) =>
    String.fromCharCode(c),
  ),
  maxLength: 60,
})

/** Header names fetch lets a caller set, minus the ones the operations read (generated on their own). */
const RESERVED_HEADERS = new Set([
  'content-length', 'content-type', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'host',
  'te', 'trailer', 'proxy-connection', 'accept-encoding', 'x-api-key', 'x-api-secret', 'x-workspace-id',
])

const headerName = fc
  .oneof(
    fc.constantFrom(
      'Accept', 'Authorization', 'Cookie', 'Origin', 'X-Forwarded-For', 'X-HTTP-Method-Override',
      'X-Requested-With', '__proto__', 'constructor', 'prototype', 'X-Api-Key2', 'If-None-Match', 'Range',
    ),
    fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,24}$/),
  )
  .filter((name) => !RESERVED_HEADERS.has(name.toLowerCase()))

const extraHeaders = fc.oneof(
  { weight: 5, arbitrary: fc.constant([] as [string, string][]) },
  { weight: 1, arbitrary: fc.array(fc.tuple(headerName, headerValue), { minLength: 1, maxLength: 4 }) },
)

// ------------------------------------------------------------------------------------------ credentials

const credMode: fc.Arbitrary<CredMode> = fc.oneof(
  { weight: 16, arbitrary: fc.constant('valid' as const) },
  { weight: 2, arbitrary: fc.constantFrom('padded' as const, 'lowercase-names' as const) },
  {
    weight: 5,
    arbitrary: fc.constantFrom<CredMode>(
      'missing-key', 'missing-secret', 'missing-both', 'empty-key', 'empty-secret', 'swapped', 'cross',
      'truncated-key', 'truncated-secret', 'extended-secret', 'upper-key', 'repeated-key', 'proto-key', 'random',
    ),
  },
)

// ------------------------------------------------------------------------------------------------- ids

const mutation = (noneWeight: number): fc.Arbitrary<Mutation> =>
  fc.oneof(
    { weight: noneWeight, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'upper' as const }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 36 }).map((length) => ({ kind: 'truncate' as const, length })) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(37, 38, 40, 64, 200).map((length) => ({ kind: 'extend' as const, length })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('app_', 'wse_', 'acc_', 'org_', 'img_', 'grp_', 'WSE_', 'wse-', 'wse', '_', '', 'wse__')
        .map((prefix) => ({ kind: 'prefix' as const, prefix })),
    },
    { weight: 2, arbitrary: fc.integer().map((seed) => ({ kind: 'rehex' as const, seed })) },
    { weight: 1, arbitrary: hostileFragment.map((text) => ({ kind: 'append' as const, text })) },
    { weight: 1, arbitrary: hostileFragment.map((text) => ({ kind: 'prepend' as const, text })) },
  )

/** Ids of every length from 0 to 200, with 35, 36, 37 and the ends drawn often. */
const idLength = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 200 }) },
  { weight: 2, arbitrary: fc.constantFrom(0, 1, 4, 5, 35, 36, 37, 38, 199, 200) },
)

/** Cuts or cycles a string to exactly `length` UTF-16 units (cutting may split a pair: a lone surrogate). */
const fit = (text: string, length: number): string =>
  text === '' ? '' : text.repeat(Math.ceil(length / text.length)).slice(0, length)

const literalId: fc.Arbitrary<IdSpec> = fc
  .tuple(
    idLength,
    fc.oneof(
      fc
        .tuple(fc.constantFrom('wse_', 'app_', 'WSE_', 'acc_', ''), fc.array(hexDigit, { minLength: 1, maxLength: 40 }))
        .map(([prefix, hex]) => ({ prefix, body: hex.join('') })),
      fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 40 }).map((body) => ({ prefix: '', body })),
      text(1, 40).map((body) => ({ prefix: '', body })),
      fc
        .array(fc.oneof(hostileFragment, hexDigit), { minLength: 1, maxLength: 12 })
        .map((parts) => ({ prefix: '', body: parts.join('') })),
    ),
  )
  .map(([length, { prefix, body }]) => ({
    from: 'literal' as const,
    value: length <= prefix.length ? prefix.slice(0, length) : prefix + fit(body, length - prefix.length),
  }))

const recordId = (
  from: 'workspace' | 'application',
  owner: fc.Arbitrary<'self' | 'other'>,
  noneWeight: number,
): fc.Arbitrary<IdSpec> =>
  fc.record({ from: fc.constant(from), owner, index: fc.nat(50), mutation: mutation(noneWeight) })

const self = fc.constant('self' as const)
const other = fc.constant('other' as const)
const anyOwner = fc.constantFrom('self' as const, 'other' as const)

/** A workspace id for a path: own, another organization's, an application's, or anything at all. */
const workspaceId = fc.oneof(
  { weight: 8, arbitrary: recordId('workspace', self, 12) },
  { weight: 3, arbitrary: recordId('workspace', other, 6) },
  { weight: 1, arbitrary: recordId('application', anyOwner, 6) },
  { weight: 3, arbitrary: literalId },
)

const encoding: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('component' as const) },
  { weight: 2, arbitrary: fc.constant('raw' as const) },
  { weight: 1, arbitrary: fc.constantFrom('uri' as const, 'double' as const) },
)

const scope: fc.Arbitrary<ScopeSpec> = fc.oneof(
  {
    weight: 14,
    arbitrary: fc.record({
      mode: fc.constant('value' as const),
      id: fc.oneof(
        { weight: 10, arbitrary: recordId('workspace', self, 20) },
        { weight: 3, arbitrary: recordId('workspace', other, 10) },
        { weight: 1, arbitrary: recordId('application', anyOwner, 10) },
        { weight: 2, arbitrary: literalId },
      ),
      pad: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ mode: 'absent' as const }) },
  { weight: 1, arbitrary: fc.constant({ mode: 'empty' as const }) },
  { weight: 1, arbitrary: fc.record({ mode: fc.constant('repeated' as const), id: recordId('workspace', self, 20) }) },
)

const applicationId = fc.oneof(
  { weight: 8, arbitrary: fc.record({ from: fc.constant('in-scope' as const), index: fc.nat(50), mutation: mutation(12) }) },
  { weight: 2, arbitrary: recordId('application', self, 6) },
  { weight: 3, arbitrary: recordId('application', other, 6) },
  { weight: 1, arbitrary: recordId('workspace', anyOwner, 6) },
  { weight: 3, arbitrary: literalId },
)

// ---------------------------------------------------------------------------------------------- queries

const pagingName = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('current_page', 'page_size') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'page_size[]', 'current_page[]', 'page_size[0]', 'Page_Size', 'PAGE_SIZE', 'page', 'size', 'limit',
      'offset', 'current_page ', '%70age_size', 'page%5Fsize', 'page_size%00',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '__proto__', '__proto__[polluted]', 'constructor[prototype][polluted]', 'constructor.prototype.polluted',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
)

const pagingValue = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 1000 }).map(String) },
  { weight: 3, arbitrary: fc.integer({ min: 10, max: 100 }).map(String) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 5 }).map(String) },
  { weight: 3, arbitrary: fc.constantFrom(0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, -1, -10).map(String) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '', ' ', '1.5', '10.0', '1e1', '1e3', '0x10', '010', '0010', '+10', '-0', ' 10', '10 ', 'NaN', 'Infinity',
      '-Infinity', 'abc', '10abc', '１０', '٣', '99999999999999999999', '9007199254740993', '1e400', 'true',
      'null', '[]', '{}', '%', '%zz', '10%00', '10&page_size=20', '10#x', 'polluted', '00000000000000000010',
    ),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: text(0, 20) },
)

const pagingQuery: fc.Arbitrary<QuerySpec> = fc.record({
  entries: fc.oneof(
    { weight: 1, arbitrary: fc.constant<[string, string | null][]>([]) },
    {
      weight: 3,
      arbitrary: fc.array(
        fc.tuple(pagingName, fc.oneof({ weight: 12, arbitrary: pagingValue }, { weight: 1, arbitrary: fc.constant(null) })),
        { minLength: 1, maxLength: 4 },
      ),
    },
  ),
  style: fc.constantFrom('params' as const, 'params' as const, 'raw' as const),
})

/** Queries the operation ignores (paging names included: they mean nothing there). */
const strayQuery: fc.Arbitrary<QuerySpec> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<QuerySpec>({ entries: [], style: 'params' }) },
  { weight: 1, arbitrary: pagingQuery },
)

// ----------------------------------------------------------------------------------------------- bodies

const MEMBER_NAMES = {
  create: ['name', 'description', 'domain'],
  update: ['name', 'description'],
  application: ['name', 'description', 'domain', 'access_type', 'port', 'protocol', 'gateways', 'group_or_users', 'policies'],
} as const

const memberName = (kind: BodyKind) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(kind.endsWith('application') ? MEMBER_NAMES.application : MEMBER_NAMES.create)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'id', 'organization',
        'created', 'updated', 'icons', 'Name', 'NAME', 'name ', '', '$schema', 'success', 'data',
        ...(kind.startsWith('update') ? ['domain'] : []),
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  )

const memberValue = fc.oneof(
  { weight: 5, arbitrary: text() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      null, 0, -1, 1e308, true, false, [], {}, [''], { polluted: 'yes' }, { prototype: { polluted: 'yes' } },
    ),
  },
)

/** Raw texts: malformed JSON, JSON of odd types, duplicate names and prototype-pollution payloads. */
const RAW_TEXTS: ReadonlyArray<readonly [string, boolean]> = [
  ['{"name":"x"', false], ['{"name":"x",}', false], ["{'name':'x'}", false], ['{"name":"x"}x', false],
  ['{"name":"x"} {"name":"y"}', false], ['NaN', false], ['undefined', false], ['{name:"x"}', false],
  ['// c\n{"name":"x"}', false], ['/* c */{"name":"x"}', false], ['{"name":"\\x41"}', false],
  ['{"name":"\\u00"}', false], ['{"name":"a\nb"}', false], ['{"name":"x"}\u0000', false], ['"\\ud800"', false],
  ['', false], [' ', false], ['\n\t', false], ['\r\n', false], ['\u00a0', false], ['\ufeff', false],
  ['null', false], ['true', false], ['0', false], ['-0', false], ['1e400', false], ['[]', false], ['{}', false],
  ['"x"', false], ['[{"name":"x"}]', false], ['{"name":"x"}\n', false], ['  {"name":"x"}  ', false],
  ['name=x', false], ['<name>x</name>', false], ['{"name":"x"}}}', false], ['[', false], [']', false],
  ['{', false], ['}', false], ['"', false], ['\\', false], ['{"name":"\\ud800"}', false],
  ['{"name":"x","description":"\\u0000"}', false], ['{"name":1e999}', false],
  ['{"name":"x","name":"y"}', true], ['{"name":"","name":"x"}', true], ['{"name":"x","name":""}', true],
  ['{"name":"x","description":"a","description":7}', true], ['{"name":"x","name":7}', true],
  ['{"__proto__":{"polluted":"yes"}}', false], ['{"name":"x","__proto__":{"polluted":"yes"}}', false],
  ['{"constructor":{"prototype":{"polluted":"yes"}}}', false],
  ['{"name":"x","constructor":{"prototype":{"polluted":"yes"}}}', false],
  ['{"name":{"__proto__":{"polluted":"yes"}}}', false], ['{"__proto__":{"__proto__":{"polluted":"yes"}}}', false],
  ['{"name":"x","__proto__":null}', false], ['{"name":"x"}{"__proto__":{"polluted":"yes"}}', false],
  ['{"name":"x","__proto__":{"name":"y"}}', false], ['{"__proto__":[],"name":"x"}', false],
  ['{"name":"x","description":{"toString":"polluted"}}', false],
]

const INVALID_UTF8: number[][] = [
  [0xff], [0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82], [0x80],
  [0xf4, 0x90, 0x80, 0x80],
  // '{"name":"x"}' in UTF-16LE with its byte order mark
  [0xff, 0xfe, ...[...'{"name":"x"}'].flatMap((c) => [c.charCodeAt(0), 0])],
]

/** An entry of an application's lists, with an id of the list's prefix (or, now and then, another). */
const entry = (prefix: string) =>
  fc.record({ id: fc.oneof({ weight: 6, arbitrary: fc.constant(prefix) }, { weight: 1, arbitrary: fc.constantFrom('gtw', 'grp', 'usr', 'ply', 'app') }).chain((p) => fc.stringMatching(/^[0-9a-f]{1,32}$/).map((hex) => `${p}_${hex}`)), name: text() })

/** A valid application body (the presets'); `domain` on create only. */
const applicationBody = (create: boolean) =>
  fc.record(
    {
      name: text(1),
      description: text(),
      access_type: fc.constantFrom('private', 'public', ''),
      ...(create ? { domain: text() } : {}),
      port: fc.constantFrom('80', '8080', ''),
      protocol: fc.constantFrom('http', 'https'),
      gateways: fc.array(entry('gtw'), { maxLength: 3 }),
      group_or_users: fc.array(fc.oneof(entry('grp'), entry('usr')), { maxLength: 3 }),
      policies: fc.array(entry('ply'), { maxLength: 2 }),
    },
    { requiredKeys: create ? ['name'] : [] },
  )

type BodyKind = 'create' | 'update' | 'create-application' | 'update-application'

const bodySpec = (kind: BodyKind): fc.Arbitrary<BodySpec> => {
  const valid: fc.Arbitrary<Record<string, unknown>> =
    kind === 'create'
      ? fc.record({ name: text(1), description: text(), domain: text() }, { requiredKeys: ['name'] })
      : kind === 'update'
        ? fc.record({ name: text(1), description: text() }, { requiredKeys: [] })
        : applicationBody(kind === 'create-application')
  return fc.oneof(
    { weight: 16, arbitrary: valid.map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 10,
      arbitrary: fc
        .array(fc.tuple(memberName(kind), memberValue), { maxLength: 6 })
        .map((members) => ({ kind: 'members' as const, members })),
    },
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 6,
      arbitrary: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...RAW_TEXTS) },
        { weight: 1, arbitrary: text(0, 60).map((t) => [t, false] as const) },
      ).map(([raw, duplicateKeys]) => ({ kind: 'text' as const, text: raw, duplicateKeys })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('bytes' as const),
        before: fc.constantFrom('{"name":"', '', '{"name":"x","description":"'),
        bytes: fc.oneof(fc.constantFrom(...INVALID_UTF8), fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 16 })),
        after: fc.constantFrom('"}', '', '","domain":"d"}'),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('deep' as const),
        depth: fc.integer({ min: 1, max: MAX_ROUTINE_DEPTH }),
        container: fc.constantFrom('array' as const, 'object' as const),
        at: fc.constantFrom('top' as const, 'name' as const, 'description' as const, 'extra' as const),
      }),
    },
    {
      // Large bodies around and beyond the 1 MiB limit: costly, so rarer (the exact boundaries are also
      // sent as explicit examples by the fuzz properties).
      weight: 1,
      arbitrary: fc.oneof(
        fc.record({
          kind: fc.constant('long' as const),
          field: fc.constantFrom('name' as const, 'description' as const, 'domain' as const, 'extra' as const),
          length: fc.constantFrom(1_000, 10_000, 100_000, 300_000),
          char: fc.constantFrom('a', 'é', '😀', '\u0000', '"'),
        }),
        fc.record({
          kind: fc.constant('sized' as const),
          bytes: fc.constantFrom(MiB - 64, MiB - 1, MiB, MiB + 1, MiB + 64, MiB + 4096),
          char: fc.constantFrom('a', 'é', '€', '😀'),
          valid: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
        }),
      ),
    },
    { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  )
}

const JSON_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON',
  'application/problem+json', 'application/merge-patch+json', 'application/vnd.api+json', ' application/json ',
  'application/json;', 'application/json ; charset=utf-8',
]
const OTHER_TYPES = [
  'text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
  'application/xml', 'application/jsonp', 'application/json-seq', 'json', '*/*', 'application/', 'application/ json',
  'text/html', 'application/octet-stream', '', 'application/json5', 'xapplication/json', 'application/jsonx',
]

const contentType = fc.oneof(
  { weight: 14, arbitrary: fc.constantFrom(...JSON_TYPES) },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_TYPES) },
  { weight: 1, arbitrary: fc.constant(null) },
)

// ------------------------------------------------------------------------------------------- operations

/**
 * Methods other than the operation's. Only the standard methods, in upper case or in the lower case fetch
 * normalizes: MSW's interceptor does not see `patch` or `FOO` at all (they go to the network untouched),
 * which no request handler can change.
 */
const OTHER_METHODS = ['DELETE', 'PATCH', 'POST', 'PUT', 'GET', 'OPTIONS', 'delete', 'put'] as const

const method = (op: Exclude<OpName, 'getSchema'>) =>
  fc.oneof(
    { weight: 30, arbitrary: fc.constant(OWN_METHOD[op]) },
    { weight: 1, arbitrary: fc.constantFrom<string>(...OTHER_METHODS) },
  )

const rare = (weight = 15) =>
  fc.oneof({ weight, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) })

const common = (op: Exclude<OpName, 'getSchema'>) => ({
  op: fc.constant(op),
  method: method(op),
  who: fc.constantFrom(0 as const, 1 as const),
  creds: credMode,
  randomCreds: fc.tuple(headerValue, headerValue),
  extraHeaders,
})

const bodyParts = (kind: BodyKind) => ({
  contentType,
  body: bodySpec(kind),
  bom: rare(30),
  bodyAsString: rare(4),
})

/** Requests aimed at one operation, valid and hostile. */
export function requestSpec(op: Exclude<OpName, 'getSchema'>): fc.Arbitrary<RequestSpec> {
  switch (op) {
    case 'listWorkspaces':
      return fc.record({ ...common(op), query: strayQuery, trailingSlash: rare() })
    case 'createWorkspace':
      return fc.record({ ...common(op), query: strayQuery, trailingSlash: rare(), ...bodyParts('create') })
    case 'getWorkspace':
      return fc.record({ ...common(op), id: workspaceId, encoding, trailingSlash: rare(), query: strayQuery })
    case 'updateWorkspace':
      return fc.record({
        ...common(op),
        id: workspaceId,
        encoding,
        trailingSlash: rare(),
        query: strayQuery,
        ...bodyParts('update'),
      })
    case 'listApplications':
      return fc.record({ ...common(op), scope, query: pagingQuery, trailingSlash: rare() })
    case 'getApplication':
    case 'deleteApplication':
      return fc.record({ ...common(op), id: applicationId, encoding, scope, trailingSlash: rare(), query: strayQuery })
    case 'deleteWorkspace':
      return fc.record({ ...common(op), id: workspaceId, encoding, trailingSlash: rare(), query: strayQuery })
    case 'createApplication':
      return fc.record({ ...common(op), scope, query: strayQuery, trailingSlash: rare(), ...bodyParts('create-application') })
    case 'updateApplication':
      return fc.record({ ...common(op), id: applicationId, encoding, scope, trailingSlash: rare(), query: strayQuery, ...bodyParts('update-application') })
  }
}
