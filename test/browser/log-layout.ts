/**
 * How the Requests log lays out its rows, read in the page (the console's, or the devtools panel's): the
 * lines each id of a path takes, the operation cells beyond the log's right edge, and how far the log
 * overflows sideways. test/browser/console.test.ts and panel.test.ts hold both places to the same layout.
 */
import type { Locator } from 'playwright-core'

export interface LogLayout {
  /** Each id in a path (a text part with `_` and hex digits) and the lines it takes. */
  ids: Array<[string, number]>
  /** Operation cells cut by the log's right edge (or not shown). */
  clipped: number
  /** Pixels the log's scroll area is wider than its box. */
  overflow: number
  operations: string[]
}

/** `log` is the `#log` table. */
export function logLayout(log: Locator): Promise<LogLayout> {
  return log.evaluate((table) => {
    const scroll = table.closest('.scroll')!
    const lines = (node: Node) => {
      const range = document.createRange()
      range.selectNodeContents(node)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    }
    const ids = [...table.querySelectorAll('td.path code')].flatMap((code) => [...code.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && /_[0-9a-f]{8}/.test(node.textContent!)))
    const cells = [...table.querySelectorAll('td.operation')]
    const edge = scroll.getBoundingClientRect().right
    return {
      ids: ids.map((node) => [node.textContent!, lines(node)] as [string, number]),
      clipped: cells.map((cell) => cell.getBoundingClientRect()).filter((rect) => rect.right > edge + 0.5 || rect.width === 0).length,
      overflow: scroll.scrollWidth - scroll.clientWidth,
      operations: cells.map((cell) => cell.textContent!),
    }
  })
}
