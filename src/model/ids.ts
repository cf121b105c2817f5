import { z } from './zod.ts'

/** Identifier prefixes of spec section 2.1. */
export const ID_PREFIX = {
  workspace: 'wse',
  application: 'app',
  account: 'acc',
  organization: 'org',
  image: 'img',
  group: 'grp',
  user: 'usr',
  policy: 'ply',
  gateway: 'gtw',
} as const

export type IdKind = keyof typeof ID_PREFIX

/** Spec section 8: path identifiers are at most 36 characters. */
export const MAX_ID_LENGTH = 36

/** Hex digits after the prefix: `wse_` + 32 = 36, the longest id the spec allows. */
export const ID_HEX_LENGTH = 32

/** A schema for identifiers with one of the given prefixes (prefix, underscore, lowercase hex). */
export function idSchema(...prefixes: readonly string[]) {
  const pattern = new RegExp(`^(?:${prefixes.join('|')})_[0-9a-f]+$`)
  return z.string().check(z.maxLength(MAX_ID_LENGTH), z.regex(pattern))
}

/** Replaces the prefix of an identifier, keeping its hexadecimal part. */
export function withPrefix(id: string, prefix: string): string {
  const underscore = id.indexOf('_')
  return `${prefix}_${id.slice(underscore + 1)}`
}
