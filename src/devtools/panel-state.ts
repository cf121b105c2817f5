/** What the launcher (index.ts) and the panel it loads (panel.ts) share: types only. */

/** What the tab remembers (sessionStorage): open or closed, the panel's width, the tab shown. */
export interface DevtoolsState {
  open: boolean
  width: number
  tab: string
}

/** The panel's part, once loaded (panel.ts). */
export interface LoadedPanel {
  show(): void
  hide(): void
  stop(): void
}

