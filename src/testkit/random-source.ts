import { createRandom } from '../model/random.ts'

/** A reproducible stream of numbers in [0, 1) for fault decisions (fail rates, latency ranges). */
export interface RandomSource {
  next(): number
  /** Restarts the stream from its seed (on `reset()`). */
  restart(): void
}

export function createRandomSource(seed: number, stream: number): RandomSource {
  let faker = createRandom([seed, stream])
  return {
    next: () => faker.number.float(),
    restart: () => {
      faker = createRandom([seed, stream])
    },
  }
}
