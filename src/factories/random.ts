import { Faker, base, en } from '@faker-js/faker'

/** A local, seeded Faker instance: never the global `faker`, so every build is reproducible. */
export function createFaker(seed: number | number[]): Faker {
  const faker = new Faker({ locale: [en, base] })
  faker.seed(seed)
  return faker
}

/** Lowercase hexadecimal of a given length from the seeded source (cheaper than `string.hexadecimal`). */
export function hex(faker: Faker, length: number): string {
  let out = ''
  while (out.length < length) {
    out += faker.number.int({ max: 0xffffffff }).toString(16).padStart(8, '0')
  }
  return out.slice(0, length)
}

/** URL-safe slug of a name. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
