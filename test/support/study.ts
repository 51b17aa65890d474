/**
 * The study's per-deal verdicts (data/study-*.csv.gz), read for the tests that check them or
 * check other parts against them.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';

export const STUDY_FILES = ['study-d3', 'study-d1', 'study-d3-pass-limited', 'study-d1-one-pass', 'study-no-return'];

/** Verdicts by rule set ("draw/passes/foundationReturn") and seed, for seeds up to `maxSeed`. */
export function readStudy(maxSeed = Infinity): Map<string, Map<number, string>> {
  const sets = new Map<string, Map<number, string>>();
  for (const name of STUDY_FILES) {
    const lines = gunzipSync(readFileSync(new URL(`../../data/${name}.csv.gz`, import.meta.url)))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('family,seed,draw,passes,foundationReturn,verdict,nodes,solutionLength,maxNodes');
    // one check per file, not per line: an expect per row of 250,000 costs seconds
    const others = lines.slice(1).filter((line) => !line.startsWith('solvitaire,'));
    expect(others, name).toEqual([]);
    for (const line of lines.slice(1)) {
      const [, seed, draw, passes, fr, verdict] = line.split(',');
      if (Number(seed) > maxSeed) continue;
      const key = `${draw}/${passes}/${fr}`;
      if (!sets.has(key)) sets.set(key, new Map());
      sets.get(key)!.set(Number(seed), verdict);
    }
  }
  return sets;
}
