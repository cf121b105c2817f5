/** The UI's live region (read by screen readers), and the running of a control's action. */
export class Status {
  readonly #element: HTMLElement
  #timer: ReturnType<typeof setTimeout> | undefined

  constructor(element: HTMLElement) {
    this.#element = element
  }

  /** Says something for a few seconds. */
  say(message: string, kind: 'ok' | 'error' = 'ok'): void {
    const status = this.#element
    status.textContent = message
    status.dataset.kind = kind
    status.classList.add('shown')
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => status.classList.remove('shown'), kind === 'error' ? 8000 : 4000)
  }

  /** Stops saying it (what was said belongs to a view the person left). */
  clear(): void {
    clearTimeout(this.#timer)
    this.#element.classList.remove('shown')
  }

  /**
   * Runs an action of a button or form, saying how it went. Meanwhile its buttons are marked disabled
   * (`aria-disabled`) and further clicks do nothing: a button really disabled would lose the keyboard's focus.
   */
  async act(control: HTMLButtonElement | HTMLFormElement, run: () => Promise<string | undefined>): Promise<void> {
    if (control.getAttribute('aria-busy') === 'true') return
    const buttons = control instanceof HTMLFormElement ? [...control.querySelectorAll('button')] : [control]
    control.setAttribute('aria-busy', 'true')
    for (const button of buttons) button.setAttribute('aria-disabled', 'true')
    try {
      const message = await run()
      if (message) this.say(message)
    } catch (error) {
      this.say(error instanceof Error ? error.message : String(error), 'error')
    } finally {
      control.removeAttribute('aria-busy')
      for (const button of buttons) button.removeAttribute('aria-disabled')
    }
  }
}
