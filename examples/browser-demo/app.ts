/**
 * The demo "app": plain fetch calls to /api/..., unaware that a mock answers them, cached by TanStack
 * Query's framework-free core (a React app would use @tanstack/react-query the same way).
 */
import { QueryObserver, type QueryClient } from '@tanstack/query-core'
import type { Application, Credentials, Workspace } from 'workspace-api-mock/browser'

const list = document.querySelector<HTMLUListElement>('#workspaces')!
const empty = document.querySelector<HTMLParagraphElement>('#empty')!
const form = document.querySelector<HTMLFormElement>('#create')!
const status = document.querySelector<HTMLParagraphElement>('#status')!

interface Listed {
  workspace: Workspace
  applications: Application[]
  total: number
}

export function renderApp(credentials: Credentials, queryClient: QueryClient): Promise<void> {
  const headers = { 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret }

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(path, { ...init, headers: { ...headers, ...init.headers } })
    const body = await response.json()
    if (!response.ok) throw new Error(`${response.status} ${body.detail ?? response.statusText}`)
    return body as T
  }

  async function load(): Promise<Listed[]> {
    const { data: workspaces } = await call<{ data: Workspace[] }>('/api/workspaces')
    return Promise.all(
      workspaces.map(async (workspace) => {
        const page = await call<{ data: Application[]; total: number }>('/api/applications?current_page=1&page_size=10', {
          headers: { 'X-Workspace-ID': workspace.id },
        })
        return { workspace, applications: page.data, total: page.total }
      }),
    )
  }

  async function write(path: string, method: string, body: object, done: (workspace: Workspace) => string, failed: string): Promise<void> {
    try {
      const { data } = await call<{ data: Workspace }>(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      status.textContent = done(data)
      await queryClient.invalidateQueries({ queryKey: ['workspaces'] })
    } catch (error) {
      status.textContent = `${failed}: ${(error as Error).message}`
    }
  }

  const rename = (workspace: Workspace, name: string) =>
    write(`/api/workspaces/${workspace.id}`, 'PUT', { name }, (data) => `Renamed ${workspace.name} to ${data.name}`, 'Could not rename the workspace')

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const fields = new FormData(form)
    void write('/api/workspaces', 'POST', { name: fields.get('name'), description: fields.get('description') }, (data) => {
      form.reset()
      return `Created ${data.name} (${data.id})`
    }, 'Could not create the workspace')
  })

  // `data-ready`: false while loading, true once the list shows, error when it could not be loaded.
  const observer = new QueryObserver(queryClient, { queryKey: ['workspaces'], queryFn: load })
  return new Promise((settled) => {
    observer.subscribe((result) => {
      if (result.isFetching) {
        document.body.dataset.ready = 'false'
        return
      }
      if (result.isError) {
        status.textContent = `Could not load the workspaces: ${result.error.message}`
        document.body.dataset.ready = 'error'
      } else if (result.data) {
        if (status.textContent?.startsWith('Could not load')) status.textContent = ''
        list.replaceChildren(...result.data.map((listed) => workspaceItem(listed, rename)))
        empty.hidden = result.data.length > 0
        document.body.dataset.ready = 'true'
      }
      settled()
    })
  })
}

function workspaceItem({ workspace, applications, total }: Listed, rename: (workspace: Workspace, name: string) => Promise<void>): HTMLLIElement {
  const item = element('li', { className: 'workspace' })
  item.dataset.testid = 'workspace'
  item.dataset.id = workspace.id
  const icon = element('img', { src: workspace.icons.small, alt: '', width: 36, height: 36 })
  const title = element('strong', { textContent: workspace.name })
  const count = element('small', { textContent: `${total} application${total === 1 ? '' : 's'}` })
  const renameForm = element(
    'form',
    { className: 'rename' },
    element('input', { name: 'name', value: workspace.name, required: true, ariaLabel: `New name for ${workspace.name}` }),
    element('button', { type: 'submit', textContent: 'Rename' }),
  )
  renameForm.addEventListener('submit', (event) => {
    event.preventDefault()
    void rename(workspace, String(new FormData(renameForm).get('name')))
  })
  const apps = element('ul', { className: 'applications' })
  for (const application of applications) {
    const app = element('li', { textContent: `${application.name} (${application.external_domain})` })
    app.dataset.testid = 'application'
    apps.append(app)
  }
  item.append(element('header', {}, icon, title, count, renameForm), apps)
  return item
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]>,
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), properties)
  node.append(...children)
  return node
}
