/** verify's flag table: what it parses, what it refuses (one line each), and the help it generates. */
import { expect, test } from 'vitest'
import { parseVerifyFlags, VERIFY_FLAGS, verifyHelpText } from '../../src/cli/verify-flags.ts'

const base = ['--target', 'https://api.example.com/', '--api-key', 'k', '--api-secret', 's']
const messageOf = (args: string[]) => {
  try {
    parseVerifyFlags(args)
  } catch (error) {
    return (error as Error).message
  }
  return 'parsed'
}

test('defaults, and the target without its trailing slash', () => {
  expect(parseVerifyFlags(base)).toEqual({
    target: 'https://api.example.com',
    apiKey: 'k',
    apiSecret: 's',
    write: false,
    rate: 5,
    timeout: 10_000,
    maxAnswerBytes: 8 * 1024 * 1024,
    help: false,
  })
})

test('--max-answer takes a size: 16MiB, 512KiB or bytes, at least 1 KiB', () => {
  expect(parseVerifyFlags([...base, '--max-answer', '16MiB']).maxAnswerBytes).toBe(16 * 1024 * 1024)
  expect(parseVerifyFlags([...base, '--max-answer', '512kib']).maxAnswerBytes).toBe(512 * 1024)
  expect(parseVerifyFlags([...base, '--max-answer', '2048']).maxAnswerBytes).toBe(2048)
  for (const text of ['1000', '8MB', '-1', 'big']) {
    expect(messageOf([...base, `--max-answer=${text}`])).toBe(`--max-answer must be a size such as 8MiB, 512KiB or a number of bytes (at least 1024), got "${text}"`)
  }
})

test('--timeout takes a duration, as record does, or a number of milliseconds', () => {
  expect(parseVerifyFlags([...base, '--timeout', '2m']).timeout).toBe(120_000)
  expect(parseVerifyFlags([...base, '--timeout', '10s']).timeout).toBe(10_000)
  expect(parseVerifyFlags([...base, '--timeout', '1500']).timeout).toBe(1500)
  expect(parseVerifyFlags([...base, '--timeout', '500ms']).timeout).toBe(500)
  for (const text of ['0', '0s', '2 m', '-1', 'soon']) {
    expect(messageOf([...base, `--timeout=${text}`])).toBe(`--timeout must be a duration such as 10s, 2m, 500ms or a number of milliseconds (at least 1 ms), got "${text}"`)
  }
})

test('mistakes: one line naming the flag', () => {
  expect(messageOf(['--api-key', 'k'])).toBe('missing --target, --api-secret: verify --target <url> --api-key <key> --api-secret <secret>')
  expect(messageOf([...base, '--timout', '5s'])).toBe('unknown flag --timout for verify (did you mean --timeout?)')
  expect(messageOf([...base, '--rate'])).toBe('--rate needs a value: --rate <requests/s>')
  expect(messageOf([...base, '--write=yes'])).toBe('--write takes no value')
  expect(messageOf([...base, 'now'])).toBe('unexpected argument "now"')
  expect(messageOf([...base, '--rate', '0.5'])).toBe('parsed')
  expect(messageOf(['--help'])).toBe('parsed')
})

test('the help lists every flag of the table, the descriptions aligned', () => {
  const help = verifyHelpText()
  for (const flag of VERIFY_FLAGS) expect(help).toContain(`--${flag.name}`)
  const rows = help.split('\n').filter((line) => /^ {2}(-\w, | {4})--/.test(line))
  expect(rows).toHaveLength(VERIFY_FLAGS.length)
  expect(new Set(rows.map((row) => row.search(/ {2}[A-Z]/))).size).toBe(1)
  expect(help).toMatch(/--timeout <duration>\s+Longest wait for one answer, read whole: 10s, 2m, or milliseconds \(default 10s\)/)
  expect(help).toMatch(/--max-answer <size>\s+Refuse an answer larger than this once decompressed: 16MiB, 512KiB \(default 8MiB\)/)
  expect(help).toContain('\nExit codes: 0 nothing differs, 1 something differs (with --baseline: something new), 2 usage mistakes and targets it cannot use.\n')
})

test('--openapi takes an http(s) URL or a file that exists; --baseline a file that exists; --operations-out a file in a folder that exists', () => {
  expect(parseVerifyFlags([...base, '--openapi', 'https://api.example.com/api/openapi.json']).openapi).toBe('https://api.example.com/api/openapi.json')
  expect(parseVerifyFlags([...base, '--openapi', 'package.json']).openapi).toBe('package.json')
  expect(messageOf([...base, '--openapi', 'https://user:pass@api.example.com/openapi.json'])).toBe('--openapi must not hold a user name or password: give the principal with --api-key and --api-secret')
  expect(messageOf([...base, '--openapi', 'no-such.json'])).toBe('--openapi: no such file: no-such.json')
  expect(messageOf([...base, '--baseline', 'no-such.json'])).toBe('--baseline: no such file: no-such.json')
  expect(messageOf([...base, '--operations-out', 'no-such-folder/api-changes.ts'])).toMatch(/^--operations-out: no such folder: .*no-such-folder$/)
})
