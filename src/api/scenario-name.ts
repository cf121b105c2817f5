/** What a mock serves, for people and for coverage: a preset's name, `state`, `custom` (a function), or `demo`. */
export function scenarioNameOf(options: { scenario?: unknown; state?: unknown }): string {
  const { scenario, state } = options
  return typeof scenario === 'string' ? scenario : state !== undefined ? 'state' : scenario ? 'custom' : 'demo'
}
