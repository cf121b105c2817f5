// Plain JavaScript on purpose: a Node too old for the kit cannot strip types either, and this module must
// run there to say so (test/cli/cli-node-version.test.ts runs it under an old Node).

/**
 * The sentence for a Node older than the kit needs, with the recipe that gets a project a newer one (22.12: MSW 3 and the kit's use of fetch rely on it;
 * older ones fail later as "TypeError: fetch failed"); undefined on a recent Node and off Node (a browser,
 * Bun and Deno report a Node version of their own).
 * @param {{ node?: string, bun?: string, deno?: string } | undefined} versions
 * @returns {string | undefined}
 */
export function nodeVersionProblem(versions = globalThis.process?.versions) {
  if (!versions?.node || versions.bun || versions.deno) return undefined
  const [major = 0, minor = 0] = versions.node.split('.').map(Number)
  if (major > 22 || (major === 22 && minor >= 12)) return undefined
  return `workspace-api-mock needs Node >= 22.12 (this is v${versions.node}): npm install --save-dev node@24 gives the project its own (README.md, Install)`
}

/** Throws that sentence on a Node older than 22.12; does nothing elsewhere. */
export function requireNode() {
  const problem = nodeVersionProblem()
  if (problem) throw new Error(problem)
}
