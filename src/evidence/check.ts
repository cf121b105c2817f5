import { shown } from '../text/terminal-text.ts'
import { StateFileError } from './read.ts'
import { EVIDENCE_VERSION } from './constants.ts'
import { evidenceSchema, type Evidence } from './shape.ts'

/**
 * An evidence file's whole shape checked (`readStateText` checked its format, version and state): a file
 * of version 1 in another shape is refused with its first problem named.
 */
export function checkedEvidence(value: unknown): Evidence {
  const result = evidenceSchema.safeParse(value)
  if (result.success) return result.data
  const [first, ...more] = result.error.issues
  const where = first!.path.length > 0 ? `${first!.path.join('.')}: ` : ''
  throw new StateFileError(`is not evidence of version ${EVIDENCE_VERSION}: ${shown(`${where}${first!.message}`)}${more.length > 0 ? ` (and ${more.length} more problems)` : ''}`)
}
