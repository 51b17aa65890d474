/**
 * The page of the in-browser benchmark (bench/web.bench.ts; not part of the app's build): solves
 * seeded deals one after another in the app's solver worker and leaves, in `body[data-result]`,
 * each deal's verdict, nodes and the solver's own time, and the longest gap between animation
 * frames on the page meanwhile (the page must never freeze).
 *
 * Address: `#family=solvitaire&from=1&to=200&draw=3&passes=unlimited&maxMemoryMb=512&timeoutMs=60000`.
 */
import { dealFromSeed, parseFamily } from '../../src/deals/families.ts';
import { dealPosition } from '../../src/engine/position.ts';
import { SolverClient } from './solver-client.ts';

const p = new URLSearchParams(location.hash.slice(1));
const num = (k: string, d: number) => (p.has(k) ? Number(p.get(k)) : d);
const family = parseFamily(p.get('family') ?? 'solvitaire');
const rules = {
  draw: num('draw', 3),
  passes: p.get('passes') === 'unlimited' || !p.has('passes') ? null : num('passes', 1),
  foundationReturn: true,
};
const budget = { maxMemoryMb: num('maxMemoryMb', 512), timeoutMs: num('timeoutMs', 60_000) };
const status = document.getElementById('status')!;

let worstGap = 0;
let last = performance.now();
let running = true;
const frame = () => {
  const now = performance.now();
  worstGap = Math.max(worstGap, now - last);
  last = now;
  if (running) requestAnimationFrame(frame);
};
requestAnimationFrame(frame);

async function run(): Promise<void> {
  if (!family.ok) throw new Error(family.error);
  const client = new SolverClient();
  const rows: { seed: number; verdict: string; nodes: number; ms: number; wallMs: number }[] = [];
  for (let seed = num('from', 1); seed <= num('to', 200); seed++) {
    const deal = dealFromSeed(seed, family.value);
    if (!deal.ok) throw new Error(deal.error);
    const t0 = performance.now();
    const o = await client.solve(dealPosition(deal.value), rules, budget);
    if (o.kind !== 'done') throw new Error(`seed ${seed}: ${o.kind}`);
    rows.push({ seed, verdict: o.result.verdict, nodes: o.result.stats.nodes, ms: o.result.stats.ms, wallMs: performance.now() - t0 });
    status.textContent = `${rows.length} deals solved`;
  }
  running = false;
  document.body.dataset.result = JSON.stringify({ rows, worstFrameGapMs: worstGap });
}

run().catch((e) => {
  document.body.dataset.result = JSON.stringify({ error: String(e) });
});
