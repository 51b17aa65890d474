/**
 * Solver speed on a range of seeded deals, one thread, one deal after another (the reference
 * run: Solvitaire seeds 1–1000, draw 3 and draw 1, unlimited passes, 60 s per deal).
 *
 *   npx tsx bench/solve.bench.ts [--from 1] [--to 1000 | --seeds LIST] [--family solvitaire] [--draw 3|1|3,1]
 *     [--passes unlimited] [--no-foundation-return] [--timeout 60] [--max-nodes N]
 *     [--max-memory 1024] [--no-restarts] [--no-deadlocks]
 *     [--no-locking-moves] [--no-dead-positions] [--busy] [--runs 1] [--lonelybot FILE] [--csv results.csv]
 *     [--compare before.csv] [--quiet]
 *
 * For each draw: deals/s, mean/median/p90/p99/max ms per deal, total nodes and nodes/s, the
 * verdict counts and the peak resident memory (the process's maxRSS, plus the largest RSS sampled
 * after each deal). Each deal's time is measured twice: the solver's wall clock and the CPU time
 * of this process during the solve (on a shared machine the wall clock also counts the time other
 * processes held the core; the CPU time is what the deal cost). `--runs N` solves every deal N times
 * (each run over all the deals, then the next) and takes each deal's median wall and CPU time; the
 * searches must agree node for node, or the run stops.
 *
 * Beside lonelybot: for Solvitaire seeds with unlimited passes and foundation returns, the
 * per-deal figures of lonelybot (bench/lonelybot-solvitaire.tsv, or `--lonelybot FILE`: its
 * verdict and its own search time, measured with both cores busy) on the same seeds: both means,
 * medians and p99s, the ratio of means, whether the verdicts agree, and, among the deals lonelybot
 * takes over 100 ms for (the tail), those that take us longer than lonelybot, those that take over
 * twice its time, and the five with the highest ratio of our CPU time to its time. `--busy` keeps the other
 * core busy with a spinning process for the whole run, as lonelybot's figures were taken.
 *
 * Beside the study: with the same rules, the verdicts against the published study's
 * (data/study-dD.verdicts, Solvitaire 1–100,000) on the seeds it holds; the deals of the study's
 * hardest 1% as a seed list: bench/hardest.ts.
 *
 * `--csv` writes one row per deal: draw, seed, verdict, reason, ms, cpu ms, nodes, unique states,
 * table hits, solution length. `--compare` reads such a file from an earlier run (another
 * version of the solver; files without the draw or cpu_ms column are read as the run's draw)
 * and lists the deals whose verdict, nodes, unique states, table hits or solution length differ:
 * a change meant to keep the search as it was must list none; `--compare` with `--no-restarts`
 * against a run with restarts lists the deals the restarts changed, and says whether any verdict
 * changed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dealArgs, dealOptions, failer } from './args.ts';
import { dealFromSeed } from '../src/deals/families.ts';
import { dealPosition } from '../src/engine/position.ts';
import { type Budget, DEFAULT_BUDGET, type Verdict, solve } from '../src/solver/index.ts';
import { type PackedVerdicts, isWinnableAt, parsePacked } from '../src/stats/packed.ts';
import { type Rules, rulesLabel } from '../src/types.ts';

const { values } = parseArgs({
  options: {
    ...dealOptions({ from: '1', to: '1000', draw: '3' }),
    'no-foundation-return': { type: 'boolean', default: false },
    timeout: { type: 'string', default: String(DEFAULT_BUDGET.timeoutMs / 1000) },
    'max-nodes': { type: 'string', default: String(DEFAULT_BUDGET.maxNodes) },
    'max-memory': { type: 'string', default: String(DEFAULT_BUDGET.maxMemoryMb) },
    'no-restarts': { type: 'boolean', default: false },
    'no-deadlocks': { type: 'boolean', default: false },
    'no-locking-moves': { type: 'boolean', default: false },
    'no-dead-positions': { type: 'boolean', default: false },
    busy: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    lonelybot: { type: 'string', default: new URL('./lonelybot-solvitaire.tsv', import.meta.url).pathname },
    csv: { type: 'string' },
    compare: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const fail: (message: string) => never = failer('solve.bench');
const { seeds, label: seedLabel, family, passes } = dealArgs(values, fail);
const draws = values.draw.split(',').map(Number);
if (draws.some((d) => !Number.isInteger(d) || d < 1 || d > 52)) fail(`bad draw ${values.draw}`);
const rulesFor = (draw: number): Rules => ({
  draw,
  passes,
  foundationReturn: !values['no-foundation-return'],
});
const budget: Required<Budget> = {
  timeoutMs: Number(values.timeout) * 1000,
  maxNodes: Number(values['max-nodes']),
  maxMemoryMb: Number(values['max-memory']),
};
if (!(budget.timeoutMs > 0) || !(budget.maxNodes >= 1) || !(budget.maxMemoryMb >= 1)) fail('bad budget');
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 99) fail(`bad --runs ${values.runs} (1 to 99)`);
const options = {
  restarts: !values['no-restarts'],
  deadlocks: !values['no-deadlocks'],
  lockingMoves: !values['no-locking-moves'],
  deadPositions: !values['no-dead-positions'],
};

interface Row {
  draw: number;
  seed: number;
  verdict: Verdict;
  reason: string;
  ms: number;
  cpuMs: number;
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
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
/** The median (the mean of the middle two for an even count). */
function median(xs: number[]): number {
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// the other core kept busy: a process spinning until this one ends
const spinner = values.busy ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : undefined;
// unref: the benchmark must not wait for the spinner (which never ends) before exiting
spinner?.unref();
process.on('exit', () => spinner?.kill());

/** lonelybot's verdict and ms by draw and seed, when the file is there. */
function readLonelybot(path: string): Map<string, { verdict: string; ms: number }> | undefined {
  if (!existsSync(path)) return undefined;
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  if (lines[0] !== 'seed\tdraw\tverdict\tms') fail(`${path} is not a lonelybot timing file (seed, draw, verdict, ms)`);
  const out = new Map<string, { verdict: string; ms: number }>();
  for (const line of lines.slice(1)) {
    const [seed, draw, verdict, ms] = line.split('\t');
    out.set(`${draw}/${seed}`, { verdict, ms: Number(ms) });
  }
  return out;
}
const lonely = family === 'solvitaire' && passes === null && !values['no-foundation-return'] ? readLonelybot(values.lonelybot) : undefined;

/** The published study's verdicts at this draw (data/study-dD.verdicts, Solvitaire 1–100,000), for the same rules. */
function readStudy(draw: number): PackedVerdicts | undefined {
  if (family !== 'solvitaire' || passes !== null || values['no-foundation-return']) return undefined;
  const url = new URL(`study-d${draw}.verdicts`, new URL('../data/', import.meta.url));
  if (!existsSync(url)) return undefined;
  const p = parsePacked(readFileSync(url));
  if (!p.ok) return fail(`data/study-d${draw}.verdicts: ${p.error}`);
  return p.value;
}
/** The verdicts beside the study's, on the deals it holds. */
function besideStudy(draw: number, drawRows: Row[]): string | undefined {
  const study = readStudy(draw);
  if (!study) return undefined;
  const held = drawRows.filter(
    (r) => r.verdict !== 'unknown' && r.seed >= Number(study.first) && r.seed < Number(study.first) + study.count,
  );
  const differ = held.filter((r) => (r.verdict === 'winnable') !== isWinnableAt(study, r.seed - Number(study.first)));
  const unknown = drawRows.filter((r) => r.verdict === 'unknown').length;
  return `study          verdicts agree with data/study-d${draw}.verdicts on ${held.length - differ.length} of ${held.length} decided deals it holds${
    differ.length > 0 ? `: differ on ${differ.map((r) => r.seed).join(', ')}` : ''
  }${unknown > 0 ? ` (${unknown} unknown)` : ''}`;
}

const rows: Row[] = [];
const summaries: string[] = [];
let peakRss = process.memoryUsage().rss;

for (const draw of draws) {
  const rules = rulesFor(draw);
  const drawRows: Row[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const label = `${family} seeds ${seedLabel}, ${rulesLabel(rules)}, ${values.timeout} s per deal${options.restarts ? '' : ', no restarts'}${values.busy ? ', other core busy' : ''}${runs > 1 ? `, median of ${runs} runs a deal` : ''}`;
  if (!values.quiet) process.stderr.write(`${label}\n`);
  // each run over all the deals, then the next; a deal's times are its medians over the runs
  const times = new Map<number, { ms: number[]; cpuMs: number[] }>();
  for (let run = 0; run < runs; run++) {
    for (const seed of seeds) {
      const deal = dealFromSeed(seed, family);
      if (!deal.ok) fail(deal.error);
      const position = dealPosition(deal.value);
      const c0 = process.cpuUsage();
      const r = solve(position, rules, budget, options);
      const c = process.cpuUsage(c0);
      const { stats } = r;
      const t = times.get(seed) ?? { ms: [], cpuMs: [] };
      times.set(seed, t);
      t.ms.push(stats.ms);
      t.cpuMs.push((c.user + c.system) / 1000);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (run > 0) {
        const first = drawRows.find((x) => x.seed === seed);
        if (first?.nodes !== stats.nodes || first.verdict !== r.verdict)
          fail(`seed ${seed}: run ${run + 1} searched ${stats.nodes} nodes (${r.verdict}), run 1 ${first?.nodes} (${first?.verdict})`);
        continue;
      }
      drawRows.push({
        draw,
        seed,
        verdict: r.verdict,
        reason: r.reason ?? '',
        ms: stats.ms,
        cpuMs: 0,
        nodes: stats.nodes,
        unique: stats.uniqueStates,
        hits: stats.ttHits,
        length: stats.solutionLength,
      });
      if (!values.quiet && (stats.ms > 1000 || r.verdict === 'unknown'))
        process.stderr.write(
          `  seed ${seed}: ${r.verdict}${r.reason ? ` (${r.reason})` : ''}, ${fmt(stats.ms, 0)} ms, ${stats.nodes.toLocaleString('en-US')} nodes\n`,
        );
    }
  }
  for (const row of drawRows) {
    const t = times.get(row.seed)!;
    row.ms = median(t.ms);
    row.cpuMs = median(t.cpuMs);
  }
  const wallS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  rows.push(...drawRows);

  const ms = sorted(drawRows.map((r) => r.ms));
  const cpuMs = sorted(drawRows.map((r) => r.cpuMs));
  const totalMs = ms.reduce((a, b) => a + b, 0);
  const nodes = drawRows.reduce((a, r) => a + r.nodes, 0);
  const count = (v: Verdict) => drawRows.filter((r) => r.verdict === v).length;
  const reasons = [...new Set(drawRows.filter((r) => r.reason).map((r) => r.reason))]
    .map((x) => `${x} ${drawRows.filter((r) => r.reason === x).length}`)
    .join(', ');
  const nodesOf = (v: Verdict) => drawRows.filter((r) => r.verdict === v).reduce((a, r) => a + r.nodes, 0);
  const lines = [
    label,
    `deals          ${drawRows.length}${runs > 1 ? ` × ${runs} runs` : ''} in ${fmt(wallS)} s wall, ${fmt(cpuS)} s CPU: ${fmt((runs * drawRows.length) / wallS, 2)} deals/s`,
    `ms per deal    mean ${fmt(totalMs / drawRows.length)}, median ${fmt(quantile(ms, 0.5), 2)}, p90 ${fmt(quantile(ms, 0.9))}, p99 ${fmt(quantile(ms, 0.99))}, max ${fmt(ms.at(-1) ?? NaN)}`,
    `CPU ms a deal  mean ${fmt(mean(cpuMs))}, median ${fmt(quantile(cpuMs, 0.5), 2)}, p90 ${fmt(quantile(cpuMs, 0.9))}, p99 ${fmt(quantile(cpuMs, 0.99))}, max ${fmt(cpuMs.at(-1) ?? NaN)}`,
    `nodes          ${nodes.toLocaleString('en-US')} total (winnable ${nodesOf('winnable').toLocaleString('en-US')}, unwinnable ${nodesOf('unwinnable').toLocaleString('en-US')}), ` +
      `${fmt(nodes / (totalMs / 1000) / 1e6, 2)} M nodes/s of solver wall time, ${fmt((runs * nodes) / cpuS / 1e6, 2)} M per CPU second`,
    `verdicts       winnable ${count('winnable')}, unwinnable ${count('unwinnable')}, unknown ${count('unknown')}${reasons ? ` (${reasons})` : ''}` +
      `; winnable ${fmt((100 * count('winnable')) / drawRows.length)}% of all, ${fmt((100 * count('winnable')) / Math.max(1, drawRows.length - count('unknown')))}% of decided`,
  ];
  const study = besideStudy(draw, drawRows);
  if (study) lines.push(study);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (lonely) summaries.push(...besideLonelybot(draw, drawRows));
}
process.stdout.write(`peak memory    maxRSS ${mib(process.resourceUsage().maxRSS * 1024)}, largest sampled RSS ${mib(peakRss)}\n`);
if (summaries.length > 0) process.stdout.write(`${summaries.join('\n')}\n`);

/** The comparison with lonelybot on this draw's deals (those its file has). */
function besideLonelybot(draw: number, drawRows: Row[]): string[] {
  const both = drawRows.flatMap((r) => {
    const l = lonely?.get(`${draw}/${r.seed}`);
    return l ? [{ r, l }] : [];
  });
  if (both.length === 0) return [`lonelybot      no figures for draw ${draw} on these seeds`];
  const theirs = sorted(both.map((x) => x.l.ms));
  const stat = (xs: number[]) => `${fmt(mean(xs))} / ${fmt(quantile(xs, 0.5), 2)} / ${fmt(quantile(xs, 0.99), 0)}`;
  const wall = sorted(both.map((x) => x.r.ms));
  const cpu = sorted(both.map((x) => x.r.cpuMs));
  const agree = both.filter((x) => x.r.verdict === x.l.verdict).length;
  const slowTheirs = both.filter((x) => x.l.ms > 100);
  const over = (factor: number, pick: (r: Row) => number) => slowTheirs.filter((x) => pick(x.r) > factor * x.l.ms);
  const list = (xs: typeof both, pick: (r: Row) => number) =>
    xs.map((x) => `${x.r.seed} (${fmt(pick(x.r), 0)} vs ${fmt(x.l.ms, 0)})`).join(', ') || 'none';
  const worst = [...slowTheirs].sort((a, b) => b.r.cpuMs / b.l.ms - a.r.cpuMs / a.l.ms).slice(0, 5);
  return [
    `beside lonelybot, draw ${draw}, ${both.length} deals (mean / median / p99 ms):`,
    `  lonelybot      ${stat(theirs)}`,
    `  ours, wall     ${stat(wall)}   ratio of means ${fmt(mean(wall) / mean(theirs), 2)}`,
    `  ours, CPU      ${stat(cpu)}   ratio of means ${fmt(mean(cpu) / mean(theirs), 2)}`,
    `  verdicts agree on ${agree} of ${both.length}${
      agree < both.length
        ? `: differ on ${both
            .filter((x) => x.r.verdict !== x.l.verdict)
            .map((x) => x.r.seed)
            .join(', ')}`
        : ''
    }`,
    `  tail: of ${slowTheirs.length} deals lonelybot takes over 100 ms for, slower than lonelybot: wall ${over(1, (r) => r.ms).length}, CPU ${over(1, (r) => r.cpuMs).length}; over 2× its time: wall ${over(2, (r) => r.ms).length}, CPU ${over(2, (r) => r.cpuMs).length}`,
    `    slower, CPU: ${list(
      over(1, (r) => r.cpuMs),
      (r) => r.cpuMs,
    )}`,
    `    over 2×, wall: ${list(
      over(2, (r) => r.ms),
      (r) => r.ms,
    )}`,
    `    worst five by CPU ratio: ${worst.map((x) => `${x.r.seed} ${fmt(x.r.cpuMs, 0)} vs ${fmt(x.l.ms, 0)} ms (${fmt(x.r.cpuMs / x.l.ms, 2)}×)`).join(', ') || 'none'}`,
  ];
}

const HEADER = 'draw,seed,verdict,reason,ms,cpu_ms,nodes,unique_states,tt_hits,solution_length';
if (values.csv) {
  const body = rows.map((r) =>
    [r.draw, r.seed, r.verdict, r.reason, r.ms.toFixed(3), r.cpuMs.toFixed(3), r.nodes, r.unique, r.hits, r.length].join(','),
  );
  writeFileSync(values.csv, `${[HEADER, ...body].join('\n')}\n`);
  if (!values.quiet) process.stderr.write(`wrote ${rows.length} rows to ${values.csv}\n`);
}

if (values.compare) {
  // everything but the time: what the search did, deal by deal
  const FIELDS = ['verdict', 'reason', 'nodes', 'unique_states', 'tt_hits', 'solution_length'];
  const searched = (r: Row) => [r.verdict, r.reason, r.nodes, r.unique, r.hits, r.length].join(',');
  const lines = readFileSync(values.compare, 'utf8').trim().split('\n');
  const header = lines[0].split(',');
  const col = (name: string) => header.indexOf(name);
  if (col('seed') < 0 || FIELDS.some((f) => col(f) < 0)) fail(`${values.compare} is not a --csv file of this benchmark`);
  const before = new Map<string, string[]>();
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    const draw = col('draw') >= 0 ? f[col('draw')] : String(draws[0]);
    before.set(
      `${draw}/${f[col('seed')]}`,
      FIELDS.map((name) => f[col(name)]),
    );
  }
  const common = rows.filter((r) => before.has(`${r.draw}/${r.seed}`));
  const was = (r: Row) => before.get(`${r.draw}/${r.seed}`) ?? [];
  const differ = common.filter((r) => was(r).join(',') !== searched(r));
  const verdicts = common.filter((r) => was(r)[0] !== r.verdict);
  const nodesBefore = common.reduce((a, r) => a + Number(was(r)[2]), 0);
  const nodesNow = common.reduce((a, r) => a + r.nodes, 0);
  process.stdout.write(
    `compared       ${common.length} deals with ${values.compare}: ${differ.length} differ (verdict, reason, nodes, unique states, table hits, solution length); ` +
      `verdicts differ on ${verdicts.length}; nodes ${nodesBefore.toLocaleString('en-US')} before, ${nodesNow.toLocaleString('en-US')} now\n`,
  );
  for (const r of verdicts) process.stdout.write(`  verdict of ${r.draw}/${r.seed}: before ${was(r).join(',')}, now ${searched(r)}\n`);
  if (verdicts.length === 0)
    for (const r of differ.slice(0, 20)) process.stdout.write(`  seed ${r.seed}: before ${was(r).join(',')}, now ${searched(r)}\n`);
}
