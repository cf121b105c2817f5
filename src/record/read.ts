/**
 * Reads what a principal of the service sees: every workspace, then every page of each workspace's
 * applications, one request at a time through the client.
 */
import { ID_PREFIX, idSchema, MAX_ID_LENGTH } from '../model/ids.ts'
import { sizeText } from '../text/size-text.ts'
import { shownValue } from '../text/terminal-text.ts'
import { RecordError, type TargetClient } from './client.ts'

/** The API's largest page (spec: page_size 10 to 100) and last page number (current_page 1 to 1000). */
export const PAGE_SIZE = 100
export const LAST_PAGE = 1000

/**
 * Most records (workspaces and applications together) one recording keeps by default: the demo server's
 * `--max-records` default, so that what is recorded can be served. A service that claims more, or pages
 * without end, stops the recording here instead of filling the memory (`--max-records` raises it).
 */
export const MAX_RECORDED = 100_000

/**
 * Bytes of answers (decompressed) one recording reads, a record of `--max-records`: twice the size of the
 * records the mock serves (1.3 KB as JSON). Records alone do not bound the memory: a page of 100 can hold
 * 8 MiB.
 */
export const BYTES_A_RECORD = 2048

export interface Counts {
  workspaces: number
  /** Workspaces whose applications are read, of `workspaces`. */
  workspacesDone: number
  applications: number
  pages: number
}

export interface Recorded {
  workspaces: Array<Record<string, unknown>>
  applications: Array<Record<string, unknown>>
  pages: number
  /** What the user should know about the recording (a list cut short, records that moved while paging). */
  warnings: string[]
}

export interface ReadOptions {
  /** Most records kept in all (MAX_RECORDED by default). */
  maxRecords: number
  onProgress?(counts: Counts): void
}

export async function readService(client: TargetClient, options: ReadOptions): Promise<Recorded> {
  const counts: Counts = { workspaces: 0, workspacesDone: 0, applications: 0, pages: 0 }
  const warnings: string[] = []
  const progress = () => options.onProgress?.(counts)
  const read = (list: List, count: 'workspaces' | 'applications') =>
    readList(client, list, {
      warn: (warning) => warnings.push(warning),
      onPage(added) {
        counts[count] += added
        counts.pages++
        withinBounds(counts, client.bytes, options.maxRecords)
        progress()
      },
    })
  const workspaces = await read({ path: '/api/workspaces', headers: {}, label: 'workspaces' }, 'workspaces')
  const applications: Array<Record<string, unknown>> = []
  for (const workspace of workspaces) {
    const id = sendableId(workspace.id)
    const list = { path: '/api/applications', headers: { 'X-Workspace-ID': id }, label: `applications of workspace ${id}` }
    const listed = await read(list, 'applications')
    const stranger = listed.find((application) => !sameWorkspace(application.workspace, id))
    if (stranger) {
      throw new RecordError(
        `the service listed application ${shownValue(stranger.id)} under workspace ${id}, but it names workspace ${shownValue(stranger.workspace)}: does the service honour X-Workspace-ID?`,
      )
    }
    applications.push(...listed)
    counts.workspacesDone++
    progress()
  }
  return { workspaces, applications, pages: counts.pages, warnings }
}

/** Throws at the run's bounds: records kept, and bytes read (BYTES_A_RECORD a record of `maxRecords`). */
function withinBounds(counts: Counts, bytes: number, maxRecords: number): void {
  const format = new Intl.NumberFormat('en-US').format
  if (counts.workspaces + counts.applications > maxRecords) {
    throw new RecordError(
      `the service holds more than ${format(maxRecords)} records (workspaces and applications together), the most one recording keeps (--max-records raises it)`,
    )
  }
  const maxBytes = maxRecords * BYTES_A_RECORD
  if (bytes > maxBytes) {
    throw new RecordError(
      `the service sent more than ${sizeText(maxBytes)} of answers (${sizeText(BYTES_A_RECORD)} a record of --max-records ${format(maxRecords)}), the most one recording reads (--max-records raises it)`,
    )
  }
}

/** A workspace id as the API shapes them: it goes out as `X-Workspace-ID`, so a control character in it must not. */
function sendableId(id: unknown): string {
  if (workspaceId.safeParse(id).success) return id as string
  throw new RecordError(`the service listed a workspace whose id is not an id of the API (wse_ or app_ and hex, at most ${MAX_ID_LENGTH} characters): ${shownValue(id)}`)
}

const workspaceId = idSchema(ID_PREFIX.workspace, ID_PREFIX.application)

/** Whether an application's `workspace` names this workspace id, with either prefix (`wse_`, or `app_` as in the spec's sample). */
function sameWorkspace(workspace: unknown, id: string): boolean {
  const digits = (text: string) => text.slice(text.indexOf('_') + 1)
  return typeof workspace === 'string' && digits(workspace) === digits(id)
}

interface List {
  path: string
  headers: Record<string, string>
  /** What the list is, for messages. */
  label: string
}

interface ListSink {
  warn(warning: string): void
  /** After each page, with the number of records it added. */
  onPage(added: number): void
}

/**
 * Every record of a list, page by page: the list ends at the `total` its first page claims, at an empty page,
 * or at the API's last page. A list without `total` (the spec's workspace list is not paged) is whole in one
 * answer. Records are kept once by id: when the service changes while it is read, a record can move to the
 * next page; a whole page of records already read is a service that does not page, and stops the recording.
 */
async function readList(client: TargetClient, list: List, sink: ListSink): Promise<Array<Record<string, unknown>>> {
  const byId = new Map<string, Record<string, unknown>>()
  let claimed: number | undefined
  for (let number = 1; number <= LAST_PAGE; number++) {
    const request = `${list.path}?current_page=${number}&page_size=${PAGE_SIZE}`
    const { data, total } = envelopeOf(await client.get(request, list.headers), `GET ${request}`)
    claimed ??= total
    const before = byId.size
    for (const record of data) if (!byId.has(record.id)) byId.set(record.id, record)
    sink.onPage(byId.size - before)
    if (claimed === undefined || data.length === 0 || byId.size >= claimed) {
      if (total !== undefined && byId.size !== total) sink.warn(`${list.label}: the service said ${total}, ${byId.size} were read (did it change while recording?)`)
      break
    }
    if (byId.size === before) {
      throw new RecordError(`${list.label}: page ${number} holds only records of earlier pages (${data.length}, none new), with ${claimed} claimed and ${byId.size} read: the service does not page as the API does`)
    }
    if (number === LAST_PAGE) sink.warn(`${list.label}: the service holds ${claimed}; the API pages only up to ${LAST_PAGE * PAGE_SIZE}, and ${byId.size} were recorded`)
  }
  return [...byId.values()]
}

/** The `data` and `total` of a list answer; anything else is not the API. */
function envelopeOf(body: unknown, request: string): { data: Array<Record<string, unknown> & { id: string }>; total: number | undefined } {
  const envelope = body as { data?: unknown; total?: unknown } | null
  const data = envelope?.data
  if (typeof envelope !== 'object' || !Array.isArray(data) || !data.every((record) => typeof record === 'object' && record !== null && typeof (record as { id?: unknown }).id === 'string')) {
    throw new RecordError(`the answer to ${request} is not the API's list envelope (a data array of records with an id)`)
  }
  const total = envelope!.total
  if (total !== undefined && !(Number.isSafeInteger(total) && (total as number) >= 0)) {
    throw new RecordError(`the answer to ${request} has a total that is not a count: ${shownValue(total)}`)
  }
  return { data: data as Array<Record<string, unknown> & { id: string }>, total: total as number | undefined }
}
