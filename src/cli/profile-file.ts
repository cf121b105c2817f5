import { readJsonFile } from './json-file.ts'
import { ProfileError, resolveProfile, type Profile } from '../handlers/profile.ts'

/** A profile file that cannot be read or does not fit: one line for the user, exit code 2. */
export class ProfileFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProfileFileError'
  }
}

/** The most a profile file may hold: a profile is a few hundred bytes. */
export const PROFILE_FILE = { maxBytes: 1024 * 1024, what: 'a profile file' }

/** Reads and checks a behaviour profile file (`--profile`); the error names the file and the bad key. */
export function loadProfileFile(path: string): Profile {
  let value: unknown
  try {
    value = readJsonFile(path, PROFILE_FILE)
  } catch (error) {
    throw new ProfileFileError((error as Error).message)
  }
  try {
    resolveProfile(value)
  } catch (error) {
    if (error instanceof ProfileError) throw new ProfileFileError(`${path}: ${error.message}`)
    throw error
  }
  return value as Profile
}
