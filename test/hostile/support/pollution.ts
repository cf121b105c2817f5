/**
 * Prototype-pollution guard: the own keys of the built-in prototypes a JSON payload could reach, taken when
 * this module loads, and a check that reports any key added (or removed) since.
 */
const GUARDED: ReadonlyArray<readonly [string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
  ['Map.prototype', Map.prototype],
  ['Promise.prototype', Promise.prototype],
]

const keysOf = (target: object): string[] => Reflect.ownKeys(target).map(String).sort()

const baseline = new Map(GUARDED.map(([name, target]) => [name, keysOf(target).join('\n')]))

/** A description of any pollution found, or undefined when the prototypes are as they were. */
export function pollution(): string | undefined {
  const probe = {} as Record<string, unknown>
  for (const key of ['polluted', 'isAdmin', 'name', 'description', 'domain']) {
    if (probe[key] !== undefined) return `({}).${key} is ${JSON.stringify(probe[key])}`
  }
  for (const [name, target] of GUARDED) {
    const now = keysOf(target).join('\n')
    if (now !== baseline.get(name)) {
      const before = new Set(baseline.get(name)!.split('\n'))
      const added = keysOf(target).filter((key) => !before.has(key))
      return `${name} changed: added [${added.join(', ')}]`
    }
  }
  return undefined
}
