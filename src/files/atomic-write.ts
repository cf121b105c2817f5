/**
 * Files written whole or not at all (Node only): a new file beside the target, renamed over it, so that a
 * failed or interrupted run never leaves half a file, and a reader never sees one.
 */
import { randomBytes } from 'node:crypto'
import { closeSync, constants, openSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * Writes `text` to `path` atomically. The new file is created exclusively under a name nobody can guess,
 * never through a link: a link planted at its name (to another file, which would get the text) makes the
 * open fail instead. The rename replaces a link at the target's own name, not the file it points to.
 * Throws the file system's error (its `code` says why).
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
    throw error
  }
}
