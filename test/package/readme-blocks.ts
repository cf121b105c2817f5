/**
 * Reads the documentation (README.md and docs/*.md) and runs its shell blocks. Blocks are marked in the
 * Markdown:
 *   <!-- usage-example: <file> -->  the code stands line for line (indentation aside) in <file>
 *   <!-- usage-run: repo | install | consumer | old-node | examples/<folder> -->  the commands are run (see
 *     runBlock; `old-node` and `examples/<folder>` by test/package/pack.test.ts: on the machine's older Node,
 *     in a consumer project made of that folder)
 *   <!-- readme-example: <name> -->  checked by test/readme/readme-sync.test.ts
 *   <!-- ci-run -->  the set-up and test commands, which CI itself runs (checked against .ci/run)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, readFileSync } from 'node:fs'
import { expect } from 'vitest'
import { waitForBanner } from '../cli/cli-process.ts'
import { userEnv } from '../support/packed.ts'

export const README = new URL('../../README.md', import.meta.url)
const DOCS = new URL('../../docs/', import.meta.url)

/** What coding agents read first (llms.txt and the skill), shipped in the package beside the README. */
export const AGENT_DOCUMENTS = ['llms.txt', 'skills/workspace-api-mock/SKILL.md']

/**
 * The documentation a user reads: the README, every docs/*.md (the decision notes hold no examples), and
 * what coding agents read.
 */
export function documents(): Array<{ name: string; text: string }> {
  const docs = readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({ name: `docs/${name}`, text: readFileSync(new URL(name, DOCS), 'utf8') }))
  const agents = AGENT_DOCUMENTS.map((name) => ({ name, text: readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8') }))
  return [{ name: 'README.md', text: readFileSync(README, 'utf8') }, ...docs, ...agents]
}

export interface Block {
  /** The document it stands in. */
  document: string
  marker: 'usage-example' | 'usage-run' | 'readme-example' | 'ci-run' | undefined
  /** The file of an example, or where a run block runs. */
  target: string | undefined
  language: string
  code: string
}

export function usageBlocks(): Block[] {
  return documents().flatMap(({ name, text }) =>
    [...text.matchAll(/(?:<!-- (usage-example|usage-run|readme-example|ci-run)(?:: ([^\s]+))? -->\n)?```(\w*)\n([\s\S]*?)```/g)].map((m) => ({
      document: name,
      marker: m[1] as Block['marker'],
      target: m[2],
      language: m[3]!,
      code: m[4]!,
    })),
  )
}

/**
 * The banner docs/demo-server.md shows (the text block after `<!-- demo-banner: <flags> -->`): the flags it
 * is the output of, and the text.
 */
export function documentedBanner(): { args: string[]; text: string } {
  const page = readFileSync(new URL('demo-server.md', DOCS), 'utf8')
  const block = /<!-- demo-banner: (.+) -->\n```text\n([\s\S]*?)```/.exec(page)
  if (!block) throw new Error('docs/demo-server.md has no `demo-banner` block')
  return { args: block[1]!.split(' '), text: block[2]! }
}

/** A banner as the documentation shows it: served at the documented address, ready in the time it shows. */
export function asDocumented(banner: string, url: string, documented: string): string {
  const time = /\(ready in [\d.]+ s\)/.exec(documented)?.[0] ?? ''
  return banner.replaceAll(url, DOCUMENTED_URL).replace(/\(ready in [\d.]+ s\)/, time)
}

export function runBlocks(where: string): string[] {
  return usageBlocks()
    .filter((block) => block.marker === 'usage-run' && block.target === where)
    .map((block) => block.code)
}

/** Trimmed, non-empty lines: how an example is compared with the file that runs it. */
export function codeLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n')
}

export { userEnv }

export interface Server {
  child: ChildProcess
  url: string
  exited: Promise<unknown>
  output(): string
}

/**
 * Starts a command in its own process group (shell, npm, npx and node alike) and waits for its banner;
 * `env` over the user's environment (another PATH: another Node).
 */
export async function startServer(command: string, cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const child = spawn('sh', ['-c', `exec ${command}`], { cwd, env: { ...userEnv(), ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = once(child, 'close')
  const started = await waitForBanner(child, () => output, 30_000)
  if (!started) {
    await stopServer({ child, url: '', exited, output: () => output })
    throw new Error(`"${command}" did not serve:\n${output}`)
  }
  return { child, url: /^Base URL: (\S+)$/m.exec(output)![1]!, exited, output: () => output }
}

export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    process.kill(-server.child.pid!, 'SIGTERM')
  }
  await server.exited
}

function shell(command: string, cwd: string, variables: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const child = spawn('sh', ['-c', command], { cwd, env: { ...userEnv(), ...variables }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  return once(child, 'close').then(([code]) => ({ code: code as number | null, output }))
}

const DOCUMENTED_URL = 'http://127.0.0.1:4010'

/**
 * Runs a documented shell block in `cwd`, line by line:
 * - `npx workspace-api-mock ...` and `npm start ...` start a server on a free port (`--port 0` is appended;
 *   the last `--port` wins) and wait for its banner; it is stopped with SIGTERM at the end of the block;
 * - `curl ...` runs against the last server (its URL replaces http://127.0.0.1:4010) and must answer 2xx
 *   (a curl that writes its output somewhere, `-o file` or `> file`, must exit with 0);
 * - `name=$(command)` runs the command (against the last server, likewise) and keeps its output in the
 *   shell variable `name` for the lines after it;
 * - anything else must exit with 0 (run against the last server too, when one runs: e.g. a code generator).
 * Returns the output of every server, for further checks.
 */
export async function runBlock(code: string, cwd: string): Promise<string[]> {
  const servers: Server[] = []
  const variables: Record<string, string> = {}
  const against = (line: string) => {
    const server = servers.at(-1)
    if (!server) throw new Error(`"${line}" runs before any server was started`)
    return line.replaceAll(DOCUMENTED_URL, server.url)
  }
  try {
    for (const line of code.split('\n').map((l) => l.trim())) {
      if (line === '' || line.startsWith('#')) continue
      const assignment = /^([A-Za-z_]\w*)=\$\((.*)\)$/.exec(line)
      if (/^(npx workspace-api-mock|npm start)\b/.test(line)) {
        const extra = line.startsWith('npm start') && !line.includes(' -- ') ? ' -- --port 0' : ' --port 0'
        servers.push(await startServer(line + extra, cwd))
      } else if (assignment) {
        const { code: exit, output } = await shell(against(assignment[2]!), cwd, variables)
        expect({ line, exit }).toEqual({ line, exit: 0 })
        variables[assignment[1]!] = output.trim()
      } else if (line.startsWith('curl ') && /\s(-o\s|>)/.test(line)) {
        const { code: exit, output } = await shell(`${against(line)} -sS -f`, cwd, variables)
        expect({ line, exit, output }).toMatchObject({ line, exit: 0 })
      } else if (line.startsWith('curl ')) {
        const command = `${against(line)} -sS -f -o /dev/null -w '%{http_code}'`
        const { code: exit, output } = await shell(command, cwd, variables)
        expect({ line, exit, output }).toEqual({ line, exit: 0, output: expect.stringMatching(/^2\d\d$/) })
      } else {
        const server = servers.at(-1)
        const { code: exit, output } = await shell(server ? line.replaceAll(DOCUMENTED_URL, server.url) : line, cwd, variables)
        expect({ line, exit, output }).toMatchObject({ line, exit: 0 })
      }
    }
  } finally {
    await Promise.all(servers.map(stopServer))
  }
  return servers.map((server) => server.output())
}
