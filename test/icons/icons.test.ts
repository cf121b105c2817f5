import { readFileSync } from 'node:fs'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { ICON_VARIANTS, iconBytes } from '../../src/handlers/kit-routes/icons.ts'
import { iconModule, ICONS_DIR, ICONS_MODULE } from '../../scripts/embed-icons.ts'

const ORIGIN = 'https://api.example.test'
const SIZES = { '512.webp': 512, '192.webp': 192, '72.webp': 72, original: 512 } as const

function fixture(variant: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(variant, ICONS_DIR)))
}

/** Width and height of a WebP file (VP8X extended header, as cwebp writes for images with alpha). */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to))
  expect(text(0, 4)).toBe('RIFF')
  expect(text(8, 12)).toBe('WEBP')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  expect(view.getUint32(4, true)).toBe(bytes.byteLength - 8)
  expect(text(12, 16)).toBe('VP8X')
  const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
  return { width: u24(24) + 1, height: u24(27) + 1 }
}

describe('icon fixtures', () => {
  test.each(ICON_VARIANTS)('%s is a valid WebP file of the expected size', (variant) => {
    const size = SIZES[variant]
    expect(webpSize(fixture(variant))).toEqual({ width: size, height: size })
  })

  test.each(ICON_VARIANTS)('the bytes embedded for %s equal fixtures/icons/%s', async (variant) => {
    expect(Buffer.from(await iconBytes(variant)).equals(Buffer.from(fixture(variant))), 'run scripts/embed-icons.ts').toBe(true)
  })

  test('icon-data.ts is what scripts/embed-icons.ts writes', () => {
    expect(readFileSync(ICONS_MODULE, 'utf8')).toBe(iconModule())
  })
})

describe('GET /api/icons/<img_id>_<variant>', () => {
  const api = createMockApi({ scenario: 'demo', seed: 3, baseUrl: ORIGIN })
  const server = setupServer(...api.handlers)
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => server.close())

  test.each(ICON_VARIANTS)('serves %s without credentials as image/webp', async (variant) => {
    const response = await fetch(`${ORIGIN}/api/icons/img_0123456789abcdef0123456789abcdef_${variant}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/webp')
    const body = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(body).equals(Buffer.from(fixture(variant)))).toBe(true)
    expect(response.headers.get('Content-Length')).toBe(String(body.byteLength))
  })

  test('every icon URL of the seeded records resolves', async () => {
    await api.ready
    const records = [...api.db.workspaces.all(), ...api.db.applications.all().slice(0, 5)]
    const urls = records.flatMap((record) => Object.values(record.icons))
    expect(urls.length).toBeGreaterThan(20)
    for (const url of urls) {
      expect(url.startsWith(`${ORIGIN}/api/icons/img_`)).toBe(true)
      const response = await fetch(url)
      expect(response.status, url).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('image/webp')
    }
  })

  test.each([
    'img_0123_64.webp',
    'img_0123_512.png',
    'img_XYZ_512.webp',
    'app_0123_512.webp',
    `img_${'a'.repeat(33)}_72.webp`,
    'img_0123_original.webp',
    'logo.webp',
  ])('answers 404 problem+json for %s', async (file) => {
    const response = await fetch(`${ORIGIN}/api/icons/${file}`)
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
    expect(await response.json()).toMatchObject({ status: 404, title: 'Not Found', detail: `no icon named ${file}` })
  })

  test('answers 405 with Allow for another method', async () => {
    const response = await fetch(`${ORIGIN}/api/icons/img_0123_72.webp`, { method: 'PUT' })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET, OPTIONS')
  })
})
