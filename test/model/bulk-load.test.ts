import { Collection } from '@msw/data'
import { describe, expect, test } from 'vitest'
import { createFactories } from '../../src/index.ts'
import { prepareRecords, replaceContent } from '../../src/model/bulk-load.ts'
import { workspaceSchema } from '../../src/model/schemas.ts'

// The bulk path relies on @msw/data internals; these tests pin that it behaves like create().
describe('bulk-loaded records behave like created ones', () => {
  const factories = createFactories({ seed: 4 })
  const make = (n: number) => Array.from({ length: n }, () => factories.buildWorkspace())

  test('same internal symbols as a created record, frozen, primary key = id', async () => {
    const created = await new Collection({ schema: workspaceSchema }).create(make(1)[0]!)
    const [loaded] = await prepareRecords(make(1))
    const describe = (r: object) => Object.getOwnPropertySymbols(r).map((s) => s.description)
    expect(describe(loaded!)).toEqual(describe(created))
    expect(Object.isFrozen(loaded)).toBe(true)
    expect(Object.isFrozen(loaded!.icons)).toBe(true)
    expect(Object.keys(loaded!)).toEqual(Object.keys(created))
  })

  test('query, update, delete and count work on them', async () => {
    const collection = new Collection({ schema: workspaceSchema })
    const records = await prepareRecords(make(5))
    replaceContent(collection, records)
    expect(collection.count()).toBe(5)
    const third = records[2]!
    expect(collection.findFirst((q) => q.where({ id: third.id }))).toBe(third)
    expect(collection.findMany((q) => q.where({ organization: third.organization }))).toContain(third)

    // Prepared records carry @msw/data's record symbols at run time; the type only knows the fields.
    const updated = await collection.update(third as Parameters<typeof collection.update>[0], {
      data(draft) {
        draft.name = 'renamed'
        draft.updated = third.updated + 1
      },
    })
    expect(updated).toMatchObject({ id: third.id, name: 'renamed', icons: third.icons })
    expect(collection.all()[2]).toBe(updated)
    expect(third.name).not.toBe('renamed') // the shared initial record is untouched
    expect(collection.delete(updated!)).toBe(updated)
    expect(collection.count()).toBe(4)
    expect(collection.findFirst((q) => q.where({ id: third.id }))).toBeUndefined()

    const created = await collection.create(make(1)[0]!)
    expect(collection.all().at(-1)).toBe(created)
  })

  test('replaceContent swaps the whole content in order, in place', async () => {
    const collection = new Collection({ schema: workspaceSchema })
    const live = collection.all()
    replaceContent(collection, await prepareRecords(make(3)))
    const next = await prepareRecords(make(2))
    replaceContent(collection, next)
    expect(collection.all()).toBe(live)
    expect(collection.all()).toEqual(next)
  })
})
