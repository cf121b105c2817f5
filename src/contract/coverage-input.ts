/**
 * A coverage document (src/coverage/) as the contract's input: the example exchanges its collectors kept,
 * one for each outcome, request shape and answer (src/coverage/example.ts: fine enough that every
 * interaction of the suite has one), and the mocks that answered. An example's entry is the journal's
 * without the origin: the origin its answer's `$schema` link names is put back, so that the contract
 * shows the document's origin in its place as it does for a journal. The examples are held to what the
 * contract reads, as a journal file's entries are: a document someone else wrote may hold anything there.
 */
import type { CoverageEntry, CoveragePart } from '../coverage/document.ts'
import type { ContractExchange, ContractMock } from './input.ts'
import { checkedExchanges } from './journal-file.ts'

/** The origin an example is shown at when its answer names none (a 204, a text): nothing in it to replace. */
const NO_ORIGIN = 'http://localhost'

/** The exchanges and mocks of a coverage document (`name`: how messages call it); throws `JournalFileError`. */
export function contractInputOfCoverage(document: CoveragePart, name = 'the coverage document'): { exchanges: ContractExchange[]; mocks: ContractMock[] } {
  const exchanges = document.examples.map(({ entry }) => ({
    ...(entry.operation === null ? {} : { operation: entry.operation }),
    method: entry.method,
    url: `${originOf(entry)}${entry.url}`,
    params: entry.params,
    query: entry.query,
    headers: entry.headers,
    ...('body' in entry ? { body: entry.body } : {}),
    status: entry.status,
    ...('responseBody' in entry ? { responseBody: entry.responseBody } : {}),
    why: entry.why,
  }))
  return {
    exchanges: checkedExchanges(exchanges, (index) => `${name}: examples[${index}].entry`),
    mocks: document.mocks.map(({ scenario, seed }) => ({ scenario, seed })),
  }
}

/** The origin the mock answered from, as its answer's `$schema` link (`http://localhost/api/schemas/X.json`) names it. */
function originOf(entry: CoverageEntry): string {
  const link = (entry.responseBody as { $schema?: unknown } | undefined)?.$schema
  if (typeof link !== 'string' || !URL.canParse(link)) return NO_ORIGIN
  const { origin } = new URL(link)
  return origin === 'null' ? NO_ORIGIN : origin
}
