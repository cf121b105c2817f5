import { describe, expect, test } from 'vitest'
import {
  DEFAULT_SETTINGS,
  defineFlag,
  FLAGS,
  FlagError,
  helpText,
  parseFlags,
} from '../../src/cli/serve-flags.ts'
import { shellQuote } from '../../src/text/shell-quote.ts'
import { PROGRESS_THRESHOLD, scaleSize, withProgress } from '../../src/cli/progress.ts'
import { buildScenario, resolveScenario } from '../../src/index.ts'

describe('parseFlags', () => {
  test('defaults: port 4010 on 127.0.0.1, the demo scenario, seed 1', () => {
    expect(parseFlags([])).toEqual(DEFAULT_SETTINGS)
    expect(DEFAULT_SETTINGS).toMatchObject({ port: 4010, host: '127.0.0.1', scenario: 'demo', seed: 1 })
  })

  test('every flag, long and short forms, with = or a separate value, and the serve command', () => {
    expect(
      parseFlags([
        'serve',
        '-p',
        '0',
        '--host=0.0.0.0',
        '--scenario',
        'scale:3x40',
        '--seed=-12',
        '--api-key',
        'k',
        '--api-secret=s',
      ]),
    ).toEqual({ ...DEFAULT_SETTINGS, port: 0, host: '0.0.0.0', scenario: 'scale:3x40', seed: -12, apiKey: 'k', apiSecret: 's' })
    expect(parseFlags(['-h']).help).toBe(true)
    expect(parseFlags(['--version']).version).toBe(true)
    for (const name of ['empty', 'demo', 'paging', 'multi-tenant']) {
      expect(parseFlags(['--scenario', name]).scenario).toBe(name)
    }
  })

  test.each([
    [['--port', 'abc'], '--port must be an integer from 0 to 65535, got "abc"'],
    [['--port', '70000'], '--port must be an integer from 0 to 65535, got "70000"'],
    [['--port=-1'], '--port must be an integer from 0 to 65535, got "-1"'],
    [['--port', '80.5'], '--port must be an integer from 0 to 65535, got "80.5"'],
    [['--port'], '--port needs a value: --port <number>'],
    [['--host', ' '], '--host must not be empty'],
    [['--seed', '1.5'], `--seed must be an integer from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}, got "1.5"`],
    [['--seed', '99999999999999999999'], '--seed must be an integer'],
    [['--scenario', 'huge'], '--scenario: Unknown scenario "huge": use one of empty, demo, paging, multi-tenant, scale:<workspaces>x<applications>'],
    [['--scenario', 'scale:10'], '--scenario: Unknown scenario "scale:10"'],
    [['--prot', '4010'], 'unknown flag --prot (did you mean --port?)'],
    [['--senario=demo'], 'unknown flag --senario (did you mean --scenario?)'],
    [['--apikey', 'x'], 'unknown flag --apikey (did you mean --api-key?)'],
    [['--verbose'], 'unknown flag --verbose'],
    [['-x'], 'unknown flag -x'],
    [['--api-key', 'has space'], '--api-key must be printable ASCII without spaces, got "has space"'],
    [['--api-secret', 'é'], '--api-secret must be printable ASCII without spaces, got "é"'],
    [['--help=yes'], '--help takes no value'],
    [['start'], 'unknown command "start": the commands are serve (the default), mcp, record, verify, contract, coverage and drift'],
    [['serve', 'now'], 'unexpected argument "now"'],
  ])('%j: FlagError "%s"', (args, message) => {
    expect(() => parseFlags(args)).toThrow(FlagError)
    expect(() => parseFlags(args)).toThrow(message)
  })

  test('--unshown-operations: all, or preset names separated by commas (each once, in the presets\' order)', () => {
    expect(parseFlags([]).unshownOperations).toBeUndefined()
    expect(parseFlags(['--unshown-operations', 'all']).unshownOperations).toEqual(['deleteWorkspace', 'createApplication', 'updateApplication', 'deleteApplication'])
    expect(parseFlags(['--unshown-operations', 'deleteApplication, deleteWorkspace,deleteApplication']).unshownOperations).toEqual(['deleteWorkspace', 'deleteApplication'])
    for (const [text, wrong] of [['deleteApp', 'deleteApp'], ['deleteWorkspace,', ''], ['ALL', 'ALL']]) {
      expect(() => parseFlags(['--unshown-operations', text!])).toThrow(
        `--unshown-operations takes all or some of deleteWorkspace, createApplication, updateApplication, deleteApplication (separated by commas), got "${wrong}"`,
      )
    }
  })

  test('every accepted --scenario value is one resolveScenario accepts', () => {
    for (const name of ['demo', 'scale:0x0', 'scale:2x3']) expect(() => resolveScenario(parseFlags(['--scenario', name]).scenario as 'demo')).not.toThrow()
  })

  test('session flags: --max-sessions and --session-idle (a duration with its unit)', () => {
    expect(parseFlags([])).toMatchObject({ maxSessions: 100, sessionIdle: 30 * 60_000 })
    expect(parseFlags(['--max-sessions', '8', '--session-idle', '90s'])).toMatchObject({ maxSessions: 8, sessionIdle: 90_000 })
    expect(parseFlags(['--session-idle', '2h']).sessionIdle).toBe(7_200_000)
    expect(parseFlags(['--session-idle', '500ms']).sessionIdle).toBe(500)
    expect(parseFlags(['--session-idle', '1.5m']).sessionIdle).toBe(90_000)
    expect(() => parseFlags(['--session-idle', '30'])).toThrow('--session-idle must be a duration such as 30m, 90s, 2h or 500ms (at least 100 ms), got "30"')
    expect(() => parseFlags(['--session-idle', '10ms'])).toThrow('at least 100 ms')
    expect(() => parseFlags(['--max-sessions=-1'])).toThrow('--max-sessions must be an integer from 0 to 100000, got "-1"')
    expect(helpText()).toMatch(/--session-idle <duration>\s+Delete a session after this long unused/)
  })

  test('fault flags: --latency (fixed or range), --fail-rate and --fail-status', () => {
    expect(parseFlags(['--latency', '250']).latency).toBe(250)
    expect(parseFlags(['--latency', '200-800']).latency).toEqual([200, 800])
    expect(parseFlags(['--fail-rate', '0.05'])).toMatchObject({ failRate: 0.05, failStatus: 503 })
    expect(parseFlags(['--fail-rate', '1', '--fail-status', '500'])).toMatchObject({ failRate: 1, failStatus: 500 })
    expect(() => parseFlags(['--fail-rate', '2'])).toThrow('--fail-rate must be a number from 0 to 1, got "2"')
    expect(() => parseFlags(['--latency', '5-1'])).toThrow(/--latency must be milliseconds up to 120000 or a range/)
    expect(() => parseFlags(['--fail-rat', '2'])).toThrow('did you mean --fail-rate?')
    expect(helpText()).toMatch(/--latency <ms\|min-max>\s+Delay every API request/)
  })

  test('a new flag is one table entry: parsed, validated and listed in --help', () => {
    const burst = defineFlag({
      name: 'burst',
      key: 'apiSecret',
      value: '<n>',
      description: 'An example flag',
      parse(text, flag) {
        if (!/^\d+$/.test(text)) throw new FlagError(`${flag} must be a whole number, got "${text}"`)
        return text
      },
    })
    const flags = [...FLAGS, burst]
    expect(parseFlags(['--burst', '5'], flags).apiSecret).toBe('5')
    expect(() => parseFlags(['--burst', 'x'], flags)).toThrow('--burst must be a whole number, got "x"')
    expect(() => parseFlags(['--burs', '2'], flags)).toThrow('did you mean --burst?')
    expect(helpText(flags)).toMatch(/--burst <n>\s+An example flag/)
  })
})

