import { SimpleFaker } from '@faker-js/faker'

/**
 * The seeded random source of everything generated: a local faker `SimpleFaker` (numbers, booleans, picks;
 * no locale data), never the global `faker`, so every build is reproducible. The vocabularies the
 * factories draw from (names, apps, teams) are the kit's own, in src/factories/catalog.ts.
 */
export type Random = SimpleFaker

/** A fresh seeded source. */
export function createRandom(seed: number | number[]): Random {
  const random = new SimpleFaker()
  random.seed(seed)
  return random
}

const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/**
 * Lowercase hexadecimal of a given length from the seeded source: one draw per 8 digits, where
 * `string.hexadecimal` draws per digit (ids are minted 200,000 times in a scale build).
 */
export function hex(random: Random, length: number): string {
  let out = ''
  for (let i = 0; i < length; i += 8) {
    const n = random.number.int(0xffffffff)
    out += BYTE_HEX[n >>> 24]! + BYTE_HEX[(n >>> 16) & 255]! + BYTE_HEX[(n >>> 8) & 255]! + BYTE_HEX[n & 255]!
  }
  // Stryker disable next-line all: same-value
  return length % 8 === 0 ? out : out.slice(0, length)
}
