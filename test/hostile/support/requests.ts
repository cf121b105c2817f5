/**
 * Hostile and valid requests as small, printable descriptors (what fast-check generates and shrinks), and
 * `materialize`, which turns a descriptor into a real `Request` against the current state. Large bodies are
 * described by their size, not carried as text, so a counterexample stays readable.
 */
import type { Principal, ScenarioState } from '../../../src/index.ts'
import type { BodyNotes, OpName } from './oracle.ts'
import { CONTRACT, ORIGIN } from './settings.ts'

export type CredMode =
  | 'valid'
  | 'padded'
  | 'lowercase-names'
  | 'missing-key'
  | 'missing-secret'
  | 'missing-both'
  | 'empty-key'
  | 'empty-secret'
  | 'swapped'
  | 'cross'
  | 'truncated-key'
  | 'truncated-secret'
  | 'extended-secret'
  | 'upper-key'
  | 'repeated-key'
  | 'proto-key'
  | 'random'

export type Mutation =
  | { kind: 'none' }
  | { kind: 'upper' }
  | { kind: 'truncate'; length: number }
  | { kind: 'extend'; length: number }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'rehex'; seed: number }
  | { kind: 'append'; text: string }
  | { kind: 'prepend'; text: string }

export type IdSpec =
  | { from: 'workspace' | 'application'; owner: 'self' | 'other'; index: number; mutation: Mutation }
  /** An application of the workspace the request names in X-Workspace-ID (or of its own organization). */
  | { from: 'in-scope'; index: number; mutation: Mutation }
  | { from: 'literal'; value: string }

export type Encoding = 'component' | 'raw' | 'uri' | 'double'

export type ScopeSpec =
  | { mode: 'absent' }
  | { mode: 'empty' }
  | { mode: 'value'; id: IdSpec; pad: boolean }
  | { mode: 'repeated'; id: IdSpec }

export interface QuerySpec {
  /** A null value writes the bare name (`?page_size`), in the raw style. */
  entries: [string, string | null][]
  style: 'params' | 'raw'
}

export type BodySpec =
  | { kind: 'none' }
  /** An object written member by member, so names may repeat. */
  | { kind: 'members'; members: [string, unknown][] }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string; duplicateKeys?: boolean }
  | { kind: 'bytes'; before: string; bytes: number[]; after: string }
  | { kind: 'deep'; depth: number; container: 'array' | 'object'; at: 'top' | 'name' | 'description' | 'extra' }
  | { kind: 'long'; field: 'name' | 'description' | 'domain' | 'extra'; length: number; char: string }
  /** `{"name":"…"}` of exactly `bytes` bytes (UTF-8), filled with `char`; `valid: false` drops the final brace. */
  | { kind: 'sized'; bytes: number; char: string; valid: boolean }

export interface RequestSpec {
  op: OpName
  method: string
  who: 0 | 1
  creds: CredMode
  randomCreds?: [string, string]
  id?: IdSpec
  encoding?: Encoding
  trailingSlash?: boolean
  query: QuerySpec
  scope?: ScopeSpec
  contentType?: string | null
  body?: BodySpec
  bom?: boolean
  /** Send the body as a string (fetch then defaults Content-Type to text/plain when none is set). */
  bodyAsString?: boolean
  extraHeaders: [string, string][]
}

export interface Materialized {
  request: Request
  bytes: Uint8Array | undefined
  notes: BodyNotes
  /** A short description for failure messages (no megabyte bodies). */
  summary: string
}

export interface Context {
  state: ScenarioState
  principals: readonly Principal[]
}

const encoder = new TextEncoder()

const COLLECTION: Record<OpName, string> = {
  listWorkspaces: '/api/workspaces',
  createWorkspace: '/api/workspaces',
  getWorkspace: '/api/workspaces',
  updateWorkspace: '/api/workspaces',
  listApplications: '/api/applications',
  getApplication: '/api/applications',
  getSchema: '/api/schemas',
  deleteWorkspace: '/api/workspaces',
  createApplication: '/api/applications',
  updateApplication: '/api/applications',
  deleteApplication: '/api/applications',
}

