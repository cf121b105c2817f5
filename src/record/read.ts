/**
 * Reads what a principal of the service sees: every workspace, then every page of each workspace's
 * applications, one request at a time through the client.
 */
import { RecordError, type TargetClient } from './client.ts'

/** The API's largest page (spec: page_size 10 to 100) and last page number (current_page 1 to 1000). */
export const PAGE_SIZE = 100
export const LAST_PAGE = 1000

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

export async function readService(client: TargetClient, onProgress: (counts: Counts) => void = () => {}): Promise<Recorded> {
  const counts: Counts = { workspaces: 0, workspacesDone: 0, applications: 0, pages: 0 }
  const warnings: string[] = []
  const read = (list: List, onRecords: (added: number) => void = () => {}) =>
    readList(client, list, {
      warn: (warning) => warnings.push(warning),
      onPage(added) {
        onRecords(added)
        counts.pages++
        onProgress(counts)
      },
    })
  const workspaces = await read({ path: '/api/workspaces', headers: {}, label: 'workspaces' })
  counts.workspaces = workspaces.length
  const applications: Array<Record<string, unknown>> = []
  for (const workspace of workspaces) {
    const id = String(workspace.id)
    const list = { path: '/api/applications', headers: { 'X-Workspace-ID': id }, label: `applications of workspace ${id}` }
    const listed = await read(list, (added) => (counts.applications += added))
    const stranger = listed.find((application) => !sameWorkspace(application.workspace, id))
    if (stranger) {
      throw new RecordError(
        `the service listed application ${String(stranger.id)} under workspace ${id}, but it names workspace ${String(stranger.workspace)}: does the service honour X-Workspace-ID?`,
      )
    }
    applications.push(...listed)
    counts.workspacesDone++
    onProgress(counts)
  }
  return { workspaces, applications, pages: counts.pages, warnings }
}

/** Whether an application's `workspace` names this workspace id, with either prefix (`wse_`, or `app_` as in the spec's sample). */
function sameWorkspace(workspace: unknown, id: string): boolean {
  const digits = (text: string) => text.slice(text.indexOf('_') + 1)
  return typeof workspace === 'string' && digits(workspace) === digits(id)
}

interface List {
  path: string
  headers: Record<string, string>
  /** What the list is, for warnings. */
  label: string
}

interface ListSink {
  warn(warning: string): void
  /** After each page, with the number of records it added. */
  onPage(added: number): void
}

/**
 * Every record of a list, page by page: the list ends at its `total`, at an empty page, or at the API's
 * last page. A list without `total` (the spec's workspace list is not paged) is whole in one answer.
 * Records are kept once by id: when the service changes while it is read, a record can move to the next page.
 */
async function readList(client: TargetClient, list: List, sink: ListSink): Promise<Array<Record<string, unknown>>> {
  const byId = new Map<string, Record<string, unknown>>()
  for (let number = 1; number <= LAST_PAGE; number++) {
    const request = `${list.path}?current_page=${number}&page_size=${PAGE_SIZE}`
    const { data, total } = envelopeOf(await client.get(request, list.headers), `GET ${request}`)
    const before = byId.size
    for (const record of data) if (!byId.has(String(record.id))) byId.set(String(record.id), record)
    sink.onPage(byId.size - before)
    if (total === undefined || data.length === 0 || byId.size >= total) {
      if (total !== undefined && byId.size !== total) sink.warn(`${list.label}: the service said ${total}, ${byId.size} were read (did it change while recording?)`)
      break
    }
    if (number === LAST_PAGE) sink.warn(`${list.label}: the service holds ${total}; the API pages only up to ${LAST_PAGE * PAGE_SIZE}, which were recorded`)
  }
  return [...byId.values()]
}

/** The `data` and `total` of a list answer; anything else is not the API. */
function envelopeOf(body: unknown, request: string): { data: Array<Record<string, unknown>>; total: number | undefined } {
  const envelope = body as { data?: unknown; total?: unknown } | null
  const data = envelope?.data
  if (typeof envelope !== 'object' || !Array.isArray(data) || !data.every((record) => typeof record === 'object' && record !== null && typeof (record as { id?: unknown }).id === 'string')) {
    throw new RecordError(`the answer to ${request} is not the API's list envelope (a data array of records with an id)`)
  }
  const total = envelope!.total
  if (total !== undefined && !(Number.isSafeInteger(total) && (total as number) >= 0)) {
    throw new RecordError(`the answer to ${request} has a total that is not a count: ${JSON.stringify(total)}`)
  }
  return { data: data as Array<Record<string, unknown>>, total: total as number | undefined }
}
