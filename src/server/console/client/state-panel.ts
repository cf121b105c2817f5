import { byId } from './dom.ts'
import { admin } from './http.ts'
import { act } from './status.ts'
import { withToken } from './token.ts'

/** Reset, snapshot download and state upload, for the mock under the current prefix. */
export class StatePanel {
  #prefix = '/__admin'
  #name = 'snapshot'
  readonly #changed: (what: 'reset' | 'state') => void

  constructor(changed: (what: 'reset' | 'state') => void) {
    this.#changed = changed
    const reset = byId<HTMLButtonElement>('reset')
    reset.addEventListener('click', () => void act(reset, async () => {
      await admin('POST reset', `${this.#prefix}/reset`)
      this.#changed('reset')
      return 'Reset: back to the initial state (faults, journal cleared)'
    }))
    const upload = byId<HTMLFormElement>('upload')
    const result = byId('upload-result')
    upload.addEventListener('submit', (event) => {
      event.preventDefault()
      void act(upload, async () => {
        const file = byId<HTMLInputElement>('upload-file').files?.[0]
        if (!file) throw new Error('Choose a JSON file first')
        result.textContent = ''
        try {
          const answer = await admin('POST state', `${this.#prefix}/state`, { body: await file.text() })
          const { workspaces, applications, accounts } = answer.counts
          const count = (n: number | undefined, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
          result.textContent = `Serving ${file.name}: ${count(accounts, 'principal')}, ${count(workspaces, 'workspace')}, ${count(applications, 'application')}.`
        } catch (error) {
          result.textContent = `${file.name} was not loaded: ${(error as Error).message}`
          throw error
        }
        this.#changed('state')
        return `Serving ${file.name}`
      })
    })
  }

  /** Acts on the mock under `prefix` (its snapshot downloads as `<name>.json`). */
  show(prefix: string, name: string): void {
    this.#prefix = prefix
    this.#name = name
    for (const id of ['snapshot-download', 'snapshot-link']) {
      const link = byId<HTMLAnchorElement>(id)
      link.href = withToken(`${prefix}/snapshot`)
      link.download = `${this.#name}.json`
    }
    byId('upload-result').textContent = ''
  }
}
