/**
 * Perft with the packed generator (src/engine/moves.ts): every row of the shared fixture, then counts
 * frozen here for more deals and every rule variant, and `--divide` subtotals against the naive
 * generator.
 *
 * How the frozen counts were made: for each row, perft() on the packed state and naivePerft()
 * (test/support/naive.ts, the deliberately naive generator on plain positions) were run independently
 * and agreed exactly; only then was the number written down. The mid-game positions (MID) were
 * taken from seeded random playouts of Solvitaire seeds 10–14 (draw 1 and draw 3), stopped with
 * 1–4 cards left in the stock, some foundations started, and set to pass 2, so that the pass
 * limit (2 = no redeal left, 3 = one more), redeals and foundation returns all matter within the
 * depth. The fresh-deal draw 3 rows go to depth 9, the first depth at which a redeal can happen.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { divideLabel } from '../../src/cli/perft.ts';
import { dealFromSeed } from '../../src/deals/families.ts';
import { perft, perftDivide } from '../../src/engine/moves.ts';
import { type Position, dealPosition, parsePositionJson } from '../../src/engine/position.ts';
import { State } from '../../src/engine/state.ts';
import type { Rules } from '../../src/types.ts';
import { naivePerftDivide } from '../support/naive.ts';

const FIXTURE = new URL('../fixtures/perft.tsv', import.meta.url);

function positionOf(source: string): Position {
  const seed = /^seed (\d+)$/.exec(source);
  if (seed) {
    const d = dealFromSeed(Number(seed[1]));
    if (!d.ok) throw new Error(d.error);
    return dealPosition(d.value);
  }
  const text = source.startsWith('{') ? source : MID[source];
  const p = parsePositionJson(text);
  if (!p.ok) throw new Error(`${source}: ${p.error}`);
  return p.value;
}

function rulesLabel(r: Rules): string {
  return `draw ${r.draw} passes ${r.passes ?? 'unlimited'} fr ${r.foundationReturn ? 'yes' : 'no'}`;
}

describe('packed perft: every row of fixtures/perft.tsv', () => {
  const lines = readFileSync(FIXTURE, 'utf8').split('\n');
  expect(lines[0].split('\t')).toEqual(['case', 'source', 'draw', 'passes', 'foundationReturn', 'depth', 'count']);
  const rows = lines
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      const [name, source, draw, passes, fr, depth, count] = l.split('\t');
      const rules: Rules = { draw: Number(draw), passes: passes === 'unlimited' ? null : Number(passes), foundationReturn: fr === 'yes' };
      return { line: i + 2, name, source: name === 'seed' ? `seed ${source}` : source, rules, depth: Number(depth), count: Number(count) };
    });
  it('has rows', () => expect(rows.length).toBeGreaterThan(800));
  // One test per case and rule set (all its depths), to keep the report short.
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.name}${r.name === 'seed' ? ` ${r.source}` : ''} ${rulesLabel(r.rules)}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [key, group] of groups) {
    it(key, () => {
      const s = State.fromPosition(positionOf(group[0].source), group[0].rules);
      for (const r of group) expect(perft(s, r.depth), `line ${r.line}: depth ${r.depth}`).toBe(r.count);
    });
  }
});

/** Mid-game positions (our JSON form), frozen: see the head comment. */
const MID: Record<string, string> = {
  s10d1:
    '{"tableau":[["Kc","Qd","Js"],["9c","8h","7s","6h"],["5d"],["6s","2h","9d"],["4h","5c","Kd"],["Qh","4s","3s","Td","Qs","5h","4c"],["Ac","Ts","3c","5s","3d","Ks","9h","8c","7d"]],"stock":["4d","Jc"],"faceDown":[0,1,0,2,2,5,6],"waste":["6d","Qc","8d","Jd","2c","Tc","Jh","Kh","3h","7h","Th","9s","6c","8s","7c","Ah"],"foundations":{"c":0,"d":2,"h":0,"s":2},"pass":2}',
  s10d3:
    '{"tableau":[["Kc","Qd","Js"],["9c","8h","7s"],["5d"],["6s","2h","9d"],["4h","5c","Kd"],["Qh","4s","3s","Td","Qs","5h","4c"],["Ac","Ts","3c","5s","3d","Ks","9h"]],"stock":["Ah","4d","Jc"],"faceDown":[0,1,0,2,2,5,6],"waste":["6d","Qc","8d","Jd","2c","Tc","2s","Jh","8c","7d","Kh","3h","7h","6h","Th","9s","6c","8s","7c"],"foundations":{"c":0,"d":2,"h":0,"s":1},"pass":2}',
  s11d1:
    '{"tableau":[["Ks","Qh","Js"],["5c","4h","3s","2d"],["Kc","7d","6c"],["4s","As","Jc"],["Tc","Th","5d","7s","4c"],["6h","Td","5h","8d","9d","Qc","Jd"],["7h","7c","3d","3c","2s"]],"stock":["3h"],"faceDown":[0,0,1,2,4,5,4],"waste":["4d","Ts","Qd","6d","8h","8c","8s","9s","Kh","Qs","2c","5s","Jh","9h","Kd","6s","9c","Ac"],"foundations":{"c":0,"d":1,"h":2,"s":0},"pass":2}',
  s11d3:
    '{"tableau":[["Kh","Qc"],["5c","4h","3s"],["Kc","7d"],["4s","As","Jc"],["Tc","Th","5d","7s","4c"],["6h","Td","5h","8d","9d"],["7h","7c","3d","3c","2s","2d","Js"]],"stock":["6s","9c","Ac","Ad"],"faceDown":[0,0,1,2,4,4,6],"waste":["4d","Ts","Qd","6d","8h","8c","Ks","Qh","8s","Jd","9s","Qs","6c","2c","5s","Jh","9h","Kd"],"foundations":{"c":0,"d":0,"h":3,"s":0},"pass":2}',
  s12d1:
    '{"tableau":[["Kc","Qh"],["Kh","Qc","Jh","Tc","9h","8c","7h"],["Jd","5d","2s"],["9d","Kd","8d"],["Ks","5h","4c"],["4h","6h","As","2d","8h","8s","7d"],["7s","Td","4s","6d","5c","4d","3s"]],"stock":["6s","3c"],"faceDown":[0,0,2,2,1,5,4],"waste":["5s","6c","3h","Qd","Qs","9s","Jc","3d","Ts","Ac","9c","7c","2c","Js","Th"],"foundations":{"c":0,"d":1,"h":2,"s":0},"pass":2}',
  s12d3:
    '{"tableau":[["Kh","Qc","Jh","Tc","9h","8s","7d","6c","5h","4c"],["Kc"],["Jd","5d","2s"],["9d","Kd","8d"],["Ks","Qh"],["4h","6h","As","2d","8h","7c"],["7s","Td","4s","6d","5c","4d","3s","2h"]],"stock":["Js","Th","6s","3c"],"faceDown":[0,0,2,2,0,4,4],"waste":["8c","5s","3h","Qd","Qs","7h","9s","Jc","3d","Ah","Ts","9c"],"foundations":{"c":2,"d":1,"h":0,"s":0},"pass":2}',
  s13d1:
    '{"tableau":[[],[],["Tc","9h"],["Jd","2s","7h"],["6s","3s","As","6h","5c","4d"],["Qs","2h","8c","9d","5s","4h"],["8d","3h","Kd","4c","9s","7d","6c","5h","4s"]],"stock":["8s","Jc"],"faceDown":[0,0,0,2,3,4,5],"waste":["7s","Qh","Kh","Qd","Ts","Th","8h","6d","7c","Ks","5d","9c","Kc","Qc","Jh","Td","Js","3d"],"foundations":{"c":3,"d":2,"h":1,"s":0},"pass":2}',
  s13d3:
    '{"tableau":[["Ks"],["Kc"],["Tc","9h"],["Jd","2s","7h"],["6s","3s","As","6h","5c","4d"],["Qs","2h","8c","9d","5s"],["8d","3h","Kd","4c","9s","7d","6c","5h","4s"]],"stock":["8s","Jc"],"faceDown":[0,0,0,2,3,4,5],"waste":["7s","Qh","Kh","Qd","4h","Ts","Th","8h","6d","7c","5d","9c","3c","Qc","Jh","Td","Js","3d"],"foundations":{"c":2,"d":2,"h":1,"s":0},"pass":2}',
  s14d1:
    '{"tableau":[["Kc"],["2h","Th","9c"],["8s","6d","5c","4h"],["Ad","9d"],["Qh","Td","7d","As","Qs","Jh","Tc"],["Kd","9s","8h","Ks","6h","8d"],["4d","Qc","7c","3d","8c","Js","4s","3h"]],"stock":["Qd","7s"],"faceDown":[0,1,1,1,4,5,6],"waste":["9h","3s","7h","6s","2d","5s","5d","Jd","Kh","4c","6c","Jc","2s","5h","Ts"],"foundations":{"c":3,"d":0,"h":1,"s":0},"pass":2}',
  s14d3:
    '{"tableau":[[],["2h","Th","9c","8d","7s","6d"],["Kc","Qd"],[],["Qh","Td","7d","As","Qs","Jd","Tc","9d","8s","7h"],["Kd","9s","8h","Ks","6h","5c"],["4d","Qc","7c","3d","8c","Js","4s"]],"stock":["5h","Jh","Ts"],"faceDown":[0,1,0,0,4,4,6],"waste":["9h","3s","6s","2d","5s","5d","Kh","4c","6c","3h","Jc","3c","4h","2s"],"foundations":{"c":2,"d":1,"h":1,"s":0},"pass":2}',
};

