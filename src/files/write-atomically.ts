import { randomBytes } from 'node:crypto'
import { closeSync, constants, openSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** An output file that could not be written: `cannot write <path> (<code>)`, one line. */
export class WriteError extends Error {
  /** The file system's error code (`ENOENT`, `EACCES`, `EEXIST`, ...), when it gave one. */
  readonly code: string | undefined

  constructor(message: string, code?: string) {
    super(message)
    this.name = 'WriteError'
    this.code = code
  }
}

/**
 * Writes a new file beside the target, then renames it over the target: a failed run never leaves half a
 * file (a state file `record` writes, a failed test's evidence). The new file is created exclusively under a
 * name nobody can guess, never through a link: a link planted at its name (to another file, which would get
 * the state and its principals' secrets) makes the open fail instead. The rename replaces a link at the
 * target's own name, not the file it points to. Throws a `WriteError`: `cannot write <path> (<code>)`.
 */
export function writeFileAtomically(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  let created = false
  try {
    const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666)
    created = true
    try {
      writeFileSync(fd, text)
    } finally {
      closeSync(fd)
    }
    renameSync(temporary, path)
  } catch (error) {
    if (created) rmSync(temporary, { force: true })
    const code = (error as NodeJS.ErrnoException).code
    throw new WriteError(`cannot write ${path}${code ? ` (${code})` : `: ${(error as Error).message}`}`, code)
  }
}
