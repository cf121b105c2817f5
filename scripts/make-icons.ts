/**
 * Draws the mock's icon and encodes it as WebP into fixtures/icons/ (one file per variant).
 * Needs `cwebp` (Debian package `webp`); the results are committed, so only run this to change the art:
 *   npm exec -- node scripts/make-icons.ts && npm exec -- node scripts/embed-icons.ts
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Variant suffix (as in the icon URLs) and the pixel size drawn for it. */
const VARIANTS = [
  { file: '512.webp', size: 512 },
  { file: '192.webp', size: 192 },
  { file: '72.webp', size: 72 },
] as const

/**
 * The "uploaded original" is the 512-pixel artwork itself: a 1024-pixel original was 60% of the icon
 * bytes every browser bundle carried, and showed nothing the 512 does not.
 */
const ORIGINAL_FROM = '512.webp'

const outDir = fileURLToPath(new URL('../fixtures/icons/', import.meta.url))

/** RGBA pixels of the icon: a rounded tile with a diagonal gradient and a white "stacked apps" glyph. */
function draw(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 4)
  const radius = size * 0.2
  const from = [0x4f, 0x46, 0xe5] // indigo
  const to = [0x06, 0xb6, 0xd4] // cyan
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size
      const v = (y + 0.5) / size
      const alpha = roundedCoverage(x + 0.5, y + 0.5, size, radius)
      const t = (u + v) / 2
      let rgb = from.map((c, i) => Math.round(c + (to[i]! - c) * t))
      if (glyph(u, v)) rgb = [255, 255, 255]
      const offset = (y * size + x) * 4
      pixels.set([rgb[0]!, rgb[1]!, rgb[2]!, Math.round(alpha * 255)], offset)
    }
  }
  return pixels
}

/** 1 inside the rounded square, 0 outside, a one-pixel ramp at the edge. */
function roundedCoverage(x: number, y: number, size: number, radius: number): number {
  const dx = Math.max(radius - x, 0, x - (size - radius))
  const dy = Math.max(radius - y, 0, y - (size - radius))
  const distance = Math.hypot(dx, dy) - radius
  return Math.min(1, Math.max(0, 0.5 - distance))
}

/** Three stacked bars and a dot: reads as "a workspace of apps" at every size. */
function glyph(u: number, v: number): boolean {
  const inBar = (top: number) => u >= 0.26 && u <= 0.74 && v >= top && v <= top + 0.1
  const dot = Math.hypot(u - 0.7, v - 0.25) <= 0.07
  return inBar(0.4) || inBar(0.55) || inBar(0.7) || dot
}

function pam(size: number, pixels: Uint8Array): Buffer {
  const header = `P7\nWIDTH ${size}\nHEIGHT ${size}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`
  return Buffer.concat([Buffer.from(header, 'ascii'), pixels])
}

const work = mkdtempSync(join(tmpdir(), 'icons-'))
try {
  mkdirSync(outDir, { recursive: true })
  for (const { file, size } of VARIANTS) {
    const input = join(work, `${size}.pam`)
    writeFileSync(input, pam(size, draw(size)))
    const output = join(outDir, file)
    execFileSync('cwebp', ['-quiet', '-q', '80', '-alpha_q', '100', '-m', '6', '-metadata', 'none', input, '-o', output])
    console.log(`wrote fixtures/icons/${file} (${size}x${size})`)
  }
  copyFileSync(join(outDir, ORIGINAL_FROM), join(outDir, 'original'))
  console.log(`wrote fixtures/icons/original (a copy of ${ORIGINAL_FROM})`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
