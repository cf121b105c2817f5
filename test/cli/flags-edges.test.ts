/**
 * The flag parser at its edges: what a CLI user sees for near-miss values (the parsed settings, or the
 * FlagError message the command prints before exiting with 2), for scenario modules and files, and for
 * mistyped flags. Messages are compared whole: a suffix or a missing part is a different message.
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { DEFAULT_SETTINGS, FlagError, helpText, isScenarioModule, parseFlags } from '../../src/cli/serve-flags.ts'

const thisFile = fileURLToPath(import.meta.url)
const thisFolder = dirname(thisFile)

/** The message the command prints for these arguments (fails the test if they parse). */
function messageOf(args: string[]): string {
  try {
    parseFlags(args)
  } catch (error) {
    expect(error).toBeInstanceOf(FlagError)
    return (error as Error).message
  }
  throw new Error(`${JSON.stringify(args)} parsed`)
}

describe('numbers', () => {
  test('--port takes decimal digits only, from 0 to 65535 inclusive', () => {
    expect(parseFlags(['--port', '65535']).port).toBe(65535)
    expect(parseFlags(['--port', '0']).port).toBe(0)
    for (const text of ['65536', '0x10', '1e3', '08080x', 'x8080', ' 80', '80 ', '+80']) {
      expect(messageOf(['--port', text])).toBe(`--port must be an integer from 0 to 65535, got "${text}"`)
    }
  })

  test('--fail-rate: 0, 1, a fraction, or 1.0...; nothing else', () => {
    expect(parseFlags(['--fail-rate', '0']).failRate).toBe(0)
    expect(parseFlags(['--fail-rate', '.5']).failRate).toBe(0.5)
    expect(parseFlags(['--fail-rate', '0.25']).failRate).toBe(0.25)
    expect(parseFlags(['--fail-rate', '1.00']).failRate).toBe(1)
    expect(parseFlags(['--fail-rate', '1.']).failRate).toBe(1)
    for (const text of ['1.5', '0.5x', 'x0.5', '+0.5', '00.5', '1e-1', ' 0.5', '0.5 ', '-0', '']) {
      expect(messageOf([`--fail-rate=${text}`])).toBe(`--fail-rate must be a number from 0 to 1, got "${text}"`)
    }
  })

  test('--latency: milliseconds or min-max, nothing around them', () => {
    expect(parseFlags(['--latency', '0']).latency).toBe(0)
    expect(parseFlags(['--latency', '5-5']).latency).toEqual([5, 5])
    for (const text of ['5-', '-5', 'x5', '5x', '10s', '5-8x', 'abc', '1234567']) {
      expect(messageOf([`--latency=${text}`])).toBe(`--latency must be milliseconds up to 120000 or a range min-max (e.g. 200-800), got "${text}"`)
    }
  })

  test('--session-idle: a number with its unit, at least 100 ms', () => {
    expect(parseFlags(['--session-idle', '100ms']).sessionIdle).toBe(100)
    expect(parseFlags(['--session-idle', '1.25s']).sessionIdle).toBe(1250)
    expect(parseFlags(['--session-idle', '0.1s']).sessionIdle).toBe(100)
    for (const text of ['10sx', 'x10s', '99ms', '1.s', '.5s', '10 s']) {
      expect(messageOf(['--session-idle', text])).toBe(
        `--session-idle must be a duration such as 30m, 90s, 2h or 500ms (at least 100 ms), got "${text}"`,
      )
    }
  })
})

describe('credentials', () => {
  test('--api-key and --api-secret take any printable ASCII word', () => {
    expect(parseFlags(['--api-key', 'dev-key', '--api-secret', '~Secret!42'])).toMatchObject({ apiKey: 'dev-key', apiSecret: '~Secret!42' })
    for (const text of ['dev key', 'clé', 'tab\tkey', '']) {
      expect(messageOf([`--api-key=${text}`])).toBe(`--api-key must be printable ASCII without spaces, got "${text}"`)
    }
  })
})

describe('scenario modules and state files', () => {
  test('a value with a slash or a .js/.cjs/.mjs/.ts/.cts/.mts name is a module file, which must exist', () => {
    for (const name of ['a/b', 'a\\b', './x.ts', 'x.js', 'x.cjs', 'x.mjs', 'x.ts', 'x.cts', 'x.mts', 'scale:1x1.ts']) {
      expect(isScenarioModule(name)).toBe(true)
      expect(messageOf(['--scenario', `no-such-${name}`])).toBe(`--scenario: no such file: no-such-${name}`)
    }
    expect(parseFlags(['--scenario', thisFile]).scenario).toBe(thisFile)
    expect(messageOf(['--scenario', `${thisFolder}/`])).toBe(`--scenario: not a file: ${thisFolder}/`)
  })

  test('anything else is a preset name: unknown ones are listed without the API-only "or a function"', () => {
    for (const name of ['x.json', 'x.jsx', 'x.tsx', 'x.ts.bak', 'xjs', 'demo.']) {
      expect(isScenarioModule(name)).toBe(false)
      expect(messageOf(['--scenario', name])).toBe(
        `--scenario: Unknown scenario "${name}": use one of empty, demo, paging, multi-tenant, scale:<workspaces>x<applications>`,
      )
    }
  })

  test('--state names an existing file', () => {
    expect(parseFlags(['--state', thisFile])).toEqual({ ...DEFAULT_SETTINGS, state: thisFile })
    expect(messageOf(['--state', 'no-such-state.json'])).toBe('--state: no such file: no-such-state.json')
    expect(messageOf(['--state', thisFolder])).toBe(`--state: not a file: ${thisFolder}`)
  })

  test('--state and --scenario exclude each other; --watch needs one of a state file or a module', () => {
    const alternatives = '--state and --scenario are alternatives: --state serves a file, --scenario builds data; give one'
    expect(messageOf(['--state', thisFile, '--scenario', 'demo'])).toBe(alternatives)
    expect(messageOf(['--scenario', thisFile, '--state', thisFile])).toBe(alternatives)
    const watch = '--watch reloads a --state file, a --scenario module or an --operations module: give one of them'
    expect(messageOf(['--watch'])).toBe(watch)
    expect(messageOf(['--watch', '--scenario', 'scale:2x2'])).toBe(watch)
    expect(parseFlags(['--watch', '--state', thisFile])).toMatchObject({ watch: true, state: thisFile, scenario: 'demo' })
    expect(parseFlags(['--watch', '--scenario', thisFile])).toMatchObject({ watch: true, state: undefined, scenario: thisFile })
  })
})

