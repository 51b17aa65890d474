/**
 * Normal play: a policy plays seeded deals with cards hidden, one after another in one thread.
 *
 *   npx tsx bench/play.bench.ts [--from 1] [--to 50 | --seeds LIST] [--family solvitaire] [--draw 3]
 *     [--passes unlimited] [--stock visible|hidden] [--policy search|priority] [--samples K]
 *     [--max-nodes N] [--max-samples M] [--close C] [--retry R] [--ties home|short|support]
 *     [--objective win|cards] [--look true|false] [--candidates C] [--unit macro|reveal]
 *     [--policy-seed S] [--vegas] [--csv games.csv] [--out games.csv] [--quiet]
 *
 * `--vegas`: the Vegas pass limit of the draw (one pass at draw 1, three at draw 3), and the
 * search policy's Vegas defaults (`VEGAS_SEARCH`: the cards home counted) for the settings not given.
 *
 * Prints the win rate with its 95% Wilson interval, the mean cards sent home and the Vegas payoff
 * (5 × cards home − 52 dollars) with their intervals, seconds per game (mean, median, p90, max;
 * wall and CPU), solver calls and nodes per game, and the peak resident memory. A game here is the
 * game `klondike play --seed N` plays with the same settings. `--csv` writes one row per game:
 * seed, won, cards home, moves, end, solves, nodes, ms, CPU ms. `--out` appends rows in the format of
 * `klondike export --plays` (with each game's CPU ms last) and skips the deals already in the file,
 * so a long run stopped anywhere resumes; the figures printed are then those of the whole file.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dealArgs, dealOptions, failer } from './args.ts';
import { dealFromSeed } from '../src/deals/families.ts';
import { movesToCompact } from '../src/engine/notation.ts';
import { parseStockMode } from '../src/hidden/observation.ts';
import { createPolicy, DEFAULT_SEARCH, parsePolicyName } from '../src/hidden/policies.ts';
import { playGame } from '../src/hidden/play.ts';
import { parseObjective, searchSettings } from '../src/hidden/settings.ts';
import { vegasPasses } from '../src/cli/rule-options.ts';
import { dealPosition } from '../src/engine/position.ts';
import { canonicalParams } from '../src/store/rows.ts';
import { meanInterval } from '../src/math/mean-interval.ts';
import { wilson } from '../src/math/wilson.ts';
import { type Rules, rulesLabel } from '../src/types.ts';
import { VERSION } from '../src/version.ts';

const { values } = parseArgs({
  options: {
    ...dealOptions({ from: '1', to: '50', draw: '3' }),
    stock: { type: 'string', default: 'visible' },
    policy: { type: 'string', default: 'search' },
    samples: { type: 'string' },
    'max-nodes': { type: 'string' },
    'max-samples': { type: 'string' },
    close: { type: 'string' },
    retry: { type: 'string' },
    objective: { type: 'string' },
    look: { type: 'string' },
    candidates: { type: 'string' },
    unit: { type: 'string' },
    extend: { type: 'string' },
    quick: { type: 'string' },
    'extend-worlds': { type: 'string' },
    ties: { type: 'string' },
    'reveal-bonus': { type: 'string' },
    shared: { type: 'string' },
    'policy-seed': { type: 'string', default: String(DEFAULT_SEARCH.seed) },
    vegas: { type: 'boolean', default: false },
    csv: { type: 'string' },
    out: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const fail: (message: string) => never = failer('play.bench');
const dealt = dealArgs(values, fail);
const { seeds, label: seedLabel, family } = dealt;
const stock = parseStockMode(values.stock);
if (!stock.ok) fail(stock.error);
const policyName = parsePolicyName(values.policy);
if (!policyName.ok) fail(policyName.error);
const draw = Number(values.draw);
let passes = dealt.passes;
if (values.vegas) {
  const vp = vegasPasses(draw);
  if (!vp.ok) fail(vp.error);
  passes = vp.value;
}
if (values.unit !== undefined && values.unit !== 'macro' && values.unit !== 'reveal')
  fail(`--unit must be macro or reveal, got ${values.unit}`);
if (values.ties !== undefined && values.ties !== 'short' && values.ties !== 'support' && values.ties !== 'home')
  fail(`--ties must be home, short or support, got ${values.ties}`);
const objective = values.objective === undefined ? undefined : parseObjective(values.objective);
if (objective && !objective.ok) fail(objective.error);
const rules: Rules = { draw, passes, foundationReturn: true };
const num = (text: string | undefined) => (text === undefined ? undefined : Number(text));
const bool = (text: string | undefined) => (text === undefined ? undefined : text === 'true');
// the settings given; the rest are the policy's defaults for the rules (searchSettings: VEGAS_SEARCH with --vegas)
const settings = searchSettings(values.vegas, {
  samples: num(values.samples),
  nodes: num(values['max-nodes']),
  maxSamples: num(values['max-samples']),
  close: num(values.close),
  retry: num(values.retry),
  objective: objective?.ok ? objective.value : undefined,
  look: bool(values.look),
  candidates: num(values.candidates),
  unit: values.unit as 'macro' | 'reveal' | undefined,
  extend: bool(values.extend),
  quick: num(values.quick),
  extendWorlds: num(values['extend-worlds']),
  ties: values.ties as 'home' | 'short' | 'support' | undefined,
  revealBonus: num(values['reveal-bonus']),
  shared: num(values.shared),
  seed: Number(values['policy-seed']),
});
const options = policyName.value === 'search' ? { ...settings, maxSamples: Math.max(settings.samples, settings.maxSamples) } : undefined;
const params = canonicalParams(options ?? {});

const HEADER = 'family,seed,draw,passes,foundationReturn,stock,policy,params,won,cardsHome,moveCount,ms,moves,error,solverVersion,cpuMs';
/** A stored game: what the summary needs. */
interface Row {
  seed: string;
  won: boolean;
  home: number;
  ms: number;
  cpuMs: number;
}
const passesText = rules.passes === null ? 'unlimited' : String(rules.passes);
const quoted = `"${params.replaceAll('"', '""')}"`;
/** The columns of a row but its seed, up to its params: the same for every game of this run. */
const game = `${family} ${rules.draw},${passesText},true,${stock.value},${policyName.value},${quoted}`;
const done = new Map<string, Row>();
if (values.out) {
  if (!existsSync(values.out)) writeFileSync(values.out, `${HEADER}\n`);
  for (const line of readFileSync(values.out, 'utf8').split('\n').slice(1)) {
    if (!line) continue;
    // the params column is quoted JSON; the fields after it hold no comma but the moves, which hold none
    const head = line.split(',', 2);
    const end = line.lastIndexOf('}"') + 2;
    const stored = `${head[0]} ${line.slice(head[0].length + head[1].length + 2, end)}`;
    if (stored !== game) fail(`${values.out} holds games of other rules or settings (seed ${head[1]}): give another --out`);
    const tail = line.slice(end + 1).split(',');
    done.set(head[1], { seed: head[1], won: tail[0] === '1', home: Number(tail[1]), ms: Number(tail[3]), cpuMs: Number(tail[7]) });
  }
}

