/**
 * docs/storybook.md's install line names what examples/storybook installs (its package.json, which
 * `npm run test:storybook` installs with the tarball), but for what only the example needs: its type check
 * and the msw-storybook-addon recipe. The kit is the tarball `npm pack` builds, as in the README's line.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { usageBlocks } from '../package/readme-blocks.ts'

const EXAMPLE_ONLY = ['@types/react', '@types/react-dom', 'msw-storybook-addon', 'typescript']

test("docs/storybook.md's install line: the example's packages, the kit as the packed tarball", () => {
  const [line, ...more] = usageBlocks().filter((b) => b.document === 'docs/storybook.md' && b.marker === 'usage-run' && b.target === 'install')
  expect(more).toEqual([])
  const words = line!.code.trim().split(/\s+/)
  expect(words.slice(0, 3)).toEqual(['npm', 'install', '--save-dev'])
  const [readmeInstall] = usageBlocks().filter((b) => b.document === 'README.md' && b.marker === 'usage-run' && b.target === 'install')
  const tarball = readmeInstall!.code.trim().split(/\s+/).find((word) => word.endsWith('.tgz'))
  expect(words[3]).toBe(tarball)
  const example = JSON.parse(readFileSync(new URL('../../examples/storybook/package.json', import.meta.url), 'utf8')) as { devDependencies: Record<string, string> }
  const expected = Object.keys(example.devDependencies).filter((name) => name !== 'workspace-api-mock' && !EXAMPLE_ONLY.includes(name))
  expect(words.slice(4).sort()).toEqual(expected.sort())
})
