import { byId } from './dom.ts'

let timer: ReturnType<typeof setTimeout> | undefined

/** Says something in the page's live region (read by screen readers), for a few seconds. */
export function say(message: string, kind: 'ok' | 'error' = 'ok'): void {
  const status = byId('status')
  status.textContent = message
  status.dataset.kind = kind
  status.classList.add('shown')
  clearTimeout(timer)
  timer = setTimeout(() => status.classList.remove('shown'), kind === 'error' ? 8000 : 4000)
}

/** Runs an action of a button or form, saying how it went; the control is disabled meanwhile. */
export async function act(control: HTMLButtonElement | HTMLFormElement, run: () => Promise<string | undefined>): Promise<void> {
  const buttons = control instanceof HTMLFormElement ? [...control.querySelectorAll('button')] : [control]
  // A disabled button loses the focus: give it back afterwards, so that keyboard users stay where they were.
  const focused = document.activeElement
  for (const button of buttons) button.disabled = true
  try {
    const message = await run()
    if (message) say(message)
  } catch (error) {
    say(error instanceof Error ? error.message : String(error), 'error')
  } finally {
    for (const button of buttons) button.disabled = false
    if (focused instanceof HTMLElement && focused.isConnected && document.activeElement !== focused) focused.focus()
  }
}
