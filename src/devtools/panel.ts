/**
 * The devtools panel, loaded the first time it opens: the console UI (src/console-ui) over the page's own
 * mock, its sections as tabs, in the launcher's shadow root, on the right of the window. Its width can be
 * dragged or set with the arrow keys on its edge; Escape closes it.
 */
import { ConsoleUi } from '../console-ui/app.ts'
import { h, plural } from '../console-ui/dom.ts'
import { PageTransport, type PageMock, type Serving } from './page-transport.ts'
import { styleSheet } from '../console-ui/styles.ts'
import type { ChangeReason, MockInfo } from '../console-ui/transport.ts'
import type { CoverageDocument } from '../coverage/document.ts'
import type { DevtoolsState, LoadedPanel } from './panel-state.ts'
import { launcherSheet } from './launcher-styles.ts'
import { panelSheet } from './panel-styles.ts'
import { tabs } from './tabs.ts'

export { startPageCoverage } from './page-coverage.ts'

export interface PanelContext {
  serving: Serving
  state: DevtoolsState
  remember(update: Partial<DevtoolsState>): void
  changed(reason: ChangeReason): void
  close(): void
  /** The document of what the page's mock answered, when the devtools collect it (`coverage: true`). */
  coverage?: () => CoverageDocument | undefined
}

const MIN_WIDTH = 320

export function mountPanel(root: ShadowRoot, mock: PageMock, context: PanelContext): LoadedPanel {
  root.adoptedStyleSheets = [launcherSheet(), styleSheet(), panelSheet()]
  const status = h('div', { class: 'toast', role: 'status', 'aria-live': 'polite' })
  const summary = h('p', { class: 'summary' }, 'Loading…')
  const ui = new ConsoleUi(new PageTransport(mock, context.serving, context.coverage), { status, changed: context.changed, info: (info) => (summary.textContent = summaryOf(info)) })
  const close = h('button', { type: 'button', class: 'close', 'aria-label': 'Close the devtools panel' }, 'Close')
  close.addEventListener('click', () => context.close())
  const sections = [
    { id: 'requests', label: 'Requests', element: ui.requests.element },
    { id: 'data', label: 'Data', element: ui.data.element },
    { id: 'scenario', label: 'Scenario', element: ui.scenario.element },
    { id: 'faults', label: 'Faults', element: ui.faults.element },
    { id: 'principals', label: 'Principals', element: ui.principals.element },
    { id: 'drift', label: 'Drift', element: ui.drift.element },
    { id: 'coverage', label: 'Coverage', element: ui.coverage.element },
  ]
  const tabbed = tabs(sections, context.state.tab, (tab) => {
    context.remember({ tab })
    ui.status.clear()
  })
  const frame = h(
    'aside',
    { class: 'devtools', 'aria-label': 'workspace-api-mock devtools', hidden: true },
    resizer(context),
    h('div', { class: 'head' }, h('div', {}, h('strong', {}, 'workspace-api-mock'), summary), close),
    tabbed.element,
    status,
  )
  frame.style.width = `${clampWidth(context.state.width)}px`
  frame.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') context.close()
  })
  root.append(frame)
  let running = false
  return {
    show() {
      frame.hidden = false
      if (!running) ui.start()
      running = true
      tabbed.focus()
    },
    hide() {
      frame.hidden = true
      // Closed, it follows nothing: the journal then has no listener to build entries for.
      ui.stop()
      running = false
    },
    stop() {
      ui.stop()
      frame.remove()
    },
  }
}

function summaryOf(info: MockInfo): string {
  const { counts } = info
  return [`${info.scenario}, seed ${info.seed}`, plural(counts.organizations, 'organization'), plural(counts.accounts, 'principal'), plural(counts.workspaces, 'workspace'), plural(counts.applications, 'application')].join(' · ')
}

function clampWidth(width: number): number {
  return Math.round(Math.min(Math.max(MIN_WIDTH, Number.isFinite(width) ? width : MIN_WIDTH), Math.max(MIN_WIDTH, window.innerWidth - 40)))
}

/** The panel's left edge: dragged, or moved with the arrow keys, it sets the width (kept for the tab). */
function resizer(context: PanelContext): HTMLElement {
  const edge = h('div', { class: 'resizer', role: 'separator', tabindex: 0, 'aria-orientation': 'vertical', 'aria-label': 'Width of the devtools panel', 'aria-valuemin': MIN_WIDTH })
  const set = (width: number) => {
    const clamped = clampWidth(width)
    const frame = edge.parentElement!
    frame.style.width = `${clamped}px`
    edge.setAttribute('aria-valuenow', String(clamped))
    edge.setAttribute('aria-valuemax', String(clampWidth(Infinity)))
    context.remember({ width: clamped })
  }
  edge.setAttribute('aria-valuenow', String(clampWidth(context.state.width)))
  edge.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? 80 : 16
    if (event.key === 'ArrowLeft') set(context.state.width + step)
    else if (event.key === 'ArrowRight') set(context.state.width - step)
    else return
    event.preventDefault()
  })
  edge.addEventListener('pointerdown', (event) => {
    edge.setPointerCapture(event.pointerId)
    const move = (moved: PointerEvent) => set(window.innerWidth - moved.clientX)
    edge.addEventListener('pointermove', move)
    edge.addEventListener('pointerup', () => edge.removeEventListener('pointermove', move), { once: true })
  })
  return edge
}
