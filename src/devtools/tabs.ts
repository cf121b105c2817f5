/**
 * Tabs in the WAI-ARIA pattern: a tab list whose arrow keys, Home and End move between tabs (each shows
 * its panel at once), one tab in the Tab order.
 */
import { h } from '../console-ui/dom.ts'

export interface TabSection {
  id: string
  label: string
  element: HTMLElement
}

export function tabs(sections: readonly TabSection[], selected: string, chose: (id: string) => void): { element: HTMLElement; focus(): void } {
  const list = h('div', { role: 'tablist', 'aria-label': 'Devtools sections', class: 'tablist' })
  const buttons = sections.map((section) => h('button', { type: 'button', role: 'tab', id: `tab-${section.id}`, 'aria-controls': `tabpanel-${section.id}` }, section.label))
  const panels = sections.map((section) => h('div', { role: 'tabpanel', id: `tabpanel-${section.id}`, 'aria-labelledby': `tab-${section.id}`, class: 'tabpanel' }, section.element))
  let current = Math.max(0, sections.findIndex((section) => section.id === selected))
  const choose = (index: number, focus: boolean) => {
    current = index
    buttons.forEach((button, at) => {
      button.setAttribute('aria-selected', String(at === index))
      button.tabIndex = at === index ? 0 : -1
      panels[at]!.hidden = at !== index
    })
    if (focus) buttons[index]!.focus()
    chose(sections[index]!.id)
  }
  buttons.forEach((button, index) => button.addEventListener('click', () => choose(index, false)))
  list.addEventListener('keydown', (event) => {
    const last = sections.length - 1
    const next = { ArrowRight: current === last ? 0 : current + 1, ArrowLeft: current === 0 ? last : current - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    choose(next, true)
  })
  list.append(...buttons)
  choose(current, false)
  return { element: h('div', { class: 'tabs' }, list, ...panels), focus: () => buttons[current]!.focus() }
}
