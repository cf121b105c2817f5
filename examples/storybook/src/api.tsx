/** The example app's API access: plain fetch calls to /api/..., unaware that a mock answers them. */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import type { Credentials } from 'workspace-api-mock/storybook'

const CredentialsContext = createContext<Credentials | undefined>(undefined)

export function ApiProvider({ credentials, children }: { credentials: Credentials; children: ReactNode }) {
  return <CredentialsContext.Provider value={credentials}>{children}</CredentialsContext.Provider>
}

export type Call = <T>(path: string, init?: RequestInit) => Promise<T>

/** A fetch with the credentials; a problem answer becomes an Error with its status and detail. */
export function useApi(): Call {
  const credentials = useContext(CredentialsContext)
  if (!credentials) throw new Error('useApi outside ApiProvider')
  return async (path, init = {}) => {
    const headers = { 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret, ...init.headers }
    const response = await fetch(path, { ...init, headers })
    const body = await response.json()
    if (!response.ok) throw new Error(`${response.status} ${body.detail ?? response.statusText}`)
    return body
  }
}

export type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; value: T }

/** Loads on mount and when `key` changes; the request is aborted when the component unmounts. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: unknown): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    setLoaded({ state: 'loading' })
    load(controller.signal).then(
      (value) => setLoaded({ state: 'done', value }),
      (error: Error) => {
        if (!controller.signal.aborted) setLoaded({ state: 'error', message: error.message })
      },
    )
    return () => controller.abort()
  }, [key])
  return loaded
}
