import { Faker, base, en } from '@faker-js/faker'

/** A local, seeded Faker instance: never the global `faker`, so every build is reproducible. */
export function createFaker(seed: number | number[]): Faker {
  const faker = new Faker({ locale: [en, base] })
  faker.seed(seed)
  return faker
}

const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/**
 * Lowercase hexadecimal of a given length from the seeded source: one draw per 8 digits, where
 * `string.hexadecimal` draws per digit (ids are minted 200,000 times in a scale build).
 */
export function hex(faker: Faker, length: number): string {
  let out = ''
  for (let i = 0; i < length; i += 8) {
    const n = faker.number.int(0xffffffff)
    out += BYTE_HEX[n >>> 24]! + BYTE_HEX[(n >>> 16) & 255]! + BYTE_HEX[(n >>> 8) & 255]! + BYTE_HEX[n & 255]!
  }
  return length % 8 === 0 ? out : out.slice(0, length)
}

/** URL-safe slug of a name. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
