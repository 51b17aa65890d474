/**
 * The hint: milliseconds a `klondike hint` decision takes at the default budget, from scratch (a
 * fresh search policy each time, weighing every legal move as the command does).
 *
 *   npx tsx bench/hint.bench.ts [--from 1] [--to 20] [--every 10] [--draw 3] [--stock hidden|visible]
 *     [--samples K] [--max-nodes N] [--retry R] [--shared D]
 *
 * The positions: the games of the priority policy on the seeds given (cheap to play), one position
 * every `--every` moves among those with a choice (two legal moves or more), until the game is won
 * or comes back to a position (`--every 1000`: the fresh deals only). Prints the decisions timed,
 * p50, p90, p99 and max ms of wall time and of CPU time, solver calls and nodes per decision, and the
 * peak resident memory.
 */
import { parseArgs } from 'node:util';
import { dealFromSeed } from '../src/deals/families.ts';
import { Game } from '../src/hidden/game.ts';
import { parseStockMode } from '../src/hidden/observation.ts';
import { PriorityPolicy } from '../src/hidden/policy-priority.ts';
import { DEFAULT_SEARCH, SearchPolicy } from '../src/hidden/policy-search.ts';
import { dealPosition } from '../src/engine/position.ts';
import { type Rules, rulesLabel } from '../src/types.ts';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '1' },
    to: { type: 'string', default: '20' },
    every: { type: 'string', default: '10' },
    draw: { type: 'string', default: '3' },
    stock: { type: 'string', default: 'hidden' },
    samples: { type: 'string', default: String(DEFAULT_SEARCH.samples) },
    'max-nodes': { type: 'string', default: String(DEFAULT_SEARCH.nodes) },
    retry: { type: 'string', default: String(DEFAULT_SEARCH.retry) },
    shared: { type: 'string', default: String(DEFAULT_SEARCH.shared) },
  },
});

const stock = parseStockMode(values.stock);
if (!stock.ok) {
  process.stderr.write(`hint.bench: ${stock.error}\n`);
  process.exit(2);
}
const rules: Rules = { draw: Number(values.draw), passes: null, foundationReturn: true };
const every = Math.max(1, Number(values.every));
const ms: number[] = [];
const cpu: number[] = [];
let solves = 0;
let nodes = 0;
let peakRss = 0;
for (let seed = Number(values.from); seed <= Number(values.to); seed++) {
  const d = dealFromSeed(seed, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  const g = Game.start(dealPosition(d.value), rules, stock.value);
  if (!g.ok) throw new Error(g.error);
  const game = g.value;
  const walk = new PriorityPolicy();
  const visited = new Set<string>();
  let choices = 0;
  for (let k = 0; k < 400 && !game.won; k++) {
    const key = game.repetitionKey();
    if (visited.has(key)) break;
    visited.add(key);
    const o = game.observe();
    if (game.legalMoves().length >= 2 && choices++ % every === 0) {
      const policy = new SearchPolicy({
        samples: Number(values.samples),
        nodes: Number(values['max-nodes']),
        retry: Number(values.retry),
        shared: Number(values.shared),
        allMoves: true,
      });
      const t = performance.now();
      const c = process.cpuUsage();
      const dec = policy.decide(o);
      ms.push(performance.now() - t);
      const u = process.cpuUsage(c);
      cpu.push((u.user + u.system) / 1000);
      solves += dec.solves;
      nodes += dec.nodes;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    const m = walk.decide(o).move;
    if (!m) break;
    game.play(m);
  }
}
const n = ms.length;
const sorted = ms.slice().sort((a, b) => a - b);
const q = (p: number) => sorted[Math.min(n - 1, Math.floor(p * n))].toFixed(0);
console.log(
  `hint decisions, ${rulesLabel(rules)}, stock ${stock.value}, ${values.samples} worlds, ${values['max-nodes']} nodes a solve: ${n} positions`,
);
const cs = cpu.slice().sort((a, b) => a - b);
const qc = (p: number) => cs[Math.min(n - 1, Math.floor(p * n))].toFixed(0);
console.log(
  `ms a decision: p50 ${q(0.5)}, p90 ${q(0.9)}, p99 ${q(0.99)}, max ${q(1)}; CPU ms p50 ${qc(0.5)}, p90 ${qc(0.9)}, max ${qc(1)}`,
);
console.log(
  `solver: ${Math.round(solves / n)} calls and ${Math.round(nodes / n)} nodes a decision; peak RSS ${Math.round(peakRss / 2 ** 20)} MiB`,
);
