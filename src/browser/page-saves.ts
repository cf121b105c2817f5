/**
 * A page's saves of its mock's state in a Web Storage area (`persist`): the save after writes and on
 * `pagehide`, the restore at start, and with `localStorage` following the other tabs of the origin, so
 * that tabs behave like clients of one server (two writing at once: last write wins, and the tab whose
 * writes were lost warns).
 */
import type { MockApi } from '../api/mock-api.ts'
import { replaceState } from '../api/internals.ts'
import type { ScenarioState } from '../model/state.ts'

/** What is stored under the key (`save` and `base` are absent in saves of kit 0.1). */
export interface SavedState {
  version: 1
  /** Which save this is: `<tab>.<n>`, the n-th save of the page load `tab` (random). */
  save?: string
  /** The save the writer held when it wrote this one (its state plus the writer's writes since). */
  base?: string
  state: ScenarioState
}

export class PageSaves {
  readonly #storage: Storage
  readonly #key: string
  readonly #tab = Math.random().toString(36).slice(2)
  #saves = 0
  // The save this page's state stems from (the last one it wrote, followed or restored), and its state JSON.
  #current: string | undefined
  #last: string | undefined
  // Set when saving failed (quota) or after `clear()`: this page saves no more and follows no other tab.
  #stopped = false
  #api: MockApi | undefined

  constructor(storage: Storage, key: string) {
    this.#storage = storage
    this.#key = key
  }

  /** The save an earlier load left, with its text; undefined when there is none or it cannot be read. */
  found(): { text: string; saved: SavedState } | undefined {
    const text = this.#storage.getItem(this.#key)
    const saved = text === null ? undefined : this.#read(text)
    return saved && { text: text!, saved }
  }

  /** Drops the save found (its state did not load), saying why. */
  drop(why: string): void {
    warn(`ignoring the saved state under "${this.#key}": ${why}`)
    this.#storage.removeItem(this.#key)
  }

  /** Marks `saved` (whose envelope is `text`) as what this page's state stems from. */
  follow(text: string, saved: SavedState): void {
    this.#current = saved.save
    // The state is the envelope's last member.
    this.#last = text.slice(text.indexOf('"state":') + 8, -1)
  }

  /** Saves `api` from now on: on `pagehide` and when `save()` is called; follows the other tabs' saves. */
  attach(api: MockApi): void {
    this.#api = api
    if (typeof addEventListener !== 'function') return
    addEventListener('pagehide', () => this.save())
    addEventListener('storage', (event) => this.#onStorage(event))
  }

  save(): void {
    if (this.#stopped || !this.#api) return
    const state = JSON.stringify(this.#api.snapshot())
    // Unchanged since the last save or follow: no new save, which another tab would take for lost writes.
    if (state === this.#last) return
    const next = `${this.#tab}.${++this.#saves}`
    const text = `${JSON.stringify({ version: 1, save: next, base: this.#current }).slice(0, -1)},"state":${state}}`
    try {
      this.#storage.setItem(this.#key, text)
      this.#current = next
      this.#last = state
    } catch (error) {
      this.#stopped = true
      // The older save left in storage lacks this page's latest writes: the next load starts from the scenario.
      this.#storage.removeItem(this.#key)
      const [storage, key, size] = [this.#storage, this.#key, this.#key.length + text.length]
      void import('./storage-full.ts').then((full) => warn(full.storageFullMessage(storage, key, size, error as Error)))
    }
  }

  clear(): void {
    this.#stopped = true
    this.#storage.removeItem(this.#key)
  }

  /** Another tab of the origin saved (localStorage): follow it. */
  #onStorage(event: StorageEvent): void {
    const [storage, key] = [this.#storage, this.#key]
    if (this.#stopped || event.storageArea !== storage || (event.key !== key && event.key !== null)) return
    const text = storage.getItem(key)
    if (text === null) {
      // Removed (another tab's `clear()`, or a state that did not fit there): nothing to conflict with.
      this.#current = undefined
      return
    }
    const saved = this.#read(text)
    if (!saved || saved.save === this.#current) return
    // This page's last save was replaced by one that did not build on it: its latest writes are gone.
    if (this.#current?.startsWith(`${this.#tab}.`) && saved.base !== this.#current) {
      warn(`another tab's save under "${key}" replaced this tab's latest writes (both wrote at once; last write wins)`)
    }
    this.follow(text, saved)
    replaceState(this.#api!, saved.state).catch((error: Error) => warn(`ignoring another tab's state: ${error.message}`))
  }

  #read(text: string): SavedState | undefined {
    try {
      const saved = JSON.parse(text) as Partial<SavedState>
      if (saved.version === 1 && saved.state) return saved as SavedState
    } catch {
      // Not ours or damaged: start from the scenario.
    }
    warn(`ignoring unreadable saved state under "${this.#key}"`)
    this.#storage.removeItem(this.#key)
    return undefined
  }
}

function warn(message: string): void {
  console.warn(`[workspace-api-mock] ${message}`)
}
