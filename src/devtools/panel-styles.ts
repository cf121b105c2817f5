/** The panel's frame in the shadow root: the box on the right of the window, its edge, header and tabs. */
import { sheetOf } from '../console-ui/sheet.ts'

const CSS = `
.devtools {
  position: fixed; top: 0; right: 0; bottom: 0; z-index: 2147483647; display: flex; flex-direction: column;
  max-width: calc(100vw - 40px); background: #f4f6f8; border-left: 1px solid #8c959f;
  box-shadow: -4px 0 16px rgb(0 0 0 / 0.18);
  /* Set here, inside the shadow root, where the page's own rules cannot reach (they can reach the host). */
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, sans-serif; font-size: 15px; line-height: 1.45;
  color: var(--ink); text-align: left; letter-spacing: normal; word-spacing: normal; text-transform: none;
}
.devtools > .head { display: flex; justify-content: space-between; align-items: center; gap: 0.6rem; padding: 0.45rem 0.8rem; background: #24292f; color: #fff; }
.devtools > .head .summary { margin: 0; font-size: 0.8rem; color: #d0d7de; }
.devtools > .head button.close { background: #f6f8fa; }
.resizer { position: absolute; left: -4px; top: 0; bottom: 0; width: 8px; cursor: ew-resize; }
.resizer:focus-visible { outline: 3px solid var(--focus); background: #ddf4ff; }
.tabs { display: flex; flex-direction: column; flex: 1; min-height: 0; }
.tablist { display: flex; gap: 0.2rem; padding: 0.4rem 0.6rem 0; border-bottom: 1px solid var(--line); background: #eaeef2; }
.tablist [role='tab'] { border-radius: 6px 6px 0 0; border-bottom: 0; background: transparent; }
.tablist [role='tab'][aria-selected='true'] { background: #fff; border-color: var(--line); font-weight: 600; }
.tabpanel { flex: 1; min-height: 0; overflow: auto; padding: 0.6rem; }
.tabpanel > .panel { border: 0; padding: 0.2rem; background: transparent; }
.tabpanel > .log-panel { height: 100%; }
/* Narrower than the console page: a problem's detail shows when its request is opened. */
.tabpanel #log .detail { display: none; }
/*
 * The status: a line at the bottom of the panel, in the flow, so that it covers nothing (a Save button,
 * a field's problem). Collapsed rather than display: none when quiet: a live region must stay in the
 * accessibility tree to be read when it speaks.
 */
.toast { flex: none; background: #24292f; color: #fff; padding: 0.45rem 0.8rem; }
.toast:not(.shown) { height: 0; padding: 0; overflow: hidden; }
.toast[data-kind='error'] { background: var(--server); }
`

export const panelSheet = sheetOf(CSS)
