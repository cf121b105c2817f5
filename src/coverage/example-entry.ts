/**
 * The entry of an example exchange (example.ts): the journal's entry of the request, as the journal would
 * show it, without what differs from run to run, secrets redacted and bodies bounded. Built by the
 * collector only, when an exchange brings an outcome, shape or answer not yet exemplified.
 */
import type { JournalRecord } from '../handlers/ports.ts'
import { Journal } from '../testkit/journal.ts'
import type { CoverageEntry } from './document.ts'
import { EXAMPLE_BODY_LIMIT } from './example.ts'

/** Request headers of the transport and the browser: not the API's, and different from run to run. */
const TRANSPORT_HEADERS = /^(host|connection|keep-alive|content-length|transfer-encoding|te|upgrade|user-agent|accept-encoding|accept-language|origin|referer|priority|pragma|cache-control|dnt|sec-.*|upgrade-insecure-requests)$/

/** Answer headers an example keeps: what a client reads of an answer besides its body (the length is not). */
const ANSWER_HEADERS = new Set(['content-type', 'link', 'allow', 'retry-after', 'www-authenticate', 'location'])

/** A member name that would reach an object's prototype where the document is read: never written. */
const PROTOTYPE_KEYS = /"(__proto__|constructor|prototype)"\s*:/

/**
 * The entry of an example: the journal's entry of the request (redacted, bodies parsed), kept stable and
 * bounded; undefined when it holds a member name that reaches a prototype where it is read (`__proto__`),
 * which a document never carries.
 */
export function exampleEntry(record: JournalRecord): CoverageEntry | undefined {
  // A journal of its own, over a copy: the journal fills in the record it keeps, and the mock's journal keeps this one.
  const journal = new Journal<string>(1)
  journal.record({ ...record })
  const entry = journal.entries[0]!
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(entry.headers)) if (!TRANSPORT_HEADERS.test(name)) headers[name] = value
  const url = new URL(entry.url)
  const example: CoverageEntry = {
    operation: entry.operation ?? null,
    method: entry.method,
    url: `${url.pathname}${url.search}`,
    path: entry.path ?? null,
    params: entry.params,
    query: entry.query,
    headers,
    ...(entry.body !== undefined && { body: bounded(entry.body) }),
    status: entry.status,
    responseHeaders: answerHeaders(record),
    ...(entry.detail !== undefined && { detail: entry.detail }),
    ...(entry.responseBody !== undefined && { responseBody: bounded(entry.responseBody) }),
    why: entry.why,
  }
  return PROTOTYPE_KEYS.test(JSON.stringify(example)) ? undefined : example
}

/** The answer's headers a client reads, lower-case (none for a dropped connection). */
function answerHeaders({ answer }: JournalRecord): Record<string, string> {
  const headers: Record<string, string> = {}
  const all = answer instanceof Response ? Object.fromEntries(answer.headers) : (answer?.headers ?? {})
  for (const [name, value] of Object.entries(all)) if (ANSWER_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value
  return headers
}

/** A body as an example keeps it: as is up to EXAMPLE_BODY_LIMIT characters of JSON, else a note that says so. */
function bounded(value: unknown): unknown {
  const json = JSON.stringify(value) ?? ''
  return json.length > EXAMPLE_BODY_LIMIT ? `[${json.length} characters of JSON, over the example's limit]` : value
}
