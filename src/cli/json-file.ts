import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs'
import { sizeText } from '../text/size-text.ts'

/**
 * A JSON file's value, for the command's files (`--state`, `--profile`). Its errors are one line each, as the
 * command prints them: JSON.parse quotes the text around the mistake, line breaks and all.
 */
export function readJsonFile(path: string, bound: FileBound): unknown {
  const text = readRegularFile(path, bound)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}`)
  }
}

/** The most a kind of file may hold, and what the messages call that kind (`a state file`). */
export interface FileBound {
  maxBytes: number
  what: string
}

/** Bytes read at a time. */
const CHUNK = 1024 * 1024

/**
 * A regular file's text, at most `bound.maxBytes`. Opened without blocking and refused unless it is a regular
 * file: a FIFO put in its place would hold the server until a writer came, and a device such as /dev/zero
 * never ends. Reading stops past the bound, so a file that grows while it is read costs no more.
 */
export function readRegularFile(path: string, bound: FileBound): string {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0))
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`)
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) throw new Error(`cannot read ${path}: it is ${kindOf(stats)}, not a regular file`)
    const tooLarge = () => new Error(`${path} is larger than ${sizeText(bound.maxBytes)}, the most ${bound.what} may hold`)
    if (stats.size > bound.maxBytes) throw tooLarge()
    const chunks: Buffer[] = []
    let size = 0
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, bound.maxBytes + 1 - size))
      const read = readSync(fd, chunk, 0, chunk.length, null)
      if (read === 0) return Buffer.concat(chunks, size).toString('utf8')
      size += read
      if (size > bound.maxBytes) throw tooLarge()
      chunks.push(chunk.subarray(0, read))
    }
  } finally {
    closeSync(fd)
  }
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder'
  if (stats.isFIFO()) return 'a FIFO'
  if (stats.isSocket()) return 'a socket'
  return 'a device'
}
