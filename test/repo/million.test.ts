/**
 * The million-deal runs in data/ (scripts/million.sh): each packed file holds seeds 1…N of the
 * Solvitaire family, unlimited passes, in whole parts of 100,000; its first 100,000 verdicts are
 * the published study's deal by deal; its work summary describes the same deals; the README's rows
 * made by scripts/million.sh give its deal count and share.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type PackedVerdicts, isWinnableAt, parsePacked, winnableCount } from '../../src/stats/packed.ts';
import { parseWorkFile } from '../../src/stats/work-file.ts';
import { wilson } from '../../src/math/wilson.ts';
import { repoText, tableAfter } from '../support/markdown.ts';

const PART = 100_000;

function packed(path: string): PackedVerdicts {
  const p = parsePacked(readFileSync(new URL(`../../${path}`, import.meta.url)));
  if (!p.ok) throw new Error(`${path}: ${p.error}`);
  return p.value;
}

/** What is wrong with the README's row for `draw`: its deals cell and its share with interval. */
function rowErrors(rows: string[][], draw: number, p: PackedVerdicts): string[] {
  const row = rows.find((r) => r[1] === `draw ${draw}, unlimited`);
  if (!row) return [`no row for draw ${draw}`];
  const errors: string[] = [];
  const deals = Number(row[2].split(' ')[0].replace(/,/g, ''));
  if (deals !== p.count) errors.push(`draw ${draw}: ${row[2]} deals is not ${p.count}`);
  const w = wilson(winnableCount(p), p.count)!;
  const want = `${(w.rate * 100).toFixed(3)}% (${(w.low * 100).toFixed(3)}% – ${(w.high * 100).toFixed(3)}%)`;
  if (row[3] !== want) errors.push(`draw ${draw}: ${row[3]} is not ${want}`);
  return errors;
}

describe('the million-deal runs in data/', () => {
  const readme = tableAfter(repoText('README.md'), '## Figures').filter((r) => r.at(-1) === '`scripts/million.sh`');

  for (const draw of [3, 1]) {
    const name = `data/million-d${draw}`;
    const p = packed(`${name}.verdicts`);

    it(`${name}.verdicts: Solvitaire 1…N, unlimited passes, whole parts, the study's first 100,000`, () => {
      expect({ family: p.family, rules: p.rules, first: p.first }).toEqual({
        family: 'solvitaire',
        rules: { draw, passes: null, foundationReturn: true },
        first: 1n,
      });
      expect(p.count % PART).toBe(0);
      expect(p.count).toBeLessThanOrEqual(1_000_000);
      const study = packed(`data/study-d${draw}.verdicts`);
      expect(study.count).toBe(PART);
      expect(p.bits.subarray(0, PART / 8)).toEqual(study.bits);
      expect(isWinnableAt(p, 0)).toBe(isWinnableAt(study, 0));
    });

    it(`${name}-work.json describes the same deals`, () => {
      const w = parseWorkFile(repoText(`${name}-work.json`));
      if (!w.ok) throw new Error(w.error);
      expect({ first: w.value.first, count: w.value.count, winnable: w.value.winnable }).toEqual({
        first: 1,
        count: p.count,
        winnable: winnableCount(p),
      });
      expect(w.value.work.ms?.deals).toBe(p.count);
      // The hardest deals' verdicts are the packed file's.
      for (const h of w.value.work.hardest)
        expect(h.verdict, String(h.seed)).toBe(isWinnableAt(p, Number(h.seed) - 1) ? 'winnable' : 'unwinnable');
    });

    it(`the README's draw-${draw} row made by scripts/million.sh is the file's count and share`, () => {
      expect(rowErrors(readme, draw, p)).toEqual([]);
    });
  }

  it('a wrong count or share in the README is caught', () => {
    const p = packed('data/million-d1.verdicts');
    const row = readme.find((r) => r[1] === 'draw 1, unlimited')!;
    expect(rowErrors([[row[0], row[1], '900,000', row[3]]], 1, p)).toEqual([`draw 1: 900,000 deals is not ${p.count}`]);
    expect(rowErrors([[row[0], row[1], row[2], row[3].replace(/^[\d.]+/, '90.000')]], 1, p)[0]).toMatch(/^draw 1: 90\.000% /);
  });

  // A later solver's run of the same deals, published part by part as it goes (scripts/million.sh
  // with PACK=data/million-0.9.0): the same verdicts as the first run, deal by deal.
  const rerun = 'data/million-0.9.0-d3';
  it.skipIf(!existsSync(new URL(`../../${rerun}.verdicts`, import.meta.url)))(
    `${rerun}.verdicts: the same verdicts as data/million-d3.verdicts`,
    () => {
      const again = packed(`${rerun}.verdicts`);
      const first = packed('data/million-d3.verdicts');
      expect({ family: again.family, rules: again.rules, first: again.first }).toEqual({
        family: first.family,
        rules: first.rules,
        first: 1n,
      });
      expect(again.count % PART).toBe(0);
      expect(again.count).toBeGreaterThan(0);
      expect(again.bits).toEqual(first.bits.subarray(0, again.count / 8));
      const w = parseWorkFile(repoText(`${rerun}-work.json`));
      if (!w.ok) throw new Error(w.error);
      expect({ count: w.value.count, winnable: w.value.winnable }).toEqual({ count: again.count, winnable: winnableCount(again) });
    },
  );
});
