/**
 * The web app manifest names icons that install everywhere: PNGs of 192 and 512 px for `any` and
 * for `maskable` (the platforms that take no SVG), besides the SVG, and an apple-touch-icon for
 * iOS. Each file is a PNG of the size the manifest says; the maskable and Apple ones are opaque
 * (no alpha channel: a mask or iOS's rounded corners cut them, never show through them). They are
 * drawn from icon.svg by tools/make-icons.mjs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const PUBLIC = new URL('../../web/public/', import.meta.url);

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** Width, height and colour type of a PNG (its IHDR chunk); colour type 2 is RGB, 6 RGB with alpha. */
function pngHeader(bytes: Buffer): { width: number; height: number; colourType: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colourType: bytes[25] };
}

const manifest = JSON.parse(readFileSync(new URL('manifest.webmanifest', PUBLIC), 'utf8')) as { icons: Icon[] };

describe('the icons of the web app manifest', () => {
  it('has PNGs of 192 and 512 px for any and for maskable, and the SVG', () => {
    const have = manifest.icons.map((i) => `${i.purpose} ${i.type} ${i.sizes}`);
    for (const want of [
      'any image/svg+xml any',
      'any image/png 192x192',
      'any image/png 512x512',
      'maskable image/png 192x192',
      'maskable image/png 512x512',
    ])
      expect(have).toContain(want);
  });

  it.each(manifest.icons.filter((i) => i.type === 'image/png'))('$src is a PNG of its size; a maskable one is opaque', (icon) => {
    const { width, height, colourType } = pngHeader(readFileSync(new URL(icon.src, PUBLIC)));
    expect(`${width}x${height}`).toBe(icon.sizes);
    if (icon.purpose === 'maskable') expect(colourType).toBe(2);
  });

  it('apple-touch-icon.png, which iOS looks for at the root of the site, is an opaque 180 px PNG', () => {
    expect(pngHeader(readFileSync(new URL('apple-touch-icon.png', PUBLIC)))).toEqual({ width: 180, height: 180, colourType: 2 });
  });
});
