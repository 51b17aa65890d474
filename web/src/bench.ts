/**
 * The page of the in-browser benchmark (bench/web.bench.ts; not part of the app's build). It
 * leaves its result as JSON in `body[data-result]`. Three modes (`mode=` in the address):
 * - `solve` (the default): seeded deals solved one after another in the app's solver worker: each
 *   deal's verdict, nodes and the solver's own time, and the longest gap between animation frames
 *   on the page meanwhile (the page must never freeze);
 * - `odds`: the Odds button's work on the fresh deal of each seed (odds-run.ts: the page's workers,
 *   to ±5 points): the wall time to the final figure and to the first one shown, the ± of the
 *   figure shown at 2 s, the worlds solved;
 * - `hint`: the search hint's decision (the library's default settings, as the Hint button asks
 *   it) on the fresh deal of each seed and on its game by the hint order after `moves` moves (a
 *   comma-separated list): the wall time of each, its solver calls and nodes.
 *
 * Address: `#mode=solve&family=solvitaire&from=1&to=200&draw=3&passes=unlimited&maxMemoryMb=512&timeoutMs=60000`,
 * `#mode=odds&from=1&to=20&draw=3`, `#mode=hint&from=1&to=8&draw=3&moves=15,30`.
 */
import { dealFromSeed, parseFamily, dealPosition } from '../../src/index.ts';
import { halfWidth, PriorityPolicy } from '../../src/hidden/index.ts';
import { PlayedGame } from './played-game.ts';
import { observationMessage } from './worker-protocol.ts';
import { OddsRun } from './odds-run.ts';
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

function deal(seed: number) {
  if (!family.ok) throw new Error(family.error);
  const d = dealFromSeed(seed, family.value);
  if (!d.ok) throw new Error(d.error);
  return dealPosition(d.value);
}

async function solveDeals(): Promise<unknown> {
  const client = new SolverClient();
  const rows: { seed: number; verdict: string; nodes: number; ms: number; wallMs: number }[] = [];
  for (let seed = num('from', 1); seed <= num('to', 200); seed++) {
    const t0 = performance.now();
    const o = await client.solve(deal(seed), rules, budget);
    if (o.kind !== 'done') throw new Error(`seed ${seed}: ${o.kind}`);
    rows.push({ seed, verdict: o.result.verdict, nodes: o.result.stats.nodes, ms: o.result.stats.ms, wallMs: performance.now() - t0 });
    status.textContent = `${rows.length} deals solved`;
  }
  return { rows };
}

async function odds(): Promise<unknown> {
  const run = new OddsRun(p.has('workers') ? num('workers', 2) : undefined);
  const rows: unknown[] = [];
  for (let seed = num('from', 1); seed <= num('to', 20); seed++) {
    const o = new PlayedGame(deal(seed), rules).observe();
    const t0 = performance.now();
    let firstMs: number | undefined;
    /** The ± of the figure shown when 2 s had passed (the last one shown by then). */
    let at2s: number | undefined;
    const out = await run.estimate(observationMessage(o), o.complete, (r) => {
      const now = performance.now() - t0;
      firstMs ??= now;
      if (now <= 2000 && r.interval) at2s = halfWidth(r.interval);
    });
    const ms = performance.now() - t0;
    if (out.kind !== 'done') throw new Error(`seed ${seed}: ${out.kind}`);
    const r = out.result;
    rows.push({
      seed,
      ms,
      firstMs,
      samples: r.samples,
      winnable: r.winnable,
      unwinnable: r.unwinnable,
      unknown: r.unknown,
      rate: r.interval?.rate,
      halfWidth: r.interval ? halfWidth(r.interval) : undefined,
      at2s: ms <= 2000 && r.interval ? halfWidth(r.interval) : at2s,
      solveMs: r.ms,
    });
    status.textContent = `${rows.length} deals`;
  }
  return { rows, workers: run.workers };
}

async function hints(): Promise<unknown> {
  const client = new SolverClient();
  const at = (p.get('moves') ?? '15,30').split(',').map(Number);
  const rows: unknown[] = [];
  for (let seed = num('from', 1); seed <= num('to', 8); seed++) {
    const g = new PlayedGame(deal(seed), rules);
    const policy = new PriorityPolicy();
    for (const moves of [0, ...at]) {
      while (g.moves.length < moves && !g.over()) {
        const m = policy.decide(g.observe()).move;
        if (!m) break;
        g.play(m);
      }
      if (g.moves.length !== moves || g.over()) continue;
      const t0 = performance.now();
      const out = await client.run('hint', { observation: observationMessage(g.observe()), options: {} });
      const ms = performance.now() - t0;
      if (out.kind !== 'done') throw new Error(`seed ${seed} after ${moves} moves: ${out.kind}`);
      rows.push({ seed, moves, ms, solves: out.result.solves, nodes: out.result.nodes, candidates: out.result.candidates.length });
      status.textContent = `${rows.length} hints`;
    }
  }
  return { rows };
}

async function run(): Promise<void> {
  const mode = p.get('mode') ?? 'solve';
  const out = mode === 'odds' ? await odds() : mode === 'hint' ? await hints() : await solveDeals();
  running = false;
  document.body.dataset.result = JSON.stringify({ ...(out as object), worstFrameGapMs: worstGap, cores: navigator.hardwareConcurrency });
}

run().catch((e) => {
  document.body.dataset.result = JSON.stringify({ error: String(e) });
});
