/**
 * Perft speed of the packed engine on fixed deals: `npx tsx bench/perft.bench.ts`.
 *
 * For Solvitaire seeds 1–5, draw 1 from depth 7 and draw 3 from depth 12 (unlimited passes,
 * foundation returns allowed), deepened one ply at a time until the tree has at least MIN_LEAVES
 * leaves (some deals have tiny trees: the rate of a 50-leaf tree means nothing). Reported: leaves
 * (the perft count), interior nodes (positions whose moves were generated) and the rates, from a
 * walk with genAtomic/make/undo that counts both; then the library's perft() for the leaf rate
 * alone. One warm-up walk runs first.
 */
import { dealFromSeed } from '../src/deals/families.ts';
import { genAtomic, make, perft, undo } from '../src/engine/moves.ts';
import { dealPosition } from '../src/engine/position.ts';
import { State } from '../src/engine/state.ts';
import type { Rules } from '../src/types.ts';

const SEEDS = [1, 2, 3, 4, 5];
const RUNS: { rules: Rules; depth: number; maxDepth: number }[] = [
  { rules: { draw: 1, passes: null, foundationReturn: true }, depth: 7, maxDepth: 30 },
  { rules: { draw: 3, passes: null, foundationReturn: true }, depth: 12, maxDepth: 24 },
];
const MIN_LEAVES = 300_000;

/** Leaves and interior nodes of the perft tree to `depth`. */
function walk(s: State, depth: number): { leaves: number; interior: number } {
  const bufs = Array.from({ length: depth + 1 }, () => new Int32Array(256));
  let interior = 0;
  const rec = (d: number): number => {
    interior++;
    const buf = bufs[d];
    const n = genAtomic(s, buf);
    if (d === 1) return n;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const t = make(s, buf[i]);
      total += rec(d - 1);
      undo(s, buf[i], t);
    }
    return total;
  };
  const leaves = depth === 0 ? 1 : rec(depth);
  return { leaves, interior };
}

function state(seed: number, rules: Rules): State {
  const d = dealFromSeed(seed);
  if (!d.ok) throw new Error(d.error);
  return State.fromPosition(dealPosition(d.value), rules);
}

const rate = (n: number, ms: number) => (ms > 0 ? `${(n / ms / 1000).toFixed(2)}M/s` : '-');
const rows: string[][] = [['seed', 'draw', 'depth', 'leaves', 'interior', 'walk ms', 'leaves/s', 'nodes/s', 'perft ms', 'perft leaves/s']];
let sumLeaves = 0;
let sumNodes = 0;
let sumMs = 0;
walk(state(2, RUNS[1].rules), 11); // warm-up
for (const { rules, depth: minDepth, maxDepth } of RUNS) {
  for (const seed of SEEDS) {
    const s = state(seed, rules);
    let depth = minDepth;
    while (depth < maxDepth && perft(s, depth) < MIN_LEAVES) depth++;
    let t0 = performance.now();
    const { leaves, interior } = walk(s, depth);
    const walkMs = performance.now() - t0;
    t0 = performance.now();
    const p = perft(s, depth);
    const perftMs = performance.now() - t0;
    if (p !== leaves) throw new Error(`seed ${seed}: perft ${p} ≠ walk ${leaves}`);
    sumLeaves += leaves;
    sumNodes += leaves + interior;
    sumMs += walkMs;
    rows.push([
      String(seed),
      String(rules.draw),
      String(depth),
      String(leaves),
      String(interior),
      walkMs.toFixed(0),
      rate(leaves, walkMs),
      rate(leaves + interior, walkMs),
      perftMs.toFixed(0),
      rate(p, perftMs),
    ]);
  }
}
rows.push(['all', '', '', String(sumLeaves), '', sumMs.toFixed(0), rate(sumLeaves, sumMs), rate(sumNodes, sumMs), '', '']);
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows) console.log(r.map((x, c) => (c < 3 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  '));
console.log('nodes = leaves + interior nodes (every position visited); leaves/s is the perft rate.');
