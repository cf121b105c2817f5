const UNITS: ReadonlyArray<[string, number]> = [
  ['GiB', 1024 ** 3],
  ['MiB', 1024 ** 2],
  ['KiB', 1024],
]

/** A byte count as people read it and the size flags take it: `8 MiB`, `195.3 MiB`, `512 KiB`, `100 bytes`. */
export function sizeText(bytes: number): string {
  for (const [unit, size] of UNITS) {
    if (bytes >= size) {
      const n = bytes / size
      return `${Number.isInteger(n) ? n : n.toFixed(1)} ${unit}`
    }
  }
  return `${bytes} bytes`
}