/** [source, draw, passes (null = unlimited), foundation return, depth, count], cross-checked packed = naive. */
const FROZEN: [string, number, number | null, boolean, number, number][] = [
  ['seed 10', 1, 1, true, 6, 3026],
  ['seed 10', 1, 1, false, 6, 3026],
  ['seed 10', 1, 3, true, 6, 3026],
  ['seed 10', 1, 3, false, 6, 3026],
  ['seed 10', 1, null, true, 6, 3026],
  ['seed 10', 1, null, false, 6, 3026],
  ['seed 11', 1, 1, true, 6, 2064],
  ['seed 11', 1, 1, false, 6, 1487],
  ['seed 11', 1, 3, true, 6, 2064],
  ['seed 11', 1, 3, false, 6, 1487],
  ['seed 11', 1, null, true, 6, 2064],
  ['seed 11', 1, null, false, 6, 1487],
  ['seed 12', 1, 1, true, 6, 957],
  ['seed 12', 1, 1, false, 6, 957],
  ['seed 12', 1, 3, true, 6, 957],
  ['seed 12', 1, 3, false, 6, 957],
  ['seed 12', 1, null, true, 6, 957],
  ['seed 12', 1, null, false, 6, 957],
  ['seed 13', 1, 1, true, 6, 11146],
  ['seed 13', 1, 1, false, 6, 5095],
  ['seed 13', 1, 3, true, 6, 11146],
  ['seed 13', 1, 3, false, 6, 5095],
  ['seed 13', 1, null, true, 6, 11146],
  ['seed 13', 1, null, false, 6, 5095],
  ['seed 14', 1, 1, true, 6, 163],
  ['seed 14', 1, 1, false, 6, 50],
  ['seed 14', 1, 3, true, 6, 163],
  ['seed 14', 1, 3, false, 6, 50],
  ['seed 14', 1, null, true, 6, 163],
  ['seed 14', 1, null, false, 6, 50],
  ['seed 10', 3, 1, true, 9, 67225],
  ['seed 10', 3, 1, false, 9, 67225],
  ['seed 10', 3, null, true, 9, 67226],
  ['seed 10', 3, null, false, 9, 67226],
  ['seed 11', 3, 1, true, 9, 31734],
  ['seed 11', 3, 1, false, 9, 11152],
  ['seed 11', 3, null, true, 9, 31735],
  ['seed 11', 3, null, false, 9, 11153],
  ['seed 12', 3, 1, true, 9, 59976],
  ['seed 12', 3, 1, false, 9, 50454],
  ['seed 12', 3, null, true, 9, 59977],
  ['seed 12', 3, null, false, 9, 50455],
  ['seed 13', 3, 1, false, 9, 411971],
  ['seed 13', 3, null, false, 9, 411972],
  ['seed 14', 3, 1, true, 9, 2998],
  ['seed 14', 3, 1, false, 9, 262],
  ['seed 14', 3, null, true, 9, 2999],
  ['seed 14', 3, null, false, 9, 263],
  ['s10d1', 1, 2, true, 6, 1088],
  ['s10d1', 1, 2, false, 6, 1088],
  ['s10d1', 1, 3, true, 6, 1395],
  ['s10d1', 1, 3, false, 6, 1395],
  ['s10d1', 1, null, true, 6, 1395],
  ['s10d1', 1, null, false, 6, 1395],
  ['s10d3', 3, 2, true, 8, 9],
  ['s10d3', 3, 2, false, 8, 9],
  ['s10d3', 3, 3, true, 8, 364],
  ['s10d3', 3, 3, false, 8, 364],
  ['s10d3', 3, null, true, 8, 364],
  ['s10d3', 3, null, false, 8, 364],
  ['s11d1', 1, 2, true, 6, 4617],
  ['s11d1', 1, 2, false, 6, 56],
  ['s11d1', 1, 3, true, 6, 7492],
  ['s11d1', 1, 3, false, 6, 385],
  ['s11d1', 1, null, true, 6, 7492],
  ['s11d1', 1, null, false, 6, 385],
  ['s11d3', 3, 2, true, 8, 2063],
  ['s11d3', 3, 2, false, 8, 0],
  ['s11d3', 3, 3, true, 8, 4420],
  ['s11d3', 3, 3, false, 8, 18],
  ['s11d3', 3, null, true, 8, 4420],
  ['s11d3', 3, null, false, 8, 18],
  ['s12d1', 1, 2, true, 6, 4242],
  ['s12d1', 1, 2, false, 6, 96],
  ['s12d1', 1, 3, true, 6, 4896],
  ['s12d1', 1, 3, false, 6, 165],
  ['s12d1', 1, null, true, 6, 4896],
  ['s12d1', 1, null, false, 6, 165],
  ['s12d3', 3, 2, true, 8, 65536],
  ['s12d3', 3, 2, false, 8, 5984],
  ['s12d3', 3, 3, true, 8, 101813],
  ['s12d3', 3, 3, false, 8, 13383],
  ['s12d3', 3, null, true, 8, 101813],
  ['s12d3', 3, null, false, 8, 13383],
  ['s13d1', 1, 2, true, 6, 49302],
  ['s13d1', 1, 2, false, 6, 1852],
  ['s13d1', 1, 3, true, 6, 51323],
  ['s13d1', 1, 3, false, 6, 2154],
  ['s13d1', 1, null, true, 6, 51323],
  ['s13d1', 1, null, false, 6, 2154],
  ['s13d3', 3, 2, true, 8, 134948],
  ['s13d3', 3, 2, false, 8, 17664],
  ['s13d3', 3, 3, true, 8, 225057],
  ['s13d3', 3, 3, false, 8, 41553],
  ['s13d3', 3, null, true, 8, 225057],
  ['s13d3', 3, null, false, 8, 41553],
  ['s14d1', 1, 2, true, 6, 10506],
  ['s14d1', 1, 2, false, 6, 1345],
  ['s14d1', 1, 3, true, 6, 11823],
  ['s14d1', 1, 3, false, 6, 1804],
  ['s14d1', 1, null, true, 6, 11823],
  ['s14d1', 1, null, false, 6, 1804],
  ['s14d3', 3, 2, true, 8, 24057],
  ['s14d3', 3, 2, false, 8, 24057],
  ['s14d3', 3, 3, true, 8, 73632],
  ['s14d3', 3, 3, false, 8, 73632],
  ['s14d3', 3, null, true, 8, 73632],
  ['s14d3', 3, null, false, 8, 73632],
];

