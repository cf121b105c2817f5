/** Text a service said, as record and verify print it: control characters visible, long values cut. */
import { expect, test } from 'vitest'
import { shown, shownValue, visible } from '../../src/text/terminal-text.ts'

test.each([
  ['escape sequences: a window title, a screen clear, a colour', '\u001b]0;owned\u0007\u001b[2J\u001b[31mred', '\\x1b]0;owned\\x07\\x1b[2J\\x1b[31mred'],
  ['line breaks and tabs', 'a\nb\r\tc', 'a\\nb\\r\\tc'],
  ['DEL and C1 controls', '\u007f\u009b', '\\x7f\\x9b'],
  ['a right-to-left override and the line separators', 'abc\u202efdp.exe\u2028\u2029', 'abc\\u202efdp.exe\\u2028\\u2029'],
  ['text as it is', 'Ünïcödé ✓ 😀', 'Ünïcödé ✓ 😀'],
])('%s', (_what, text, expected) => {
  expect(visible(text)).toBe(expected)
})

test('a long value is cut, with its length; never between the halves of a surrogate pair', () => {
  expect(shown('x'.repeat(1_000_000))).toBe(`${'x'.repeat(199)}… (1000000 characters)`)
  expect(shown(`${'x'.repeat(198)}😀😀`)).toBe(`${'x'.repeat(198)}… (202 characters)`)
  expect(shown('short')).toBe('short')
})

test('a value that is not a string is shown as JSON', () => {
  expect(shownValue({ a: '\u001b' })).toBe('{"a":"\\u001b"}')
  expect(shownValue(undefined)).toBe('undefined')
})
