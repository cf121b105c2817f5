import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { codeLines, runBlock, runBlocks, usageBlocks } from './readme-blocks.ts'

const ROOT = new URL('../../', import.meta.url)

describe('code blocks of README.md and docs/*.md', () => {
  const blocks = usageBlocks()

  test('every code block is an example kept in a tested file or a block the tests run (text blocks are output)', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10)
    const loose = blocks.filter((block) => block.language !== 'text' && block.marker === undefined)
    expect(loose.map((block) => `${block.document}: ${block.code}`)).toEqual([])
    const places = new Set(blocks.filter((b) => b.marker === 'usage-run').map((b) => b.target!))
    // `examples/<folder>`: run in a consumer project made of that folder (test/package/pack.test.ts).
    const examples = [...places].filter((place) => place.startsWith('examples/'))
    expect([...places].filter((place) => !examples.includes(place)).sort()).toEqual(['consumer', 'install', 'old-node', 'repo'])
    for (const folder of examples) expect(existsSync(new URL(`${folder}/package.json`, ROOT)), folder).toBe(true)
  })

  test.each(blocks.filter((b) => b.marker === 'usage-example').map((b) => [b.target!, b.code] as const))(
    'the example from %s stands in that file',
    (file, code) => {
      const source = readFileSync(new URL(file, ROOT), 'utf8')
      expect(codeLines(source)).toContain(codeLines(code))
    },
  )

  test('the set-up block is what CI runs: npm ci (the lockfile install) then npm test', () => {
    const setup = blocks.filter((b) => b.marker === 'ci-run' && b.document === 'README.md')
    expect(setup.map((b) => b.code)).toEqual(['npm install\nnpm test\n'])
    const ci = readFileSync(new URL('.ci/run', ROOT), 'utf8')
    expect(ci).toMatch(/npm ci[^\n]*\n[\s\S]*npm test/)
  })

  // The `consumer` and `install` blocks run in test/package/pack.test.ts, against the packed tarball.
  test.each(runBlocks('repo'))('runs in the repository: %s', async (code) => {
    const outputs = await runBlock(code, new URL('.', ROOT).pathname)
    expect(outputs.length).toBeGreaterThan(0)
    for (const output of outputs) expect(output).toContain('scenario demo, seed 1')
  })
})
