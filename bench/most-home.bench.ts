/**
 * Most cards home on lost deals: deals/s of `mostHome` (one thread, the deals one after another)
 * on the deals of a seed range that the verdict solver finds lost under the rules (found first,
 * untimed), beside the verdict solver's own time on the same deals. A lost deal costs its whole
 * tree, so this is the figure that sets how long a `batch --most-home` run takes.
 *
 *   npx tsx bench/most-home.bench.ts [--seeds 1-200] [--draw 3] [--passes 3|unlimited] [--vegas]
 *     [--max-nodes 100000000] [--no-foundation-return]
 *
 * `--vegas` is the Vegas pass limit (one pass at draw 1, three otherwise), the default.
 */
import { parseArgs } from 'node:util';
import { parseSeedList, seedsOf } from '../src/batch/seeds.ts';
import { dealFromSeed } from '../src/deals/families.ts';
import { dealPosition } from '../src/engine/position.ts';
import { vegasPassLimit } from '../src/engine/score.ts';
import { mostHome } from '../src/solver/index.ts';
import { solve } from '../src/solver/index.ts';
import type { Rules } from '../src/types.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1-200' },
    draw: { type: 'string', default: '3' },
    passes: { type: 'string' },
    'max-nodes': { type: 'string', default: '100000000' },
    'no-foundation-return': { type: 'boolean', default: false },
  },
});
const parsed = parseSeedList(values.seeds);
if (!parsed.ok) throw new Error(parsed.error);
const draw = Number(values.draw);
const passes = values.passes === undefined ? vegasPassLimit(draw) : values.passes === 'unlimited' ? null : Number(values.passes);
const rules: Rules = { draw, passes, foundationReturn: !values['no-foundation-return'] };
const budget = { maxNodes: Number(values['max-nodes']), timeoutMs: 3_600_000 };

const positions = [...seedsOf(parsed.value)].map((s) => {
  const d = dealFromSeed(s, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  return { seed: s, position: dealPosition(d.value) };
});
// the lost deals, and the verdict solver's time on them
const lost: typeof positions = [];
let verdictMs = 0;
for (const p of positions) {
  const r = solve(p.position, rules, budget);
  if (r.verdict === 'unwinnable') {
    lost.push(p);
    verdictMs += r.stats.ms;
  }
}
const ms: number[] = [];
let nodes = 0;
let unproved = 0;
const counts: number[] = [];
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (const p of lost) {
  const r = mostHome(p.position, rules, budget);
  ms.push(r.stats.ms);
  nodes += r.stats.nodes;
  if (!r.proved) {
    unproved++;
    process.stderr.write(`seed ${p.seed}: not proved (${r.mostHome}–${r.bound}, ${r.reason})\n`);
  } else counts.push(r.mostHome);
}
const wall = (performance.now() - t0) / 1000;
const cpuS = (() => {
  const u = process.cpuUsage(cpu0);
  return (u.user + u.system) / 1e6;
})();
ms.sort((a, b) => a - b);
const at = (q: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] : 0);
const label = `draw ${draw}, ${passes === null ? 'unlimited passes' : `${passes} pass${passes === 1 ? '' : 'es'}`}`;
console.log(`most cards home, Solvitaire ${values.seeds}, ${label}: ${lost.length} lost deals of ${positions.length}`);
console.log(
  `  ${(lost.length / wall).toFixed(2)} lost deals/s (${wall.toFixed(1)} s wall, ${cpuS.toFixed(1)} s CPU), ` +
    `${(nodes / wall / 1e6).toFixed(2)} M nodes/s`,
);
console.log(
  `  ms per deal: mean ${(ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length)).toFixed(1)}, median ${at(0.5).toFixed(1)}, ` +
    `p90 ${at(0.9).toFixed(1)}, max ${at(1).toFixed(1)}; the verdict solver on the same deals: ${(verdictMs / Math.max(1, lost.length)).toFixed(1)} ms mean`,
);
console.log(
  `  proved ${counts.length}, unproved ${unproved}; mean most cards home of the lost deals ${(counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length)).toFixed(2)}`,
);
