// Finishes dist/ after tsc: copies the declaration files written by hand in src/ (tsc emits
// declarations only for the modules it compiles) and points the emitted declarations' references
// at those copies (tsc writes the path of the source file, which the package does not ship), and
// removes compiled files whose source in src/ is gone (tsc's incremental build leaves them behind),
// so a build never carries a module that no longer exists.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const dist = join(root, 'dist');
const OUT = /\.(d\.ts\.map|d\.ts|js\.map|js)$/;

function walk(dir, visit) {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, visit);
    else visit(p, e.name);
  }
}
walk(src, (p, name) => {
  if (!name.endsWith('.d.ts')) return;
  const to = join(dist, relative(src, p));
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(p, to);
});
const REFERENCE = /(\/\/\/ <reference path=")([^"]+)(")/g;
walk(dist, (p, name) => {
  if (!name.endsWith('.d.ts')) return;
  const text = readFileSync(p, 'utf8');
  const fixed = text.replace(REFERENCE, (all, open, path, close) => {
    const target = resolve(dirname(p), path);
    if (relative(src, target).startsWith('..')) return all;
    const to = relative(dirname(p), join(dist, relative(src, target)));
    return open + (to.startsWith('.') ? to : `./${to}`) + close;
  });
  if (fixed !== text) writeFileSync(p, fixed);
});
walk(dist, (p, name) => {
  if (!OUT.test(name)) return;
  const rel = relative(dist, p);
  if (!existsSync(join(src, rel.replace(OUT, '.ts'))) && !existsSync(join(src, rel))) rmSync(p);
});
