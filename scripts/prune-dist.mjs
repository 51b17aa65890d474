// Removes compiled files in dist/ whose source in src/ is gone (tsc's incremental build leaves
// them behind), so a build never carries a module that no longer exists.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const OUT = /\.(d\.ts\.map|d\.ts|js\.map|js)$/;

function walk(dir) {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (OUT.test(e.name)) {
      const src = join(root, 'src', relative(dist, p).replace(OUT, '.ts'));
      if (!existsSync(src)) rmSync(p);
    }
  }
}
walk(dist);