/** Turns a descriptor into a real request against the current state. */
export function materialize(spec: RequestSpec, context: Context): Materialized {
  const self = context.principals[spec.who]!
  const other = context.principals[1 - spec.who]!
  const headers = new Headers()
  const put = (name: string, value: string, append = true) =>
    append ? headers.append(name, wireHeaderValue(value)) : headers.set(name, wireHeaderValue(value))
  for (const [name, value] of credentialHeaders(spec, self, other)) put(name, value)
  for (const [name, value] of spec.extraHeaders) put(name, value)

  let scopeId: string | undefined
  if (spec.scope) {
    const scope = spec.scope
    if (scope.mode === 'empty') headers.set('X-Workspace-ID', '')
    if (scope.mode === 'value' || scope.mode === 'repeated') {
      scopeId = resolveId(scope.id, context, self, undefined)
      const value = scope.mode === 'value' && scope.pad ? ` ${scopeId}\t` : scopeId
      put('X-Workspace-ID', value, false)
      if (scope.mode === 'repeated') put('X-Workspace-ID', value)
    }
  }

  let path = COLLECTION[spec.op]
  if (spec.id) {
    const id = resolveId(spec.id, context, self, scopeId)
    path = `${path}/${encodeSegment(id, spec.encoding ?? 'component')}`
    if (!staysUnderApi(path)) path = `${COLLECTION[spec.op]}/${encodeSegment(id, 'component')}`
  }
  if (spec.trailingSlash) path += '/'
  const query = queryString(spec.query)
  const url = `${ORIGIN}${path}${query ? (path.includes('?') ? '&' : '?') + query : ''}`

  let bytes: Uint8Array | undefined
  const notes: BodyNotes = {}
  const canHaveBody = spec.method !== 'GET' && spec.method !== 'HEAD'
  if (spec.body && spec.body.kind !== 'none' && canHaveBody) {
    const built = bodyBytes(spec.body)
    bytes = built.bytes
    if (built.duplicateKeys) notes.duplicateKeys = true
    if (spec.bom) {
      bytes = concat(new Uint8Array([0xef, 0xbb, 0xbf]), bytes)
      notes.bom = true
    }
  }
  if (spec.contentType !== undefined && spec.contentType !== null) headers.set('Content-Type', spec.contentType)

  const asString = spec.bodyAsString && bytes !== undefined && isWellFormedUtf8(bytes)
  const request = new Request(url, {
    method: spec.method,
    headers,
    body: bytes === undefined ? undefined : asString ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) : (bytes as Uint8Array<ArrayBuffer>),
  })
  return { request, bytes, notes, summary: summarize(request, spec, bytes) }
}

/**
 * A header value as it arrives when a client writes the text raw: UTF-8 bytes, read one byte per character
 * (Latin-1), which is all an HTTP header can carry. Control characters other than tab cannot be sent
 * (fetch refuses them) and are dropped.
 */
function wireHeaderValue(value: string): string {
  let out = ''
  for (const byte of encoder.encode(value)) {
    if (byte === 0x09 || (byte >= 0x20 && byte !== 0x7f)) out += String.fromCharCode(byte)
  }
  return out
}

