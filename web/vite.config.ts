/**
 * Builds the app into `web-dist/` as plain files that work from any static host, from
 * `klondike web`, and opened straight from disk (file://). Browsers refuse module scripts and
 * module workers on file:// pages, so the app is one classic script (an IIFE, loaded with
 * `defer`) with the solver's worker inlined as a Blob, and relative paths throughout.
 *
 * The library's formats module imports `node:fs` for the command line; the alias gives the
 * browser a stand-in (web/node-fs.ts).
 */
import { fileURLToPath } from 'node:url';
import { type Plugin, defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Rewrites Vite's `<script type="module" crossorigin>` into a classic deferred script. */
function classicScript(): Plugin {
  return {
    name: 'klondike-classic-script',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<script type="module" crossorigin src=/g, '<script defer src=').replace(/ crossorigin(?=[ >])/g, ''),
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: './',
  resolve: { alias: { 'node:fs': here('./node-fs.ts') } },
  build: {
    outDir: here('../web-dist'),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    rolldownOptions: { output: { format: 'iife' } },
  },
  worker: { format: 'iife' },
  plugins: [classicScript()],
  logLevel: 'warn',
});
