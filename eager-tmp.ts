import { build } from 'rolldown'
import { gzipSync } from 'node:zlib'
import { bundleOptions } from '/work/main/scripts/bundle-options.ts'
async function eager(plugins: any[]): Promise<number> {
  const opts = bundleOptions('/work/main', { 'browser/index': 'src/browser/index.ts' }, 'unused')
  const out = await build({ ...opts, plugins, write: false, logLevel: 'silent', output: { ...opts.output, minify: true } } as any)
  const chunks = new Map((out.output as any[]).filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]))
  const seen = new Set<string>()
  const walk = (name: string) => { if (seen.has(name)) return; seen.add(name); for (const i of chunks.get(name).imports) if (chunks.has(i)) walk(i) }
  walk('browser/index.js')
  let gz = 0
  for (const n of seen) gz += gzipSync(chunks.get(n).code).length
  return gz
}
const pure = { name: 'pure-split', transform(code: string, id: string) { if (!/@faker-js[\\/]faker[\\/]dist[\\/]base-/.test(id)) return; const out = code.replace(/(?<![\w$.\]\)])(`(?:[^`$\\]|\$(?!\{))*`)\.split\(`\.`\)/g, "/* @__PURE__ */ $1.split(`.`)"); return { code: out } } }
console.log('base', await eager([]))
console.log('pure split', await eager([pure]))
