/** One of two files Vitest runs in separate workers; see support/parallel-isolation.ts. */
import { parallelIsolationSuite } from './support/parallel-isolation.ts'

parallelIsolationSuite('alpha')
