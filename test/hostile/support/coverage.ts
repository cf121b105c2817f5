/**
 * What kinds of hostile input a run actually produced, tagged from each materialized request, so that the
 * suite can prove (not just hope) that every category of issue 6 was sent.
 */
import type { Expectation } from './oracle.ts'
import { isJsonMediaType, OWN_METHOD } from './oracle.ts'
import type { Materialized, RequestSpec } from './requests.ts'
import { CONTRACT } from './settings.ts'

/** The categories every full run must have sent at least once. */
export const REQUIRED_TAGS = [
  'credentials:valid', 'credentials:missing', 'credentials:partial', 'credentials:wrong', 'headers:random',
  'method:other', 'id:length-36', 'id:length-37', 'id:over-36', 'id:empty', 'id:wrong-prefix', 'id:unicode',
  'id:percent-encoding', 'path:dot-segments', 'query:negative', 'query:huge', 'query:float', 'query:empty',
  'query:repeated', 'query:array', 'query:not-a-number', 'body:not-json', 'body:not-utf8', 'body:json-object',
  'body:json-array', 'body:json-string', 'body:json-number', 'body:json-boolean', 'body:json-null',
  'body:deep', 'body:long-string', 'body:duplicate-keys', 'body:__proto__', 'body:constructor',
  'body:just-under-1MiB', 'body:exactly-1MiB', 'body:just-over-1MiB', 'content-type:not-json',
  'content-type:missing', 'scope:foreign-workspace', 'id:foreign-record',
] as const

const PARTIAL = new Set(['missing-key', 'missing-secret', 'empty-key', 'empty-secret', 'cross', 'truncated-key', 'truncated-secret'])
const MISSING = new Set(['missing-key', 'missing-secret', 'missing-both', 'empty-key', 'empty-secret'])

export function coverageTags(spec: RequestSpec, sent: Materialized, expected: Expectation): string[] {
  const tags = new Set<string>()
  const valid = spec.creds === 'valid' || spec.creds === 'padded' || spec.creds === 'lowercase-names'
  tags.add(valid ? 'credentials:valid' : 'credentials:wrong')
  if (MISSING.has(spec.creds)) tags.add('credentials:missing')
  if (PARTIAL.has(spec.creds)) tags.add('credentials:partial')
  if (spec.extraHeaders.length > 0) tags.add('headers:random')
  if (OWN_METHOD[spec.op] !== spec.method) tags.add('method:other')

  const url = new URL(sent.request.url)
  if (spec.id) {
    const routed = expected.route.kind === 'operation' ? expected.route.params : {}
    const id = routed.workspaceId ?? routed.applicationId
    if (id !== undefined) {
      if (id.length === 36) tags.add('id:length-36')
      if (id.length === 37) tags.add('id:length-37')
      if (id.length > CONTRACT.maxIdLength) tags.add('id:over-36')
      if (!/^(wse|app)_/.test(id)) tags.add('id:wrong-prefix')
      if (/[^\x00-\x7f]/.test(id)) tags.add('id:unicode')
    }
    const written =
      spec.id.from === 'literal'
        ? spec.id.value
        : spec.id.mutation.kind === 'append' || spec.id.mutation.kind === 'prepend'
          ? spec.id.mutation.text
          : ''
    if (spec.id.from === 'literal' && written === '') tags.add('id:empty')
    if (/%[0-9a-f]{2}/i.test(written) || spec.encoding === 'double') tags.add('id:percent-encoding')
    if (/\.\.|%2e/i.test(written) && (spec.encoding === 'raw' || spec.encoding === 'uri')) tags.add('path:dot-segments')
    if (spec.id.from !== 'literal' && spec.id.from !== 'in-scope' && spec.id.owner === 'other' && spec.id.mutation.kind === 'none') {
      tags.add('id:foreign-record')
    }
  }
  if (spec.scope?.mode === 'value' && 'owner' in spec.scope.id && spec.scope.id.owner === 'other') {
    tags.add('scope:foreign-workspace')
  }

  const names = spec.query.entries.map(([name]) => name)
  if (new Set(names).size < names.length) tags.add('query:repeated')
  if (names.some((name) => name.endsWith('[]') || /\[\d*\]$/.test(name))) tags.add('query:array')
  for (const value of url.searchParams.values()) {
    if (value === '') tags.add('query:empty')
    else if (/^-\d+$/.test(value)) tags.add('query:negative')
    else if (/^\d{6,}$/.test(value)) tags.add('query:huge')
    else if (/^-?\d*\.\d+$/.test(value) || /e/i.test(value) && !Number.isNaN(Number(value))) tags.add('query:float')
    else if (!/^\d+$/.test(value)) tags.add('query:not-a-number')
  }

  if (sent.bytes !== undefined) {
    const size = sent.bytes.byteLength
    if (size > CONTRACT.maxBodyBytes) tags.add('body:just-over-1MiB')
    else if (size === CONTRACT.maxBodyBytes) tags.add('body:exactly-1MiB')
    else if (size >= CONTRACT.maxBodyBytes - 64) tags.add('body:just-under-1MiB')
    if (!isJsonMediaType(sent.request.headers.get('Content-Type'))) tags.add('content-type:not-json')
    if (spec.contentType === null) tags.add('content-type:missing')
    if (sent.notes.duplicateKeys) tags.add('body:duplicate-keys')
    if (spec.body?.kind === 'deep') tags.add('body:deep')
    if (spec.body?.kind === 'long') tags.add('body:long-string')
    if (size < 100_000) {
      let text: string | undefined
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(sent.bytes)
      } catch {
        tags.add('body:not-utf8')
      }
      if (text !== undefined) {
        if (text.includes('"__proto__"')) tags.add('body:__proto__')
        if (text.includes('"constructor"')) tags.add('body:constructor')
        try {
          const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''))
          tags.add(`body:json-${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`)
        } catch {
          tags.add('body:not-json')
        }
      }
    }
  }
  return [...tags]
}

