/**
 * The source tree is layered, each folder a layer that imports only from its own layer and the
 * ones below, and no files import each other in a circle: the solver's core (src/core/, compiled
 * to WebAssembly) imports nothing above it, the rules engine nothing of the solver, the solver
 * nothing of the hidden-card game or the batch, and so on up to the command line and the
 * package's entries. Imports are read from the sources (static `import … from`, `export … from`
 * and dynamic `import()` of relative paths; type-only imports count too).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/build-dist.ts';

/** The layers, lowest first: a file may import files of its own layer and of those before it. */
const LAYERS: readonly (readonly string[])[] = [
  ['src/core/shared'],
  ['src/core', 'src/math', 'src/types.ts', 'src/version.ts'],
  ['src/engine'],
  ['src/deals'],
  ['src/solver'],
  ['src/hidden'],
  ['src/store'],
  ['src/stats'],
  ['src/batch'],
  ['src/cli', 'src/index.ts'],
];

/** The layer of a source file: the longest prefix that names it. */
function layerOf(file: string): number {
  let best = -1;
  let length = -1;
  LAYERS.forEach((prefixes, i) => {
    for (const p of prefixes)
      if ((file === p || file.startsWith(`${p}/`)) && p.length > length) {
        best = i;
        length = p.length;
      }
  });
  return best;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|mts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const SPEC = /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The relative imports of a file, as repository paths (an extension-less one, as the core writes them, gets `.ts`). */
function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SPEC)) {
    const spec = (m[1] ?? m[2]).split('?')[0];
    let target = relative(ROOT, resolve(ROOT, dirname(file), spec));
    if (!/\.(ts|mts|mjs|js)$/.test(target)) target += '.ts';
    out.push(target.split('\\').join('/'));
  }
  return out;
}

/** The files of the graph that lie on a cycle (Tarjan's strongly connected components of more than one file, or a file importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe('the layers of src/', () => {
  const files = sources('src');
  const graph = new Map(files.map((f) => [f, importsOf(f, readFileSync(join(ROOT, f), 'utf8'))]));

  it('every source file belongs to a layer', () => {
    expect(files.length).toBeGreaterThan(80);
    expect(files.filter((f) => layerOf(f) < 0)).toEqual([]);
  });

  it('no import runs back up a layer', () => {
    const up: string[] = [];
    for (const [file, imports] of graph)
      for (const target of imports) if (layerOf(target) > layerOf(file)) up.push(`${file} imports ${target}`);
    expect(up).toEqual([]);
  });

  it('no files import each other in a circle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('the checks can fail', () => {
    expect(layerOf('src/core/state.ts')).toBeLessThan(layerOf('src/solver/search.ts'));
    // A planted import, resolved against src/core/, not against this file.
    const planted = "import { x } from './state';\nexport { y } from '../solver/pruning.ts';"; // outside-repo-ok
    expect(importsOf('src/core/generate.ts', planted)).toEqual(['src/core/state.ts', 'src/solver/pruning.ts']);
    const circle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(circle)).toEqual([['a', 'b', 'c']]);
  });
});

describe('the web app', () => {
  const ENTRIES = ['src/index.ts', 'src/hidden/index.ts'];
  it('imports the library only through its entries', () => {
    const files = sources('web/src');
    expect(files.length).toBeGreaterThan(5);
    const deep: string[] = [];
    for (const f of files)
      for (const target of importsOf(f, readFileSync(join(ROOT, f), 'utf8')))
        if (target.startsWith('src/') && !ENTRIES.includes(target)) deep.push(`${f} imports ${target}`);
    expect(deep).toEqual([]);
  });

  it('no files of web/ import each other in a circle, type-only imports included', () => {
    const files = sources('web/src');
    const graph = new Map(files.map((f) => [f, importsOf(f, readFileSync(join(ROOT, f), 'utf8'))]));
    expect(cycles(graph)).toEqual([]);
  });
});
