/**
 * For `npm run mutation` only (vitest.mutation.config.ts aliases `@faker-js/faker` here): faker's main entry
 * loads every locale, about half a second in each fresh Vitest worker, and Stryker starts one per mutant.
 * The kit uses only `SimpleFaker`, which is the base class of the locale entries' `Faker`.
 */
import type { SimpleFaker as SimpleFakerType } from '@faker-js/faker'
import { faker } from '@faker-js/faker/locale/en'

export { faker }
export const SimpleFaker = Object.getPrototypeOf(faker.constructor) as typeof SimpleFakerType
