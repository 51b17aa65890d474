#!/usr/bin/env node
// Draws the browser app's PNG icons from web/public/icon.svg, for the platforms that install a web
// app from PNGs only (Android's installed apps, iOS's home screen, Windows): `any` icons at 192
// and 512 px (the SVG as it is, its rounded corners transparent), `maskable` ones (the background
// filling the square and the card scaled to 80% about the centre, inside the circle of 40% of the
// width that every mask keeps), and apple-touch-icon.png at 180 px (the square filled: iOS rounds
// the corners itself). The PNGs are committed; run this again after changing the SVG:
//
//   node tools/make-icons.mjs          (Debian's chromium, or CHROMIUM=/path/to/chromium)
//
// Chromium draws them (through playwright-core, which downloads no browser), so the PNGs are the
// SVG as a browser shows it.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = fileURLToPath(new URL('../web/public/', import.meta.url));
const svg = readFileSync(`${PUBLIC}icon.svg`, 'utf8');

// the icon is one background rectangle (rounded) and the card drawn on it
const open = /^\s*<svg[^>]*viewBox="0 0 (\d+) (\d+)"[^>]*>/.exec(svg);
const background = /<rect[^>]*width="(\d+)"[^>]*fill="(#[0-9a-fA-F]{6})"[^>]*\/>/.exec(svg);
if (!open || !background || open[1] !== open[2] || background[1] !== open[1])
  throw new Error('web/public/icon.svg is not a square viewBox whose first element is a background rectangle filling it');
const size = Number(open[1]);
const card = svg.slice(background.index + background[0].length, svg.lastIndexOf('</svg>'));

/** The icon on a full square of its background colour, the card scaled by `scale` about the centre. */
const filled = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${background[2]}"/>` +
  `<g transform="translate(${size / 2} ${size / 2}) scale(${scale}) translate(${-size / 2} ${-size / 2})">${card}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', px: 192, svg, transparent: true },
  { file: 'icon-512.png', px: 512, svg, transparent: true },
  { file: 'icon-maskable-192.png', px: 192, svg: filled(0.8), transparent: false },
  { file: 'icon-maskable-512.png', px: 512, svg: filled(0.8), transparent: false },
  { file: 'apple-touch-icon.png', px: 180, svg: filled(1), transparent: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.px, height: icon.px }, deviceScaleFactor: 1 });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.px}" height="${icon.px}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0">${sized}</body></html>`);
    const png = await page.screenshot({ omitBackground: icon.transparent, clip: { x: 0, y: 0, width: icon.px, height: icon.px } });
    writeFileSync(`${PUBLIC}${icon.file}`, png);
    process.stdout.write(`${icon.file}: ${icon.px}×${icon.px}, ${png.length} bytes\n`);
    await page.close();
  }
} finally {
  await browser.close();
}