describe('mistakes in the flags themselves', () => {
  test.each([
    [['--verbose'], 'unknown flag --verbose'],
    [['--sessions'], 'unknown flag --sessions'],
    [['--pxyz'], 'unknown flag --pxyz'],
    [['--portxyz=1'], 'unknown flag --portxyz'],
    [['--hostxyz'], 'unknown flag --hostxyz'],
    [['--portt=1'], 'unknown flag --portt (did you mean --port?)'],
    [['--port', '1', '--prot'], 'unknown flag --prot (did you mean --port?)'],
    [['---port'], 'unknown flag ---port (did you mean --port?)'],
    // As far from --host as from --help: the first in the table wins.
    [['--heat'], 'unknown flag --heat (did you mean --host?)'],
    [['--fail-stat', '1'], 'unknown flag --fail-stat (did you mean --fail-status?)'],
    [['-x'], 'unknown flag -x'],
    [['-p'], '--port needs a value: --port <number>'],
    [['--state'], '--state needs a value: --state <file.json>'],
    [['--session-idle'], '--session-idle needs a value: --session-idle <duration>'],
    // A negative number is a value: the flag's parser judges it, by its long or its short name.
    [['--port', '-1'], '--port must be an integer from 0 to 65535, got "-1"'],
    [['-p', '-1'], '--port must be an integer from 0 to 65535, got "-1"'],
    [['--', '--port', '-1'], 'unexpected argument "-1"'],
    [['--session-idle', '-5s'], '--session-idle must be a duration such as 30m, 90s, 2h or 500ms (at least 100 ms), got "-5s"'],
    [['--watch=yes'], '--watch takes no value'],
    [['-h=x'], 'unknown flag -='],
  ])('%j: "%s"', (args, message) => {
    expect(messageOf(args)).toBe(message)
  })
})

describe('--help', () => {
  test('switches show no value; every row is the flag, padding, its description', () => {
    const text = helpText()
    expect(text).toMatch(/^ {6}--watch {2,}Reload the --state file, --scenario module or --operations module when it changes$/m)
    expect(text).toMatch(/^ {2}-h, --help {2,}Show this help and exit$/m)
    expect(text).toMatch(/^ {2}-p, --port <number> {2,}TCP port to listen on/m)
    expect(text).toContain('\nExamples:\n')
    expect(text.endsWith('Documentation: README.md and docs/ of the package (node_modules/workspace-api-mock/ in a project).\n')).toBe(true)
  })
})

describe('the limits and the admin (issue 23)', () => {
  test('defaults: 100,000 records, a 30 s body timeout, no token, no extra host names', () => {
    expect(parseFlags([])).toMatchObject({ maxRecords: 100_000, bodyTimeout: 30_000, adminToken: undefined, allowedHosts: [] })
  })

  test('--max-records: an integer from 1', () => {
    expect(parseFlags(['--max-records', '5000']).maxRecords).toBe(5000)
    for (const text of ['0', '1.5', 'many']) {
      expect(messageOf(['--max-records', text])).toBe(`--max-records must be an integer from 1 to 100000000, got "${text}"`)
    }
  })

  test('--body-timeout: a duration with its unit', () => {
    expect(parseFlags(['--body-timeout', '2m']).bodyTimeout).toBe(120_000)
    expect(parseFlags(['--body-timeout', '250ms']).bodyTimeout).toBe(250)
    for (const text of ['30', '0s', 'soon']) {
      expect(messageOf(['--body-timeout', text])).toBe(`--body-timeout must be a duration such as 30m, 90s, 2h or 500ms (at least 1 ms), got "${text}"`)
    }
  })

  test('--admin-token: 16 printable characters or more, no spaces', () => {
    expect(parseFlags(['--admin-token', 'a-token-of-16-ch']).adminToken).toBe('a-token-of-16-ch')
    for (const text of ['short', 'sixteen chars!!!', 'tøken-of-sixteen']) {
      expect(messageOf(['--admin-token', text])).toBe('--admin-token must be at least 16 printable ASCII characters without spaces')
    }
  })

  test('--allowed-host: repeatable, host names (a leading dot for subdomains), in lower case', () => {
    expect(parseFlags(['--allowed-host', 'Mock.Example.com', '--allowed-host', '.dev.test']).allowedHosts).toEqual(['mock.example.com', '.dev.test'])
    for (const text of ['http://x.test', 'x.test:80', 'a b', '', '..x']) {
      expect(messageOf(['--allowed-host', text])).toBe(`--allowed-host must be a host name such as mock.example.com or .example.com, got "${text}"`)
    }
  })

  test('--help names each new flag with its default', () => {
    const help = helpText()
    expect(help).toContain('--max-records <number>')
    expect(help).toContain('(default 100000)')
    expect(help).toContain('--body-timeout <duration>')
    expect(help).toContain('(default 30s)')
    expect(help).toContain('--admin-token <token>')
    expect(help).toContain('--allowed-host <name>')
  })
})
