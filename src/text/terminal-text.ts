/**
 * Text a service said, made safe to print on a terminal (`record`'s and `verify`'s lines): a service's
 * problem `detail`, an id or a header could otherwise set the window title, clear the screen, colour the
 * output or forge lines of its own with a newline.
 */

/** Longest value of a service's text shown on a line (a 1 MB id would otherwise print a 1 MB line). */
export const SHOWN_LENGTH = 200

/**
 * C0 and C1 controls and DEL, the line and paragraph separators, and the marks and overrides that reorder
 * text (a right-to-left override makes a line read as something else).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** Control characters shown as escapes (`\x1b`, `\n`, `\u202e`); the rest of the text as it is. */
export function visible(text: string): string {
  return text.replace(CONTROL, (c) => NAMED[c] ?? (c.charCodeAt(0) < 0x100 ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`))
}

/** `visible(text)`, cut to `max` characters with its length said when it is longer. */
export function shown(text: string, max = SHOWN_LENGTH): string {
  const safe = visible(text)
  if (safe.length <= max) return safe
  // The first max - 1 characters, unless the last of them is the first half of a surrogate pair.
  const end = /[\ud800-\udbff]/.test(safe[max - 2]!) ? max - 2 : max - 1
  return `${safe.slice(0, end)}… (${text.length} characters)`
}

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, '0')

/** A value a service sent, for a message: a string as it is, anything else as JSON; then `shown`. */
export function shownValue(value: unknown, max = SHOWN_LENGTH): string {
  return shown(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)), max)
}
