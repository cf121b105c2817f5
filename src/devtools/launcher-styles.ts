/**
 * The shadow root's own frame: the host reset (the page's inherited styles stop here), the launcher
 * button, and the panel's box. A constructed sheet, so that a page's CSP need not allow inline styles.
 */
import { sheetOf } from '../console-ui/sheet.ts'

const CSS = `
:host { all: initial; }
.launcher {
  position: fixed; right: 12px; bottom: 12px; z-index: 2147483646;
  font: 600 13px/1.2 system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, sans-serif;
  color: #fff; background: #24292f; border: 2px solid #fff; border-radius: 999px; padding: 8px 14px;
  box-shadow: 0 2px 8px rgb(0 0 0 / 0.3); cursor: pointer;
}
.launcher:hover { background: #0b5cad; }
.launcher:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
.launcher[aria-expanded='true'] { display: none; }
`

export const launcherSheet = sheetOf(CSS)
