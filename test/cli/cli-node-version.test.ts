/**
 * On a Node older than 22.12 the kit says so itself ("workspace-api-mock needs Node >= 22.12 (this is
 * vX)") instead of failing later as "TypeError: fetch failed". src/node-version.js is plain JavaScript so
 * that such a Node runs it: here under the machine's own old Node when it has one. The packed entries and
 * command under that Node: test/package/pack.test.ts.
 */
import { execFile } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { nodeVersionProblem } from '../../src/node-version.js'
import { oldNode } from '../support/old-node.ts'

const run = promisify(execFile)
const MODULE = pathToFileURL(new URL('../../src/node-version.js', import.meta.url).pathname).href
const old = oldNode()

describe('nodeVersionProblem', () => {
  test.each(['22.12.0', '22.18.1', '23.0.0', '24.21.0', '30.1.2'])('Node %s: none', (node) => {
    expect(nodeVersionProblem({ node })).toBeUndefined()
  })

  test.each(['22.11.0', '22.0.0', '21.7.3', '20.20.2', '18.20.8'])('Node %s: the sentence', (node) => {
    expect(nodeVersionProblem({ node })).toBe(`workspace-api-mock needs Node >= 22.12 (this is v${node}): npm install --save-dev node@24 gives the project its own (README.md, Install)`)
  })

  test('off Node (no versions, or Bun and Deno with a Node version of their own): none', () => {
    expect(nodeVersionProblem(undefined)).toBeUndefined()
    expect(nodeVersionProblem({})).toBeUndefined()
    expect(nodeVersionProblem({ node: '22.6.0', bun: '1.1.20' })).toBeUndefined()
    expect(nodeVersionProblem({ node: '20.11.1', deno: '1.45.0' })).toBeUndefined()
  })

  test('this Node (the project runs on 24): none', () => {
    expect(nodeVersionProblem()).toBeUndefined()
  })
})

describe.skipIf(!old)(`under the machine's old Node (${old?.path} v${old?.version})`, () => {
  test('the module runs there, and requireNode() throws the sentence with that version', async () => {
    const script = `
      import { nodeVersionProblem, requireNode } from ${JSON.stringify(MODULE)}
      console.log(nodeVersionProblem())
      requireNode()`
    const error = await run(old!.path, ['--input-type=module', '-e', script]).then(
      () => expect.fail('requireNode() did not throw'),
      (failure: { code: number; stdout: string; stderr: string }) => failure,
    )
    const sentence = `workspace-api-mock needs Node >= 22.12 (this is v${old!.version}): npm install --save-dev node@24 gives the project its own (README.md, Install)`
    expect(error.code).toBe(1)
    expect(error.stdout).toBe(`${sentence}\n`)
    expect(error.stderr).toContain(`Error: ${sentence}\n`)
  })
})
