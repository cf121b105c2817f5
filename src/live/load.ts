/**
 * A mock's `live` as its eager code holds it: the gate's code (gate.ts and all it imports) loads when the
 * mock is made with the option, so that a mock without it loads none (test/house/eager-code.test.ts).
 */
import type { MockContext } from '../handlers/context.ts'
import type { LiveGate } from '../handlers/ports.ts'
import type { DriftEntry } from '../handlers/trace.ts'
import type { LiveOptions } from './options.ts'

/** The gate of `options`; `mock` is the context it serves (read once the code has loaded), `drift` is `api.drift`. */
export function liveGate(options: LiveOptions, mock: () => MockContext, drift: DriftEntry[]): LiveGate {
  let gate: LiveGate | undefined
  const ready = import('./gate.ts').then(({ createLiveGate }) => {
    gate = createLiveGate(options, mock(), drift)
  })
  // Reported by `api.ready` and by every request that needs the gate.
  ready.catch(() => {})
  return {
    ready,
    mocks: (operation) => gate?.mocks(operation),
    answer: (exchange) => gate!.answer(exchange),
    unrouted: (request, trace, principal) => gate?.unrouted(request, trace, principal),
    seen: () => ready.then(() => gate!.seen()),
    reset: () => gate?.reset(),
  }
}
