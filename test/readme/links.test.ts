/**
 * The links of README.md and docs/ (the reference pages and the decision notes): every relative link names a
 * file of this repository, and every `#anchor` a heading of the page it points at (as GitHub makes the
 * anchors). A user who clones the repository has nothing outside it, so no link or path leads out of it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

const pages = [
  'README.md',
  // What coding agents read first: its links name files of the package (the docs ship in it).
  'llms.txt',
  'skills/workspace-api-mock/SKILL.md',
  ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
  ...readdirSync(join(ROOT, 'docs/decisions')).filter((name) => name.endsWith('.md')).map((name) => `docs/decisions/${name}`),
]

/** The page without its code blocks and inline code, where a `[x](y)` is no link. */
function prose(text: string): string {
  return text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '``')
}

/** GitHub's anchors of a Markdown page's headings: lower case, punctuation dropped, spaces to hyphens. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const [, heading] of text.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    result.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return result
}

const links = pages.flatMap((page) =>
  [...prose(readFileSync(join(ROOT, page), 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^(https?|mailto):/.test(target))
    .map((target) => [page, target] as const),
)

test('the pages have relative links to check', () => {
  expect(links.length).toBeGreaterThanOrEqual(30)
})

test.each(links)('%s links %s: a file of the repository (and a heading of it)', (page, target) => {
  const [path, anchor] = target.split('#') as [string, string | undefined]
  const file = path === '' ? join(ROOT, page) : resolve(dirname(join(ROOT, page)), path)
  expect(relative(ROOT, file).startsWith('..'), 'stays inside the repository').toBe(false)
  expect(existsSync(file), 'exists').toBe(true)
  if (anchor !== undefined) {
    expect(file.endsWith('.md') && statSync(file).isFile(), 'an anchor points into a Markdown page').toBe(true)
    expect([...anchors(readFileSync(file, 'utf8'))]).toContain(anchor)
  }
})

test('no page names a path outside the repository', () => {
  const outside = pages.filter((page) => /\.\.\/(\.\.\/)*shared\b/.test(readFileSync(join(ROOT, page), 'utf8')))
  expect(outside).toEqual([])
})
