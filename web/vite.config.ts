/**
 * Builds the app into `web-dist/` as plain files that work from any static host, from
 * `klondike web`, and opened straight from disk (file://). Browsers refuse module scripts and
 * module workers on file:// pages, so the app is one classic script (an IIFE, loaded with
 * `defer`) with the solver's worker inlined as a Blob, and relative paths throughout.
 *
 * The files of `public/` (the web app manifest, the icon) are copied as they are, and the service
 * worker `sw.js` is written from web/sw.js with the list of every file of the build and a version
 * (a hash of their contents), so that a new build replaces the cache of the last.
 *
 * The library's formats module imports `node:fs` for the command line; the alias gives the
 * browser a stand-in (web/node-fs.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
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

/** Writes sw.js: web/sw.js with the files of the build (and of public/) to keep, and their hash as its version. */
function serviceWorker(): Plugin {
  return {
    name: 'klondike-service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const files: string[] = [];
      for (const [name, item] of Object.entries(bundle).sort(([a], [b]) => (a < b ? -1 : 1))) {
        if (name.endsWith('.map')) continue;
        files.push(name);
        hash.update(name).update(item.type === 'chunk' ? item.code : item.source);
      }
      for (const name of readdirSync(here('public')).sort()) {
        files.push(name);
        hash.update(name).update(readFileSync(here(`public/${name}`)));
      }
      const source = readFileSync(here('sw.js'), 'utf8')
        .replace("'__VERSION__'", JSON.stringify(hash.digest('hex').slice(0, 16)))
        .replace('__FILES__', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
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
  plugins: [classicScript(), serviceWorker()],
  logLevel: 'warn',
});