function credentialHeaders(spec: RequestSpec, self: Principal, other: Principal): [string, string][] {
  const key = self.apiKey
  const secret = self.apiSecret
  switch (spec.creds) {
    case 'valid':
      return [['X-API-Key', key], ['X-API-Secret', secret]]
    case 'padded':
      return [['X-API-Key', ` ${key} `], ['X-API-Secret', `\t${secret}`]]
    case 'lowercase-names':
      return [['x-api-key', key], ['x-api-secret', secret]]
    case 'missing-key':
      return [['X-API-Secret', secret]]
    case 'missing-secret':
      return [['X-API-Key', key]]
    case 'missing-both':
      return []
    case 'empty-key':
      return [['X-API-Key', ''], ['X-API-Secret', secret]]
    case 'empty-secret':
      return [['X-API-Key', key], ['X-API-Secret', '']]
    case 'swapped':
      return [['X-API-Key', secret], ['X-API-Secret', key]]
    case 'cross':
      return [['X-API-Key', key], ['X-API-Secret', other.apiSecret]]
    case 'truncated-key':
      return [['X-API-Key', key.slice(0, -1)], ['X-API-Secret', secret]]
    case 'truncated-secret':
      return [['X-API-Key', key], ['X-API-Secret', secret.slice(0, -1)]]
    case 'extended-secret':
      return [['X-API-Key', key], ['X-API-Secret', `${secret}0`]]
    case 'upper-key':
      return [['X-API-Key', key.toUpperCase()], ['X-API-Secret', secret]]
    case 'repeated-key':
      return [['X-API-Key', key], ['X-API-Key', key], ['X-API-Secret', secret]]
    case 'proto-key':
      return [['X-API-Key', '__proto__'], ['X-API-Secret', 'constructor']]
    case 'random':
      return [['X-API-Key', spec.randomCreds?.[0] ?? ''], ['X-API-Secret', spec.randomCreds?.[1] ?? '']]
  }
}

/** Resolves an id descriptor to a string, from the records of the state. */
function resolveId(spec: IdSpec, context: Context, self: Principal, scopeId: string | undefined): string {
  if (spec.from === 'literal') return spec.value
  const { state } = context
  const ownWorkspaces = state.workspaces.filter((w) => w.organization === self.organization)
  const ownIds = new Set(ownWorkspaces.map((w) => w.id))
  let pool: string[]
  if (spec.from === 'in-scope') {
    const inScope = state.applications.filter((a) => a.workspace === scopeId && ownIds.has(a.workspace))
    pool = (inScope.length > 0 ? inScope : state.applications.filter((a) => ownIds.has(a.workspace))).map((a) => a.id)
  } else if (spec.from === 'workspace') {
    pool = state.workspaces
      .filter((w) => (w.organization === self.organization) === (spec.owner === 'self'))
      .map((w) => w.id)
  } else {
    pool = state.applications.filter((a) => ownIds.has(a.workspace) === (spec.owner === 'self')).map((a) => a.id)
  }
  const base = pool.length > 0 ? pool[spec.index % pool.length]! : 'wse_0'
  return mutate(base, spec.mutation)
}

function mutate(id: string, mutation: Mutation): string {
  switch (mutation.kind) {
    case 'none':
      return id
    case 'upper':
      return id.toUpperCase()
    case 'truncate':
      return id.slice(0, Math.min(mutation.length, id.length))
    case 'extend':
      return id.length >= mutation.length ? id : id + 'a'.repeat(mutation.length - id.length)
    case 'prefix':
      return `${mutation.prefix}${id.slice(id.indexOf('_') + 1)}`
    case 'rehex': {
      // Same prefix and length, other hex digits: well-formed and (almost surely) unknown.
      let state = mutation.seed >>> 0 || 1
      const hex = id.slice(id.indexOf('_') + 1).replace(/./g, () => {
        state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
        return (state >>> 16).toString(16).slice(-1)
      })
      return `${id.slice(0, id.indexOf('_') + 1)}${hex}`
    }
    case 'append':
      return id + mutation.text
    case 'prepend':
      return mutation.text + id
  }
}

function encodeSegment(id: string, encoding: Encoding): string {
  try {
    switch (encoding) {
      case 'component':
        return encodeURIComponent(id)
      case 'double':
        return encodeURIComponent(encodeURIComponent(id))
      case 'uri':
        return encodeURI(id)
      case 'raw':
        return id
    }
  } catch {
    // A lone surrogate cannot be percent-encoded: send it raw (the URL parser writes U+FFFD).
    return id
  }
}

