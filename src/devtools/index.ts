/**
 * workspace-api-mock/devtools: a panel beside the app, over a mock made in the same page. What loads with
 * `mountDevtools` is this launcher only (a button, a keyboard shortcut); the panel itself (the console UI
 * of src/console-ui) loads the first time it opens.
 *
 * What it adds to the page: one element at the end of `<body>`, whose shadow root holds everything it shows
 * (its styles stay in, the page's stay out), marked with the attribute `data-workspace-api-mock-devtools`;
 * one sessionStorage key of the same name (open or closed, width, tab); and the change event
 * `workspace-api-mock:change` on `window`. Nothing else: no global variable, no custom element, and
 * nothing sent off the page.
 */
import type { MockApi } from '../api/mock-api.ts'
import type { PageMock } from './page-transport.ts'
import type { ChangeReason } from '../console-ui/transport.ts'
import { launcherSheet } from './launcher-styles.ts'
import type { CoverageDocument } from '../coverage/document.ts'
import type { DevtoolsState, LoadedPanel } from './panel-state.ts'

/** The devtools' one name in the page: the host element's attribute, and the sessionStorage key. */
export const DEVTOOLS_NAME = 'workspace-api-mock-devtools'

/** The event the panel dispatches on `window` after it changed the mock. */
export const MOCK_CHANGE_EVENT = 'workspace-api-mock:change'

/** What changed: a record (edited, added, deleted), the scenario switched, a state loaded, a reset, faults. */
export interface MockChange {
  reason: ChangeReason
}

export interface DevtoolsOptions {
  /** Called after the panel changed the mock (also dispatched as `workspace-api-mock:change` on window). */
  onChange?(change: MockChange): void
  /** What the page serves, as the panel names it. Default: the mock's seed and "this page's scenario". */
  scenario?: string
  /** Open at once, whatever the tab's last state. Default: as the tab left it (closed at first). */
  open?: boolean
  /**
   * Collect what the page's mock answers from now on (docs/coverage.md): the panel's Coverage tab shows it
   * and downloads the coverage document. Default false.
   */
  coverage?: boolean
}

export interface DevtoolsHandle {
  /** Opens the panel (loads it the first time). */
  open(): Promise<void>
  close(): void
  readonly isOpen: boolean
  /** Calls `listener` after each change the panel makes; returns the function that stops it. */
  onChange(listener: (change: MockChange) => void): () => void
  /** Removes the button, the panel and the shortcut. */
  unmount(): void
}

const DEFAULT_STATE: DevtoolsState = { open: false, width: 600, tab: 'requests' }

/**
 * Mounts the devtools on a mock of this page: `mountDevtools(mock)` with what `startMockWorker` or
 * `createBrowserMock` return (its state is then saved after each change), or any `MockApi` (a story's).
 * Alt+Shift+M opens and closes the panel.
 */
export function mountDevtools(mock: PageMock | MockApi, options: DevtoolsOptions = {}): DevtoolsHandle {
  const page: PageMock = 'api' in mock ? mock : { api: mock }
  const { host, root, button } = launcher()
  const signal = changeSignal(options)
  const state = { ...DEFAULT_STATE, ...readState() }
  let panel: Promise<LoadedPanel> | undefined
  const remember = (update: Partial<DevtoolsState>) => {
    Object.assign(state, update)
    writeState(state)
  }
  const serving = { scenario: options.scenario ?? "this page's scenario", seed: page.api.seed }
  // With the panel's code, loaded at once with the option only: the launcher stays a button.
  let collector: { document(): CoverageDocument } | undefined
  if (options.coverage) void import('./panel.ts').then(({ startPageCoverage }) => (collector = startPageCoverage(page.api, serving)))
  const handle: DevtoolsHandle = {
    async open() {
      panel ??= import('./panel.ts').then(({ mountPanel }) =>
        mountPanel(root, page, { serving, state, remember, changed: signal.changed, close: () => handle.close(), ...(options.coverage && { coverage: () => collector?.document() }) }),
      )
      ;(await panel).show()
      button.setAttribute('aria-expanded', 'true')
      remember({ open: true })
    },
    close() {
      void panel?.then((loaded) => loaded.hide())
      button.setAttribute('aria-expanded', 'false')
      remember({ open: false })
      button.focus()
    },
    get isOpen() {
      return state.open
    },
    onChange: signal.onChange,
    unmount() {
      window.removeEventListener('keydown', shortcut)
      void panel?.then((loaded) => loaded.stop())
      host.remove()
    },
  }
  const toggle = () => (state.open ? handle.close() : void handle.open())
  const shortcut = (event: KeyboardEvent) => {
    if (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyM') {
      event.preventDefault()
      toggle()
    }
  }
  button.addEventListener('click', toggle)
  window.addEventListener('keydown', shortcut)
  if (options.open ?? state.open) void handle.open()
  return handle
}

/** The host element at the end of `<body>`, its shadow root, and the button in it. */
function launcher(): { host: HTMLElement; root: ShadowRoot; button: HTMLButtonElement } {
  const host = document.createElement('div')
  host.setAttribute(`data-${DEVTOOLS_NAME}`, '')
  const root = host.attachShadow({ mode: 'open' })
  root.adoptedStyleSheets = [launcherSheet()]
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'launcher'
  button.textContent = 'API mock'
  button.setAttribute('aria-expanded', 'false')
  button.setAttribute('aria-keyshortcuts', 'Alt+Shift+M')
  button.title = 'workspace-api-mock devtools (Alt+Shift+M)'
  root.append(button)
  document.body.append(host)
  return { host, root, button }
}

/** What the panel's changes are told to: the options' callback, the handle's listeners, and the window event. */
function changeSignal(options: DevtoolsOptions) {
  const listeners = new Set<(change: MockChange) => void>()
  return {
    changed(reason: ChangeReason) {
      const change = { reason }
      options.onChange?.(change)
      for (const listener of [...listeners]) listener(change)
      window.dispatchEvent(new CustomEvent(MOCK_CHANGE_EVENT, { detail: change }))
    },
    onChange(listener: (change: MockChange) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

function readState(): Partial<DevtoolsState> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(DEVTOOLS_NAME) ?? '{}') as Partial<DevtoolsState>
    return typeof saved === 'object' && saved !== null ? saved : {}
  } catch {
    // Not ours, damaged, or no storage (a sandboxed frame): the defaults.
    return {}
  }
}

function writeState(state: DevtoolsState): void {
  try {
    sessionStorage.setItem(DEVTOOLS_NAME, JSON.stringify(state))
  } catch {
    // No storage (a sandboxed frame, a full quota): the panel works, and forgets its state on reload.
  }
}
