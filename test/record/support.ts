/** Reading a server's lists and pages as a client does, and what "the same" means between two servers. */
import type { PrintedPrincipal } from '../cli/cli-process.ts'
import { authHeaders } from '../cli/cli-process.ts'

/**
 * Every answer a client can page through: the workspace list, then each workspace's applications at
 * `pageSize` until a page past the end. Origins of URLs into the API (`$schema`, icons) become `<origin>`:
 * a state is served at another address, and that is all that may differ.
 */
export async function everyPage(url: string, as: PrintedPrincipal, pageSize: number): Promise<unknown[]> {
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}${path}`, { headers: authHeaders(as, headers) })
    return { status: response.status, body: withoutOrigins(await response.json()) }
  }
  const list = await get('/api/workspaces')
  const answers: unknown[] = [list]
  for (const { id } of (list.body as { data: Array<{ id: string }> }).data) {
    for (let page = 1; ; page++) {
      const answer = await get(`/api/applications?current_page=${page}&page_size=${pageSize}`, { 'X-Workspace-ID': id })
      answers.push(answer)
      if ((answer.body as { data: unknown[] }).data.length === 0) break
    }
    answers.push(await get(`/api/workspaces/${id}`))
  }
  return answers
}

export function withoutOrigins(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(/"https?:\/\/[^/"]+\/api\//g, '"<origin>/api/'))
}