const rows: string[] = ['seed,won,cards_home,moves,end,solves,nodes,ms,cpu_ms'];
const played: Row[] = [];
let solves = 0;
let nodes = 0;
let peakRss = 0;
for (const seed of seeds) {
  if (done.has(String(seed))) continue;
  const d = dealFromSeed(seed, family);
  if (!d.ok) fail(d.error);
  const policy = createPolicy(policyName.value, options);
  const c0 = process.cpuUsage();
  const r = playGame(dealPosition(d.value), rules, policy, { stock: stock.value });
  const c1 = process.cpuUsage(c0);
  if (!r.ok) fail(r.error);
  const g = r.value;
  const cpuMs = Math.round((c1.user + c1.system) / 1000);
  solves += g.solves;
  nodes += g.nodes;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const row = { seed: String(seed), won: g.won, home: g.cardsHome, ms: g.ms, cpuMs };
  played.push(row);
  done.set(row.seed, row);
  rows.push(`${seed},${g.won ? 1 : 0},${g.cardsHome},${g.moves.length},${g.end},${g.solves},${g.nodes},${Math.round(g.ms)},${cpuMs}`);
  if (values.out) {
    appendFileSync(
      values.out,
      `${family},${seed},${rules.draw},${passesText},true,${stock.value},${policyName.value},${quoted},${g.won ? 1 : 0},${g.cardsHome},${g.moves.length},${Math.round(g.ms)},${movesToCompact(g.moves)},,${VERSION},${cpuMs}\n`,
    );
  }
  if (!values.quiet)
    process.stderr.write(
      `${seed} ${g.won ? 'won' : 'lost'} ${g.cardsHome} home, ${g.moves.length} moves, ${g.solves} solves, ${g.nodes} nodes, ${(g.ms / 1000).toFixed(1)} s, CPU ${(cpuMs / 1000).toFixed(1)} s\n`,
    );
}
const all = values.out ? [...done.values()] : played;
const n = all.length;
if (n === 0) fail('no game played');
const won = all.filter((r) => r.won).length;
const sorted = all.map((r) => r.ms).sort((a, b) => a - b);
const q = (p: number) => sorted[Math.min(n - 1, Math.floor(p * n))] / 1000;
const iv = wilson(won, n)!;
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const homeCounts = new Array<number>(53).fill(0);
for (const r of all) homeCounts[r.home]++;
// the mean cards home and its interval, inside 0…52 (as `klondike stats` gives it)
const { mean, low, high } = meanInterval(homeCounts)!;
const dollars = (h: number) => (5 * h - 52).toFixed(2);
const cpuMean = all.reduce((a, r) => a + r.cpuMs, 0) / n / 1000;
const wallMean = all.reduce((a, r) => a + r.ms, 0) / n / 1000;
const opts = options
  ? `, ${options.samples}–${options.maxSamples} worlds (close ${options.close}), ${options.nodes} nodes a solve, retry ${options.retry}, objective ${options.objective}, look ${options.look}, ties ${options.ties}, ${options.candidates} candidates, unit ${options.unit}, extend ${options.extend} in ${options.extendWorlds}, quick ${options.quick}, reveal bonus ${options.revealBonus}, policy seed ${options.seed}`
  : '';
console.log(`${family} ${seedLabel}, ${rulesLabel(rules)}, stock ${stock.value}, policy ${policyName.value}${opts}`);
console.log(`${values.out ? `${values.out}: ` : ''}won ${won} of ${n}: ${pct(iv.rate)} (95% interval ${pct(iv.low)}–${pct(iv.high)})`);
console.log(
  `cards home ${mean.toFixed(2)} (95% ${low.toFixed(2)}–${high.toFixed(2)}); Vegas $${dollars(mean)} a game (95% ${dollars(low)} – ${dollars(high)})`,
);
console.log(
  `seconds a game: mean ${wallMean.toFixed(2)}, median ${q(0.5).toFixed(2)}, p90 ${q(0.9).toFixed(2)}, max ${q(1).toFixed(2)}; CPU ${cpuMean.toFixed(2)} s a game`,
);
if (played.length)
  console.log(
    `this run: ${played.length} games; solver ${Math.round(solves / played.length)} calls and ${Math.round(nodes / played.length)} nodes a game; peak RSS ${Math.round(peakRss / 2 ** 20)} MiB`,
  );
if (values.csv) writeFileSync(values.csv, rows.join('\n') + '\n');
