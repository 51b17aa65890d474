/**
 * The study's per-deal results in data/ and the tables that cite them tell the same story: every
 * deal decided, the seeds complete, each number of docs/results.md's large-study table and of the
 * README's study rows those of the files, and no deal winnable under a harder rule set but lost
 * under an easier one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/stats/wilson.ts';
import { readStudy } from '../support/study.ts';

const LABELS: Record<string, string> = {
  'draw 3, unlimited': '3/unlimited/true',
  'draw 1, unlimited': '1/unlimited/true',
  'draw 3, 3 passes': '3/3/true',
  'draw 3, 1 pass': '3/1/true',
  'draw 1, 1 pass': '1/1/true',
  'draw 3, unlimited, no foundation return': '3/unlimited/false',
  'draw 1, unlimited, no foundation return': '1/unlimited/false',
};

type Verdicts = Map<string, Map<number, string>>;

/** The text of a file of the repository. */
function repoText(path: string): string {
  return readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
}

/** The cells of the first Markdown table after the line `heading` (header and rule lines left out). */
function tableAfter(text: string, heading: string): string[][] {
  const lines = text.split('\n');
  const at = lines.indexOf(heading);
  if (at < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(at + 1)) {
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows.slice(2);
}

/** A number as the tables write it: `81,822`, `**81.82%**`. */
const num = (cell: string) => Number(cell.replace(/[*,%]/g, ''));

/** The counts of a rule set's files: deals, winnable, unwinnable. */
function counts(sets: Verdicts, label: string): [number, number, number] | undefined {
  const set = sets.get(LABELS[label]);
  if (!set) return undefined;
  const verdicts = [...set.values()];
  return [verdicts.length, verdicts.filter((v) => v === 'winnable').length, verdicts.filter((v) => v === 'unwinnable').length];
}

/**
 * What is wrong with a share cell (`**81.82%** (81.58% – 82.06%)`) for `won` of `deals`: the share
 * to two decimals, and the interval's ends within the rounding of a figure read from the
 * statistics' three decimals (`klondike stats` prints 3.005%, written 3.01%).
 */
function shareErrors(cell: string, won: number, deals: number): string[] {
  const m = /^\**([\d.]+)%\** \(([\d.]+)% – ([\d.]+)%\)$/.exec(cell);
  if (!m) return [`"${cell}" is not a share with its interval`];
  const w = wilson(won, deals)!;
  const errors: string[] = [];
  if (m[1] !== (w.rate * 100).toFixed(2)) errors.push(`share ${m[1]}% is not ${(w.rate * 100).toFixed(2)}%`);
  for (const [text, end] of [
    [m[2], w.low],
    [m[3], w.high],
  ] as const)
    if (Math.abs(Number(text) - end * 100) > 0.006) errors.push(`interval end ${text}% is not ${(end * 100).toFixed(3)}%`);
  return errors;
}

/** Every number of docs/results.md's large-study table that is not the files': one line each. */
function resultsTableErrors(text: string, sets: Verdicts): string[] {
  const rows = tableAfter(text, '## The large study');
  const errors: string[] = [];
  const labels = rows.map((r) => r[0]).sort();
  if (labels.join('|') !== Object.keys(LABELS).sort().join('|')) errors.push(`rule sets ${labels.join('; ')}`);
  for (const [label, ...cells] of rows) {
    const c = counts(sets, label);
    if (!c) continue;
    const [deals, won, lost] = c;
    const shown = cells.slice(0, 4).map(num);
    const want = [deals, won, lost, 0];
    if (shown.join() !== want.join()) errors.push(`${label}: ${shown.join(' / ')} is not ${want.join(' / ')}`);
    for (const e of shareErrors(cells[4], won, deals)) errors.push(`${label}: ${e}`);
  }
  return errors;
}

/** Every number of the README's rows made by scripts/study.sh that is not the files': one line each. */
function readmeRowsErrors(text: string, sets: Verdicts): string[] {
  const rows = tableAfter(text, '## Figures').filter((r) => r.at(-1) === '`scripts/study.sh`');
  const errors: string[] = rows.length === 0 ? ['no row made by scripts/study.sh'] : [];
  for (const [, label, dealsCell, result] of rows) {
    const c = counts(sets, label);
    if (!c) {
      errors.push(`${label}: not a rule set of the study`);
      continue;
    }
    const [deals, won] = c;
    if (num(dealsCell) !== deals) errors.push(`${label}: ${dealsCell} deals is not ${deals}`);
    for (const e of shareErrors(result, won, deals)) errors.push(`${label}: ${e}`);
  }
  return errors;
}

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

  it("docs/results.md's table is the files' counts and shares", () => {
    const text = repoText('docs/results.md');
    expect(tableAfter(text, '## The large study')).toHaveLength(7);
    expect(resultsTableErrors(text, sets)).toEqual([]);
  });

  it("the README's study rows are the files' deals and shares", () => {
    expect(readmeRowsErrors(repoText('README.md'), sets)).toEqual([]);
  });

  it('a wrong number in either table is caught', () => {
    const results = repoText('docs/results.md');
    const readme = repoText('README.md');
    // One count, one share and one interval end changed in the results table; a missing row.
    expect(resultsTableErrors(results.replace('| 81,822   |', '| 81,823   |'), sets)).toEqual([
      'draw 3, unlimited: 100000 / 81823 / 18178 / 0 is not 100000 / 81822 / 18178 / 0',
    ]);
    expect(resultsTableErrors(results.replace('**90.32%** (90.14%', '**90.33%** (90.14%'), sets)).toEqual([
      'draw 1, unlimited: share 90.33% is not 90.32%',
    ]);
    expect(resultsTableErrors(results.replace('(62.17% – 64.06%)', '(62.17% – 64.08%)'), sets)).toEqual([
      'draw 3, 3 passes: interval end 64.08% is not 64.060%',
    ]);
    const noRow = results.replace(/^\| draw 1, 1 pass\s+\| 10,000 .*\n/m, '');
    expect(resultsTableErrors(noRow, sets)[0]).toMatch(/^rule sets /);
    // The README's rows: a share and a deal count changed.
    expect(readmeRowsErrors(readme.replace('| 81.82% (81.58%', '| 81.83% (81.58%'), sets)).toEqual([
      'draw 3, unlimited: share 81.83% is not 81.82%',
    ]);
    expect(readmeRowsErrors(readme.replace(/(\| draw 1, unlimited\s+\| )100,000/, '$110,000'), sets)).toEqual([
      'draw 1, unlimited: 10,000 deals is not 100000',
    ]);
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