describe('helpText', () => {
  test('lists every flag of the table with its description, aligned', () => {
    const text = helpText()
    expect(text.startsWith('Usage: workspace-api-mock [serve | mcp] [flags]\n')).toBe(true)
    for (const flag of FLAGS) expect(text).toContain(`--${flag.name}`)
    const rows = text.split('\n').filter((line) => /^ {2}(-\w, | {4})--/.test(line))
    expect(rows).toHaveLength(FLAGS.length)
    const starts = new Set(rows.map((row) => row.search(/ {2}[A-Z]/)))
    expect(starts.size).toBe(1)
  })
})

describe('shellQuote', () => {
  test.each([
    ['wam_key_0123', 'wam_key_0123'],
    ['X-API-Key: abc', "'X-API-Key: abc'"],
    ["it's", `'it'\\''s'`],
    ['http://h:1/api/applications?a=1&b=2', "'http://h:1/api/applications?a=1&b=2'"],
  ])('%s -> %s', (text, quoted) => {
    expect(shellQuote(text)).toBe(quoted)
  })
})

describe('withProgress', () => {
  const tty = () => {
    const writes: string[] = []
    return { writes, stream: { isTTY: true, write: (text: string) => writes.push(text) } }
  }

  test('counts the applications of scale:<w>x<a>', () => {
    expect(scaleSize('scale:20x500')).toBe(10_000)
    expect(scaleSize('demo')).toBeUndefined()
  })

  test('redraws one line on a terminal and builds exactly the same records', () => {
    const { writes, stream } = tty()
    const scenario = resolveScenario('scale:3x2000')
    const wrapped = withProgress(scenario, { label: 'scale:3x2000', total: 6000, stream })
    expect(buildScenario(wrapped.scenario, { seed: 5 })).toEqual(buildScenario('scale:3x2000', { seed: 5 }))
    expect(writes[0]).toBe('\r\x1b[2KSeeding scale:3x2000: 1 of 6,000 applications (0%)')
    expect(writes.at(-1)).toContain('6,000 of 6,000 applications (100%), loading them into @msw/data...')
    wrapped.finish()
    expect(writes.at(-1)).toBe('\r\x1b[2K')
  })

  test('writes nothing off a terminal or below the threshold', () => {
    const scenario = resolveScenario('demo')
    const { writes, stream } = tty()
    expect(withProgress(scenario, { label: 'x', total: PROGRESS_THRESHOLD - 1, stream }).scenario).toBe(scenario)
    expect(withProgress(scenario, { label: 'x', total: undefined, stream }).scenario).toBe(scenario)
    expect(withProgress(scenario, { label: 'x', total: 10 ** 6, stream: { isTTY: false, write: stream.write } }).scenario).toBe(scenario)
    expect(writes).toEqual([])
  })
})