describe('packed perft: frozen counts (seeds 10–14 and mid-game positions, all rule variants)', () => {
  for (const [source, draw, passes, foundationReturn, depth, count] of FROZEN) {
    const rules: Rules = { draw, passes, foundationReturn };
    it(`${source} ${rulesLabel(rules)} depth ${depth} = ${count}`, () => {
      expect(perft(State.fromPosition(positionOf(source), rules), depth)).toBe(count);
    });
  }
  it('pass limits and foundation returns change the counts somewhere in the table', () => {
    const differ = (pick: (r: (typeof FROZEN)[number]) => boolean, vary: (r: (typeof FROZEN)[number]) => string) => {
      const seen = new Map<string, Set<number>>();
      for (const r of FROZEN.filter(pick)) {
        const k = vary(r);
        seen.set(k, (seen.get(k) ?? new Set()).add(r[5]));
      }
      return [...seen.values()].some((s) => s.size > 1);
    };
    expect(
      differ(
        () => true,
        (r) => `${r[0]} ${r[1]} ${r[3]} ${r[4]}`,
      ),
    ).toBe(true); // passes matter
    expect(
      differ(
        () => true,
        (r) => `${r[0]} ${r[1]} ${r[2]} ${r[4]}`,
      ),
    ).toBe(true); // foundation return matters
  });
});

