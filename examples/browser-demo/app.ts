/** The demo "app": plain fetch calls to /api/..., unaware that a mock answers them. */
import type { Application, Credentials, Workspace } from 'workspace-api-mock/browser'

const list = document.querySelector<HTMLUListElement>('#workspaces')!
const form = document.querySelector<HTMLFormElement>('#create')!
const status = document.querySelector<HTMLParagraphElement>('#status')!

export async function renderApp(credentials: Credentials): Promise<void> {
  const headers = { 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret }

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(path, { ...init, headers: { ...headers, ...init.headers } })
    const body = await response.json()
    if (!response.ok) throw new Error(`${response.status} ${body.detail ?? response.statusText}`)
    return body as T
  }

  // `data-ready`: false while loading, true once the list shows, error when it could not be loaded.
  async function render(): Promise<void> {
    document.body.dataset.ready = 'false'
    try {
      const { data: workspaces } = await call<{ data: Workspace[] }>('/api/workspaces')
      const items = await Promise.all(
        workspaces.map(async (workspace) => {
          const page = await call<{ data: Application[]; total: number }>(
            '/api/applications?current_page=1&page_size=10',
            { headers: { 'X-Workspace-ID': workspace.id } },
          )
          return workspaceItem(workspace, page.data, page.total, rename)
        }),
      )
      list.replaceChildren(...items)
      document.body.dataset.ready = 'true'
    } catch (error) {
      status.textContent = `Could not load the workspaces: ${(error as Error).message}`
      document.body.dataset.ready = 'error'
    }
  }

  async function rename(workspace: Workspace, name: string): Promise<void> {
    try {
      const { data } = await call<{ data: Workspace }>(`/api/workspaces/${workspace.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      })
      status.textContent = `Renamed ${workspace.name} to ${data.name}`
      await render()
    } catch (error) {
      status.textContent = `Could not rename the workspace: ${(error as Error).message}`
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const fields = new FormData(form)
    try {
      const { data } = await call<{ data: Workspace }>('/api/workspaces', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: fields.get('name'), description: fields.get('description') }),
      })
      status.textContent = `Created ${data.name} (${data.id})`
      form.reset()
      await render()
    } catch (error) {
      status.textContent = `Could not create the workspace: ${(error as Error).message}`
    }
  })

  await render()
}

function workspaceItem(
  workspace: Workspace,
  applications: Application[],
  total: number,
  rename: (workspace: Workspace, name: string) => Promise<void>,
): HTMLLIElement {
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
