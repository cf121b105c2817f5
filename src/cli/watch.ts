import { watch, type FSWatcher } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'

/** Editors write a file in several steps (truncate, write, rename): one reload after they settle. */
const SETTLE_MS = 120

/**
 * Calls `changed` after the file changes on disk. It watches the file's folder, not the file: editors
 * that save by writing a new file and renaming it over the old one would end a watch on the file itself.
 * Returns the function that stops watching.
 */
export function watchFile(path: string, changed: () => void): () => void {
  const name = basename(path)
  let timer: ReturnType<typeof setTimeout> | undefined
  const watcher: FSWatcher = watch(dirname(resolve(path)), (_event, file) => {
    if (file !== null && file !== name) return
    clearTimeout(timer)
    timer = setTimeout(changed, SETTLE_MS)
  })
  watcher.unref()
  return () => {
    clearTimeout(timer)
    watcher.close()
  }
}