describe('perft --divide subtotals equal the naive generator', () => {
  const cases: [string, Rules, number][] = [
    ['seed 1', { draw: 1, passes: null, foundationReturn: true }, 5],
    ['seed 11', { draw: 3, passes: 1, foundationReturn: false }, 9],
    ['s13d1', { draw: 1, passes: 2, foundationReturn: true }, 4],
    ['s12d3', { draw: 3, passes: 3, foundationReturn: true }, 5],
  ];
  for (const [source, rules, depth] of cases) {
    it(`${source} ${rulesLabel(rules)} depth ${depth}`, () => {
      const p = positionOf(source);
      const packed = perftDivide(State.fromPosition(p, rules), depth);
      const got = new Map(packed.map((e) => [`${e.move.from}>${e.move.to}*${e.move.count}`, e.count]));
      expect(got.size).toBe(packed.length);
      expect(got).toEqual(naivePerftDivide(p, rules, depth));
      const labels = packed.map((e) => divideLabel(e.move));
      expect(new Set(labels).size).toBe(labels.length);
    });
  }
  it('depth 0 has no subtotals', () => {
    expect(perftDivide(State.fromPosition(positionOf('seed 1'), { draw: 3, passes: null, foundationReturn: true }), 0)).toEqual([]);
  });
});
