/**
 * Normal play: a policy plays seeded deals with cards hidden, one after another in one thread.
 *
 *   npx tsx bench/play.bench.ts [--from 1] [--to 50 | --seeds LIST] [--family solvitaire] [--draw 3]
 *     [--passes unlimited] [--stock visible|hidden] [--policy search|priority] [--samples K]
 *     [--max-nodes N] [--candidates C] [--unit macro|reveal] [--policy-seed S] [--csv games.csv] [--quiet]
 *
 * Prints the win rate with its 95% Wilson interval, the mean cards sent home, seconds per game
 * (mean, median, p90, max; wall and CPU), solver calls and nodes per game, and the peak resident
 * memory. Each game's policy seed is derived from the policy seed and the deal's seed (as in
 * `klondike play`), so a game here is the game `klondike play --seed N` plays. `--csv` writes one
 * row per game: seed, won, cards home, moves, end, solves, nodes, ms.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dealArgs, dealOptions, failer } from './args.ts';
import { dealFromSeed } from '../src/deals/families.ts';
import { parseStockMode } from '../src/hidden/observation.ts';
import { createPolicy, DEFAULT_SEARCH, gameSeed, parsePolicyName } from '../src/hidden/policies.ts';
import { playGame } from '../src/hidden/play.ts';
import { dealPosition } from '../src/engine/position.ts';
import { wilson } from '../src/stats/wilson.ts';
import { type Rules, rulesLabel } from '../src/types.ts';

const { values } = parseArgs({
  options: {
    ...dealOptions({ from: '1', to: '50', draw: '3' }),
    stock: { type: 'string', default: 'visible' },
    policy: { type: 'string', default: 'search' },
    samples: { type: 'string', default: String(DEFAULT_SEARCH.samples) },
    'max-nodes': { type: 'string', default: String(DEFAULT_SEARCH.nodes) },
    candidates: { type: 'string', default: String(DEFAULT_SEARCH.candidates) },
    unit: { type: 'string', default: DEFAULT_SEARCH.unit },
    extend: { type: 'string', default: String(DEFAULT_SEARCH.extend) },
    quick: { type: 'string', default: String(DEFAULT_SEARCH.quick) },
    'extend-worlds': { type: 'string', default: String(DEFAULT_SEARCH.extendWorlds) },
    ties: { type: 'string', default: DEFAULT_SEARCH.ties },
    'reveal-bonus': { type: 'string', default: String(DEFAULT_SEARCH.revealBonus) },
    'policy-seed': { type: 'string', default: String(DEFAULT_SEARCH.seed) },
    csv: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const fail: (message: string) => never = failer('play.bench');
const { seeds, label: seedLabel, family, passes } = dealArgs(values, fail);
const stock = parseStockMode(values.stock);
if (!stock.ok) fail(stock.error);
const policyName = parsePolicyName(values.policy);
if (!policyName.ok) fail(policyName.error);
if (values.unit !== 'macro' && values.unit !== 'reveal') fail(`--unit must be macro or reveal, got ${values.unit}`);
const rules: Rules = { draw: Number(values.draw), passes, foundationReturn: true };
const policySeed = Number(values['policy-seed']);

const rows: string[] = ['seed,won,cards_home,moves,end,solves,nodes,ms'];
const ms: number[] = [];
let won = 0;
let home = 0;
let solves = 0;
let nodes = 0;
let peakRss = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (const seed of seeds) {
  const d = dealFromSeed(seed, family);
  if (!d.ok) fail(d.error);
  const policy = createPolicy(policyName.value, {
    samples: Number(values.samples),
    nodes: Number(values['max-nodes']),
    candidates: Number(values.candidates),
    unit: values.unit,
    extend: values.extend === 'true',
    quick: Number(values.quick),
    extendWorlds: Number(values['extend-worlds']),
    ties: values.ties === 'support' ? 'support' : 'short',
    revealBonus: Number(values['reveal-bonus']),
    seed: gameSeed(policySeed, seed),
  });
  const r = playGame(dealPosition(d.value), rules, policy, { stock: stock.value });
  if (!r.ok) fail(r.error);
  const g = r.value;
  won += Number(g.won);
  home += g.cardsHome;
  solves += g.solves;
  nodes += g.nodes;
  ms.push(g.ms);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  rows.push(`${seed},${g.won ? 1 : 0},${g.cardsHome},${g.moves.length},${g.end},${g.solves},${g.nodes},${Math.round(g.ms)}`);
  if (!values.quiet)
    process.stderr.write(
      `${seed} ${g.won ? 'won' : 'lost'} ${g.cardsHome} home, ${g.moves.length} moves, ${g.solves} solves, ${g.nodes} nodes, ${(g.ms / 1000).toFixed(1)} s\n`,
    );
}
const wall = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const n = ms.length;
const sorted = ms.slice().sort((a, b) => a - b);
const q = (p: number) => sorted[Math.min(n - 1, Math.floor(p * n))] / 1000;
const iv = wilson(won, n)!;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const opts =
  policyName.value === 'search'
    ? `, ${values.samples} worlds, ${values['max-nodes']} nodes a solve, ${values.candidates} candidates, unit ${values.unit}, extend ${values.extend} in ${values['extend-worlds']}, quick ${values.quick}, reveal bonus ${values['reveal-bonus']}, ties ${values.ties}`
    : '';
console.log(`${family} ${seedLabel}, ${rulesLabel(rules)}, stock ${stock.value}, policy ${policyName.value}${opts}`);
console.log(
  `won ${won} of ${n}: ${pct(iv.rate)} (95% interval ${pct(iv.low)}–${pct(iv.high)}), ${(home / n).toFixed(1)} cards home on average`,
);
console.log(
  `seconds a game: mean ${(wall / n).toFixed(2)}, median ${q(0.5).toFixed(2)}, p90 ${q(0.9).toFixed(2)}, max ${q(1).toFixed(2)}; ` +
    `CPU ${((cpu.user + cpu.system) / 1e6 / n).toFixed(2)} s a game`,
);
console.log(
  `solver: ${Math.round(solves / n)} calls and ${Math.round(nodes / n)} nodes a game; peak RSS ${Math.round(peakRss / 2 ** 20)} MiB`,
);
if (values.csv) writeFileSync(values.csv, rows.join('\n') + '\n');
