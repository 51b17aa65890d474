/**
 * What the docs present as the library is what the package's entries export: every name that
 * docs/library.md lists under an entry is exported by that entry, and every name the other docs
 * call a library entry ("library: `shortest(…)`", "the library's `mostHome`", "the library
 * function `playGame(…)`") by one of the three. The shortest solution is called through the core
 * entry as a user would. (test/repo/package.test.ts does the same through the packed package.)
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/index.ts';
import { repoText } from '../support/markdown.ts';
import { returnNeededPosition } from '../support/positions.ts';

const ENTRIES: Record<string, string> = {
  'klondike-solver': '../../src/index.ts',
  'klondike-solver/hidden': '../../src/hidden/index.ts',
  'klondike-solver/batch': '../../src/batch/index.ts',
};

const exportsOf = async (entry: string) => new Set(Object.keys(await import(ENTRIES[entry])));

/** The identifiers in backticks of a text: `name`, `name(…)`, `name.method` (as `name`). */
function names(text: string): string[] {
  return [...text.matchAll(/`([A-Za-z_$][\w$]*)(?:\(|\.|`)/g)].map((m) => m[1]);
}

/** docs/library.md's bullets under "Three entries": each entry and the names listed for it. */
function listedByEntry(): Map<string, string[]> {
  const text = repoText('docs/library.md');
  const section = text.slice(text.indexOf('## Three entries'), text.indexOf('\n## ', text.indexOf('## Three entries') + 1));
  const out = new Map<string, string[]>();
  const list = section.slice(0, section.indexOf('\n\n', section.indexOf('\n- ')));
  for (const bullet of list.split('\n- ').slice(1)) {
    const entry = /^`([^`]+)`/.exec(bullet)?.[1];
    if (entry === undefined) continue;
    out.set(entry, names(bullet.slice(entry.length + 2)));
  }
  return out;
}

/** The names the docs call library entries outside docs/library.md's list, with the file saying so. */
function calledLibrary(): [string, string][] {
  const out: [string, string][] = [];
  for (const f of readdirSync(new URL('../../docs', import.meta.url)).filter((n) => n.endsWith('.md'))) {
    const text = repoText(`docs/${f}`).replace(/\s+/g, ' ');
    for (const m of text.matchAll(/library(?::|'s| function) `([A-Za-z_$][\w$]*)/g)) out.push([m[1], f]);
  }
  return out;
}

describe('the library the docs present', () => {
  it('every name docs/library.md lists under an entry is exported by that entry', async () => {
    const listed = listedByEntry();
    expect([...listed.keys()]).toEqual(Object.keys(ENTRIES));
    const missing: string[] = [];
    for (const [entry, ns] of listed) {
      expect(ns.length, entry).toBeGreaterThan(3);
      const have = await exportsOf(entry);
      for (const n of ns) if (!have.has(n)) missing.push(`${entry}: ${n}`);
    }
    expect(missing).toEqual([]);
  });

  it('every name another doc calls the library is exported by an entry', async () => {
    const all = new Set<string>();
    for (const e of Object.keys(ENTRIES)) for (const n of await exportsOf(e)) all.add(n);
    const called = calledLibrary();
    expect(called.map(([n]) => n)).toEqual(expect.arrayContaining(['shortest', 'mostHome', 'playGame']));
    expect(called.filter(([n]) => !all.has(n)).map(([n, f]) => `${f}: ${n}`)).toEqual([]);
  });

  it('shortest through the core entry: proved minimal, a line that replays and wins, counted both ways', () => {
    const position = returnNeededPosition();
    const rules = { draw: 1, passes: null, foundationReturn: true };
    const r = core.shortest(position, rules, { maxNodes: 1_000_000 }, { count: 'atomic' });
    expect(r.verdict).toBe('winnable');
    expect(r.proved).toBe(true);
    expect(r.lowerBound).toBe(r.length);
    expect(r.length).toBe(r.moves.length);
    expect(core.replay(position, rules, r.moves).status).toBe('won');
    expect(core.countMoves(r.moves, 'ksolve')).toBeLessThanOrEqual(r.length);
    expect(core.MOVE_COUNTS).toEqual(['atomic', 'ksolve']);
    expect(() => core.shortest(position, rules, {}, { count: 'moves' as core.MoveCount })).toThrow(/^shortest: count must be/);
  });
});
