/** Types of node-version.js (plain JavaScript, so that an old Node runs it). */
export function nodeVersionProblem(versions?: { node?: string; bun?: string; deno?: string }): string | undefined
export function requireNode(): void
