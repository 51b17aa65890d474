/**
 * Solver speed on a range of seeded deals, one thread, one deal after another (the reference
 * run: Solvitaire seeds 1–1000, draw 3, unlimited passes, 60 s per deal).
 *
 *   npx tsx bench/solve.bench.ts [--from 1] [--to 1000] [--family solvitaire] [--draw 3]
 *     [--passes unlimited] [--no-foundation-return] [--timeout 60] [--max-nodes N]
 *     [--max-memory 1024] [--csv results.csv] [--compare before.csv] [--quiet]
 *
 * Prints deals/s, mean/median/p90/p99/max ms per deal, total nodes and nodes/s, the verdict
 * counts and the peak resident memory (the process's maxRSS, plus the largest RSS sampled after
 * each deal). `--csv` writes one row per deal: seed, verdict, reason, ms, nodes, unique states,
 * table hits, solution length. `--compare` reads such a file from an earlier run (another
 * version of the solver) and lists the deals whose verdict, nodes, unique states, table hits or
 * solution length differ: a change meant to keep the search as it was must list none.
 * Wall-clock numbers are noisy on a shared machine; CPU seconds of the process are printed
 * beside them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parsePasses } from '../src/cli/options.ts';
import { dealFromSeed, parseFamily } from '../src/families.ts';
import { dealPosition } from '../src/position.ts';
import { type Budget, DEFAULT_BUDGET, type Verdict, solve } from '../src/solver.ts';
import { type Rules, rulesLabel } from '../src/types.ts';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '1' },
    to: { type: 'string', default: '1000' },
    family: { type: 'string', default: 'solvitaire' },
    draw: { type: 'string', default: '3' },
    passes: { type: 'string', default: 'unlimited' },
    'no-foundation-return': { type: 'boolean', default: false },
    timeout: { type: 'string', default: String(DEFAULT_BUDGET.timeoutMs / 1000) },
    'max-nodes': { type: 'string', default: String(DEFAULT_BUDGET.maxNodes) },
    'max-memory': { type: 'string', default: String(DEFAULT_BUDGET.maxMemoryMb) },
    csv: { type: 'string' },
    compare: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  process.stderr.write(`solve.bench: ${message}\n`);
  process.exit(2);
}

const from = Number(values.from);
const to = Number(values.to);
if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) fail(`bad seed range ${values.from}…${values.to}`);
const family = parseFamily(values.family);
if (!family.ok) fail(family.error);
const passes = parsePasses(values.passes);
if (!passes.ok) fail(passes.error);
const rules: Rules = {
  draw: Number(values.draw),
  passes: passes.value === 'unlimited' ? null : passes.value,
  foundationReturn: !values['no-foundation-return'],
};
const budget: Required<Budget> = {
  timeoutMs: Number(values.timeout) * 1000,
  maxNodes: Number(values['max-nodes']),
  maxMemoryMb: Number(values['max-memory']),
};
if (!(budget.timeoutMs > 0) || !(budget.maxNodes >= 1) || !(budget.maxMemoryMb >= 1)) fail('bad budget');

interface Row {
  seed: number;
  verdict: Verdict;
  reason: string;
  ms: number;
  nodes: number;
  unique: number;
  hits: number;
  length: number;
}

/** The q-quantile (0…1) of sorted values, nearest rank. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const fmt = (x: number, digits = 1) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mib = (bytes: number) => `${fmt(bytes / 1024 / 1024, 0)} MiB`;

const rows: Row[] = [];
let peakRss = process.memoryUsage().rss;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const label = `${family.value} seeds ${from}–${to}, ${rulesLabel(rules)}, ${values.timeout} s per deal`;
if (!values.quiet) process.stderr.write(`${label}\n`);
for (let seed = from; seed <= to; seed++) {
  const deal = dealFromSeed(seed, family.value);
  if (!deal.ok) fail(deal.error);
  const r = solve(dealPosition(deal.value), rules, budget);
  const { stats } = r;
  rows.push({
    seed,
    verdict: r.verdict,
    reason: r.reason ?? '',
    ms: stats.ms,
    nodes: stats.nodes,
    unique: stats.uniqueStates,
    hits: stats.ttHits,
    length: stats.solutionLength,
  });
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (!values.quiet && (stats.ms > 1000 || r.verdict === 'unknown'))
    process.stderr.write(
      `  seed ${seed}: ${r.verdict}${r.reason ? ` (${r.reason})` : ''}, ${fmt(stats.ms, 0)} ms, ${stats.nodes.toLocaleString('en-US')} nodes\n`,
    );
}
const wallS = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const cpuS = (cpu.user + cpu.system) / 1e6;
const maxRss = process.resourceUsage().maxRSS * 1024;

const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
const totalMs = ms.reduce((a, b) => a + b, 0);
const nodes = rows.reduce((a, r) => a + r.nodes, 0);
const count = (v: Verdict) => rows.filter((r) => r.verdict === v).length;
const reasons = [...new Set(rows.filter((r) => r.reason).map((r) => r.reason))]
  .map((x) => `${x} ${rows.filter((r) => r.reason === x).length}`)
  .join(', ');

const lines = [
  label,
  `deals          ${rows.length} in ${fmt(wallS)} s wall, ${fmt(cpuS)} s CPU: ${fmt(rows.length / wallS, 2)} deals/s`,
  `ms per deal    mean ${fmt(totalMs / rows.length)}, median ${fmt(quantile(ms, 0.5), 2)}, p90 ${fmt(quantile(ms, 0.9))}, p99 ${fmt(quantile(ms, 0.99))}, max ${fmt(ms.at(-1) ?? NaN)}`,
  `nodes          ${nodes.toLocaleString('en-US')} total, ${fmt(nodes / (totalMs / 1000) / 1e6, 2)} M nodes/s of solver wall time, ${fmt(nodes / cpuS / 1e6, 2)} M per CPU second`,
  `verdicts       winnable ${count('winnable')}, unwinnable ${count('unwinnable')}, unknown ${count('unknown')}${reasons ? ` (${reasons})` : ''}` +
    `; winnable ${fmt((100 * count('winnable')) / rows.length)}% of all, ${fmt((100 * count('winnable')) / Math.max(1, rows.length - count('unknown')))}% of decided`,
  `peak memory    maxRSS ${mib(maxRss)}, largest sampled RSS ${mib(peakRss)}`,
];
process.stdout.write(lines.join('\n') + '\n');

const HEADER = 'seed,verdict,reason,ms,nodes,unique_states,tt_hits,solution_length';
if (values.csv) {
  const body = rows.map((r) => [r.seed, r.verdict, r.reason, r.ms.toFixed(3), r.nodes, r.unique, r.hits, r.length].join(','));
  writeFileSync(values.csv, [HEADER, ...body].join('\n') + '\n');
  if (!values.quiet) process.stderr.write(`wrote ${rows.length} rows to ${values.csv}\n`);
}

if (values.compare) {
  // everything but the time: what the search did, deal by deal
  const searched = (r: Row) => [r.verdict, r.reason, r.nodes, r.unique, r.hits, r.length].join(',');
  const lines = readFileSync(values.compare, 'utf8').trim().split('\n');
  if (lines[0] !== HEADER) fail(`${values.compare} is not a --csv file of this benchmark`);
  const before = new Map<number, string>();
  for (const line of lines.slice(1)) {
    const [seed, verdict, reason, , ...rest] = line.split(',');
    before.set(Number(seed), [verdict, reason, ...rest].join(','));
  }
  const common = rows.filter((r) => before.has(r.seed));
  const differ = common.filter((r) => before.get(r.seed) !== searched(r));
  process.stdout.write(
    `compared       ${common.length} deals with ${values.compare}: ${differ.length} differ (verdict, reason, nodes, unique states, table hits, solution length)\n`,
  );
  for (const r of differ.slice(0, 20)) process.stdout.write(`  seed ${r.seed}: before ${before.get(r.seed)}, now ${searched(r)}\n`);
}
