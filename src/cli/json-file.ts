import { readFileSync } from 'node:fs'

/**
 * A JSON file's value, for the command's files (`--state`, `--profile`). Its errors are one line each, as the
 * command prints them: JSON.parse quotes the text around the mistake, line breaks and all.
 */
export function readJsonFile(path: string): unknown {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}`)
  }
}
