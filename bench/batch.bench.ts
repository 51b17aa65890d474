/**
 * Batch throughput: deals/s on a fixed seed set solved (a) in this thread with `solve`, (b) by
 * `runBatch` with 1 worker and (c) with 2 workers, each into a fresh temporary database.
 * (b) against (a) is the overhead of the pool and the store; (c) against (b) is the scaling.
 *
 *   npx tsx bench/batch.bench.ts [--seeds 1-100] [--max-nodes 20000] [--draw 3] [--rounds 1]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBatch } from '../src/batch/run.ts';
import { parseSeedList, seedsOf } from '../src/batch/seeds.ts';
import { dealFromSeed } from '../src/deals/families.ts';
import { dealPosition } from '../src/engine/position.ts';
import { type Budget, solve } from '../src/solver/index.ts';
import type { Rules } from '../src/types.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1-100' },
    'max-nodes': { type: 'string', default: '20000' },
    draw: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '1' },
  },
});
const parsed = parseSeedList(values.seeds);
if (!parsed.ok) throw new Error(parsed.error);
const seeds = [...seedsOf(parsed.value)].map(Number);
const rules: Rules = { draw: Number(values.draw), passes: null, foundationReturn: true };
const budget: Budget = { maxNodes: Number(values['max-nodes']) };
const rounds = Number(values.rounds);
const dir = mkdtempSync(join(tmpdir(), 'klondike-bench-'));

/** CPU seconds of the whole process (all threads) since `from`. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
};

function inThread(): { ms: number; cpu: number; verdicts: string } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const v: string[] = [];
  for (const s of seeds) {
    const d = dealFromSeed(s, 'solvitaire');
    if (!d.ok) throw new Error(d.error);
    v.push(solve(dealPosition(d.value), rules, budget).verdict[0]);
  }
  return { ms: performance.now() - t0, cpu: cpuSince(c0), verdicts: v.join('') };
}

/** Wall time of a whole run, and the steady rate from the first finished deal to the last. */
async function pooled(workers: number, k: number): Promise<{ ms: number; cpu: number; steady: number; counts: string }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let first = 0;
  let last = 0;
  const s = await runBatch(
    { seeds, family: 'solvitaire', rules, budget, workers, db: join(dir, `w${workers}-${k}.sqlite`) },
    {
      onProgress: (p) => {
        if (p.done === 1) first = performance.now();
        last = performance.now();
      },
    },
  );
  const steady = ((seeds.length - 1) * 1000) / (last - first);
  return { ms: performance.now() - t0, cpu: cpuSince(c0), steady, counts: `${s.winnable}/${s.unwinnable}/${s.unknown}/${s.errors}` };
}

const best = (xs: number[]) => Math.min(...xs);
const rate = (ms: number) => ((seeds.length * 1000) / ms).toFixed(2);

console.log(
  `batch bench: ${seeds.length} solvitaire deals (${values.seeds}), draw ${rules.draw}, max ${budget.maxNodes} nodes, best of ${rounds}`,
);
try {
  const one: number[] = [];
  const cpu: number[][] = [[], [], []];
  let verdicts = '';
  for (let k = 0; k < rounds; k++) {
    const r = inThread();
    one.push(r.ms);
    cpu[0].push(r.cpu);
    verdicts = r.verdicts;
  }
  const counts = `${[...verdicts].filter((c) => c === 'w').length} winnable`;
  const w1: number[] = [];
  const w2: number[] = [];
  const s1: number[] = [];
  const s2: number[] = [];
  let c1 = '';
  for (let k = 0; k < rounds; k++) {
    const a = await pooled(1, k);
    w1.push(a.ms);
    cpu[1].push(a.cpu);
    s1.push(a.steady);
    c1 = a.counts;
    const b = await pooled(2, k);
    w2.push(b.ms);
    cpu[2].push(b.cpu);
    s2.push(b.steady);
  }
  const [t0, t1, t2] = [best(one), best(w1), best(w2)];
  const steady = (xs: number[]) => Math.max(...xs).toFixed(2);
  const [u0, u1, u2] = cpu.map(best);
  console.log(`in this thread      ${(t0 / 1000).toFixed(2)} s  ${rate(t0)} deals/s  CPU ${u0.toFixed(2)} s  (${counts})`);
  console.log(
    `runBatch, 1 worker  ${(t1 / 1000).toFixed(2)} s  ${rate(t1)} deals/s, ${steady(s1)} after start-up  CPU ${u1.toFixed(2)} s  (w/u/?/e ${c1})`,
  );
  console.log(`runBatch, 2 workers ${(t2 / 1000).toFixed(2)} s  ${rate(t2)} deals/s, ${steady(s2)} after start-up  CPU ${u2.toFixed(2)} s`);
  console.log(
    `CPU overhead of pool + store (1 worker vs in-thread, all threads): ${(u1 - u0).toFixed(2)} s, ${(((u1 - u0) * 1000) / seeds.length).toFixed(1)} ms/deal`,
  );
  console.log(
    `pool + store overhead (1 worker vs in-thread): ${(((t1 - t0) / t0) * 100).toFixed(1)} % (${((t1 - t0) / 1000).toFixed(2)} s, thread start-up included)`,
  );
  console.log(`speed-up 2 workers vs 1: ${(t1 / t2).toFixed(2)}× wall, ${(Math.max(...s2) / Math.max(...s1)).toFixed(2)}× after start-up`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
