/**
 * What the router (matcher.ts, fallback.ts, dispatch.ts: loaded on demand) calls in the rest of the pipeline,
 * handed to it by its callers rather than imported. A lazily loaded module that imports the page's eager
 * modules (the kit's or msw's) makes a bundler split the eager code into more chunks, one per set of
 * importers, each gzipped on its own (docs/decisions/0005-light-at-the-edge.md, 2026-11-29): handed over,
 * these stay where they are.
 */
import { matchRequestUrl } from 'msw'
import { authenticate } from '../definitions/auth.ts'
import { journaled, runOperation } from '../definitions/run-operation.ts'
import { MAX_URL_LENGTH } from '../limits.ts'
import { Problem } from '../reply/problem.ts'
import { emptyReply, withoutBody } from '../reply/reply.ts'
import { catchAllPaths, isApiRequest, isOverlong, operationRoutes } from './route-patterns.ts'

export const routerKit = {
  matchRequestUrl,
  catchAllPaths,
  isApiRequest,
  isOverlong,
  operationRoutes,
  runOperation,
  journaled,
  authenticate,
  Problem,
  emptyReply,
  withoutBody,
  MAX_URL_LENGTH,
}

export type RouterKit = typeof routerKit
