/**
 * The imports of `src/`, read with oxc's parser: every static import and re-export (type-only ones
 * included) and every `import()` with a literal path, resolved to the files they name.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parseSync } from 'oxc-parser'

export interface Edge {
  from: string
  to: string
  kind: 'value' | 'type' | 'dynamic'
}

export interface ImportGraph {
  /** Repository-relative paths of the files under src/ (`src/model/store.ts`). */
  files: string[]
  /** Imports of another file of src/. */
  edges: Edge[]
  /** Imports of packages and built-ins, by file (`node:fs`, `msw`, ...). */
  external: Map<string, string[]>
}

const SOURCE = /\.(ts|js)$/

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(root, path)
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The specifiers a file imports, with how. */
function importsOf(file: string, code: string): Array<{ specifier: string; kind: Edge['kind'] }> {
  const { module, errors } = parseSync(file, code)
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`)
  const found: Array<{ specifier: string; kind: Edge['kind'] }> = []
  for (const entry of module.staticImports) {
    const typeOnly = entry.entries.length > 0 && entry.entries.every((e) => e.isType)
    found.push({ specifier: entry.moduleRequest.value, kind: typeOnly ? 'type' : 'value' })
  }
  for (const entry of module.staticExports) {
    for (const item of entry.entries) {
      if (item.moduleRequest) found.push({ specifier: item.moduleRequest.value, kind: item.isType ? 'type' : 'value' })
    }
  }
  for (const entry of module.dynamicImports) {
    const text = code.slice(entry.moduleRequest.start, entry.moduleRequest.end)
    const literal = /^(['"`])([^'"`$]+)\1$/.exec(text)
    if (literal) found.push({ specifier: literal[2]!, kind: 'dynamic' })
  }
  return found
}

export function importGraph(root: string): ImportGraph {
  const files = sourceFiles(root, 'src').map((path) => path.split('\\').join('/'))
  const known = new Set(files)
  const edges: Edge[] = []
  const external = new Map<string, string[]>()
  for (const file of files) {
    for (const { specifier, kind } of importsOf(file, readFileSync(join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.')) {
        external.set(file, [...(external.get(file) ?? []), specifier])
        continue
      }
      const to = relative(root, resolve(root, dirname(file), specifier)).split('\\').join('/')
      if (!known.has(to)) throw new Error(`${file} imports ${specifier}, which is not a file of src/`)
      edges.push({ from: file, to, kind })
    }
  }
  return { files, edges, external }
}

/** The import circles (strongly connected components of more than one file, or a file importing itself). */
export function circles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>(graph.files.map((file) => [file, []]))
  for (const edge of graph.edges) next.get(edge.from)!.push(edge.to)
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let counter = 0
  const visit = (file: string) => {
    index.set(file, counter)
    low.set(file, counter++)
    stack.push(file)
    onStack.add(file)
    for (const to of next.get(file)!) {
      if (!index.has(to)) {
        visit(to)
        low.set(file, Math.min(low.get(file)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || next.get(file)!.includes(file)) found.push(component.sort())
  }
  for (const file of graph.files) if (!index.has(file)) visit(file)
  return found
}

/** Every file `start` reaches through its imports (itself included). */
export function reachable(graph: ImportGraph, start: string): Set<string> {
  const seen = new Set<string>([start])
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const edge of graph.edges) {
      if (edge.from === file && !seen.has(edge.to)) {
        seen.add(edge.to)
        queue.push(edge.to)
      }
    }
  }
  return seen
}
