/**
 * The study's per-deal results in data/ and the README's large-study table tell the same story:
 * every deal decided, the seeds complete, the counts in the table those of the files, and no deal
 * winnable under a harder rule set but lost under an easier one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readStudy } from '../support/study.ts';

/** The README's large-study rows: rule set label → [deals, winnable, unwinnable, unknown]. */
function readmeTable(): Map<string, number[]> {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const table = readme.slice(readme.indexOf('**The large study**'));
  const rows = new Map<string, number[]>();
  for (const line of table.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 7 || !/^draw [13]/.test(cells[1])) {
      if (rows.size > 0 && !line.startsWith('|')) break;
      continue;
    }
    rows.set(
      cells[1],
      cells.slice(2, 6).map((c) => Number(c.replace(/,/g, ''))),
    );
  }
  return rows;
}

const LABELS: Record<string, string> = {
  'draw 3, unlimited': '3/unlimited/true',
  'draw 1, unlimited': '1/unlimited/true',
  'draw 3, 3 passes': '3/3/true',
  'draw 3, 1 pass': '3/1/true',
  'draw 1, 1 pass': '1/1/true',
  'draw 3, unlimited, no foundation return': '3/unlimited/false',
  'draw 1, unlimited, no foundation return': '1/unlimited/false',
};

describe('the large study in data/', () => {
  const sets = readStudy();

  it('every deal decided, seeds 1…N with none missing', () => {
    expect([...sets.keys()].sort()).toEqual(Object.values(LABELS).sort());
    for (const [key, verdicts] of sets) {
      const n = verdicts.size;
      expect([10_000, 100_000], key).toContain(n);
      const undecided: number[] = [];
      for (let seed = 1; seed <= n; seed++) {
        const v = verdicts.get(seed);
        if (v !== 'winnable' && v !== 'unwinnable') undecided.push(seed);
      }
      expect(undecided, key).toEqual([]);
    }
  });

  it("the README's table is the files' counts", () => {
    const rows = readmeTable();
    expect([...rows.keys()].sort()).toEqual(Object.keys(LABELS).sort());
    for (const [label, [deals, won, lost, unknown]] of rows) {
      const verdicts = [...sets.get(LABELS[label])!.values()];
      expect([deals, won, lost, unknown], label).toEqual([
        verdicts.length,
        verdicts.filter((v) => v === 'winnable').length,
        verdicts.filter((v) => v === 'unwinnable').length,
        0,
      ]);
    }
  });

  it('no deal is won under harder rules and lost under easier ones', () => {
    // each pair: every line of play under the first is one under the second
    const pairs = [
      ['3/unlimited/true', '1/unlimited/true'],
      ['3/3/true', '3/unlimited/true'],
      ['3/1/true', '3/3/true'],
      ['3/1/true', '3/unlimited/true'],
      ['3/1/true', '1/1/true'],
      ['1/1/true', '1/unlimited/true'],
      ['3/unlimited/false', '3/unlimited/true'],
      ['1/unlimited/false', '1/unlimited/true'],
      ['3/unlimited/false', '1/unlimited/false'],
    ];
    let compared = 0;
    const violations: string[] = [];
    for (const [hard, easy] of pairs) {
      const easier = sets.get(easy)!;
      for (const [seed, verdict] of sets.get(hard)!) {
        const other = easier.get(seed);
        if (other === undefined) continue;
        compared++;
        if (verdict === 'winnable' && other !== 'winnable') violations.push(`seed ${seed}: won at ${hard}, lost at ${easy}`);
      }
    }
    expect(violations).toEqual([]);
    expect(compared).toBe(180_000);
  });
});