/** Whether a path, once the URL parser resolved dot segments, is still the API's. */
function staysUnderApi(path: string): boolean {
  try {
    const { pathname } = new URL(`${ORIGIN}${path}`)
    return pathname === '/api' || pathname.startsWith('/api/')
  } catch {
    return false
  }
}

function queryString(query: QuerySpec): string {
  if (query.entries.length === 0) return ''
  if (query.style === 'params') {
    return new URLSearchParams(query.entries.map(([name, value]) => [name, value ?? ''])).toString()
  }
  return query.entries.map(([name, value]) => (value === null ? name : `${name}=${value}`)).join('&')
}

/** Largest nesting the per-operation properties generate; deeper bodies have a property of their own. */
export const MAX_ROUTINE_DEPTH = 1000

function bodyBytes(body: BodySpec): { bytes: Uint8Array; duplicateKeys: boolean } {
  switch (body.kind) {
    case 'none':
      return { bytes: new Uint8Array(), duplicateKeys: false }
    case 'members': {
      const names = body.members.map(([name]) => name)
      const text = `{${body.members.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`
      return { bytes: encoder.encode(text), duplicateKeys: new Set(names).size !== names.length }
    }
    case 'json':
      return { bytes: encoder.encode(JSON.stringify(body.value) ?? 'null'), duplicateKeys: false }
    case 'text':
      return { bytes: encoder.encode(body.text), duplicateKeys: body.duplicateKeys === true }
    case 'bytes':
      return {
        bytes: concat(encoder.encode(body.before), new Uint8Array(body.bytes), encoder.encode(body.after)),
        duplicateKeys: false,
      }
    case 'deep': {
      const nest =
        body.container === 'array'
          ? `${'['.repeat(body.depth)}${']'.repeat(body.depth)}`
          : `${'{"a":'.repeat(body.depth)}1${'}'.repeat(body.depth)}`
      const member = body.at === 'extra' ? 'x' : body.at
      const text =
        body.at === 'top' ? nest : body.at === 'name' ? `{"name":${nest}}` : `{"name":"deep","${member}":${nest}}`
      return { bytes: encoder.encode(text), duplicateKeys: false }
    }
    case 'long': {
      const value = body.char.repeat(body.length)
      const members: [string, string][] =
        body.field === 'name' ? [['name', value]] : [['name', 'long'], [body.field === 'extra' ? 'x' : body.field, value]]
      return { bytes: encoder.encode(JSON.stringify(Object.fromEntries(members))), duplicateKeys: false }
    }
    case 'sized': {
      const head = encoder.encode('{"name":"')
      const tail = encoder.encode(body.valid ? '"}' : '"')
      const room = body.bytes - head.byteLength - tail.byteLength
      const unit = encoder.encode(body.char)
      const fill = new Uint8Array(Math.max(0, room))
      let at = 0
      while (at + unit.byteLength <= fill.byteLength) {
        fill.set(unit, at)
        at += unit.byteLength
      }
      fill.fill(0x61, at) // pad with 'a' to the exact size
      return { bytes: concat(head, fill, tail), duplicateKeys: false }
    }
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.byteLength
  }
  return out
}

function isWellFormedUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

function summarize(request: Request, spec: RequestSpec, bytes: Uint8Array | undefined): string {
  const headers: string[] = []
  request.headers.forEach((value, name) => headers.push(`${name}: ${JSON.stringify(value.slice(0, 80))}`))
  const body =
    bytes === undefined
      ? 'no body'
      : bytes.byteLength > 300
        ? `${bytes.byteLength} bytes (${spec.body?.kind})`
        : JSON.stringify(new TextDecoder().decode(bytes))
  return `${request.method} ${request.url.slice(0, 400)}\n  headers: ${headers.join('; ')}\n  body: ${body}`
}

