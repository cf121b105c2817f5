import { Collection } from '@msw/data'
import { z } from './zod.ts'
import { deepFreeze } from './deep-freeze.ts'

/**
 * Puts already-valid records into @msw/data collections in bulk, and takes them back out for `reset()`.
 *
 * Why: `collection.create()` validates, deep-copies and awaits every record (about 20 to 40 µs each), so
 * 100,000 applications take seconds, and every `reset()` would pay it again. The kit's records are valid
 * by construction (factories) or validated once up front (`validateState`), so they can skip that.
 *
 * How: a record stored by `create()` is the plain object plus two internal, non-enumerable symbols (its
 * primary key and relation map). We read those symbols off one probe record, give every loaded record the
 * same two properties, freeze it, and append it to the collection's live array (`all()` returns the
 * collection's own array by design). Frozen records can be shared by the initial state and the store, so
 * `reset()` is a pointer copy. The collection's query, update and delete paths then treat them exactly like
 * created records; test/model/bulk-load.test.ts holds this to account on every @msw/data upgrade.
 */
interface Internals {
  primaryKey: symbol
  relationMap: symbol
}

let internals: Promise<Internals> | undefined

function collectionInternals(): Promise<Internals> {
  internals ??= (async () => {
    // Stryker disable next-line all: unseen
    const probe = await new Collection({ schema: z.object({ probe: z.boolean() }) }).create({ probe: true })
    const symbols = Object.getOwnPropertySymbols(probe)
    const find = (name: string) => {
      const symbol = symbols.find((s) => s.description === name)
      // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable
      if (!symbol) throw new Error(`@msw/data no longer marks records with ${name}: update src/model/bulk-load.ts`)
      return symbol
    }
    return { primaryKey: find('kPrimaryKey'), relationMap: find('kRelationMap') }
  })()
  return internals
}

/**
 * Turns plain records into frozen, store-ready records, in place (primary key = the record's `id`).
 * The caller hands over records nobody else holds (a fresh scenario build or a copied state).
 */
export async function prepareRecords<T extends { id: string }>(records: readonly T[]): Promise<readonly T[]> {
  const { primaryKey, relationMap } = await collectionInternals()
  for (const record of records) {
    // Already prepared by an earlier load (records are shared by resets and by sessions forked off a state).
    if (Object.hasOwn(record, primaryKey)) continue
    Object.defineProperty(record, primaryKey, { value: record.id, enumerable: false })
    Object.defineProperty(record, relationMap, { value: new Map(), enumerable: false })
    deepFreeze(record)
  }
  return records
}

/** Replaces the whole content of a collection with prepared records, in their order. */
export function replaceContent<T>(collection: { all(): T[] }, records: readonly T[]): void {
  const store = collection.all()
  store.length = 0
  for (const record of records) store.push(record)
}
