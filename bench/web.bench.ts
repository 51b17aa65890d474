/**
 * The solver in the browser, three ways (`--what`):
 *
 * - `solve` (the default): against the same solver in Node: seeded deals solved one after another
 *   in the app's Web Worker (headless Chromium, the page of web/bench.html) and in this process,
 *   with the same budget. Prints each side's total and mean solver time (the solver's own clock,
 *   in its thread), the ratio browser / Node (of the totals, and the median of the per-deal ratios
 *   over deals taking at least 5 ms in Node), checks that both sides give the same verdict and
 *   node count for every deal (same code, same search), and the longest gap between animation
 *   frames on the page meanwhile (the page never runs the search, so it should stay small).
 * - `odds`: the Odds button on the fresh deal of each seed: the page's workers (one per core) to
 *   ±5 points, as the app does. Prints the median, p90 and max wall time to the final figure and
 *   to the first figure shown, the ± of the figure shown at 2 s, the worlds solved, the solving
 *   time in the workers against the wall time (how well they share), and checks the final counts against
 *   `estimateOdds` with the same settings in this process (one thread; its time is printed too).
 * - `hint`: the search hint (the library's default settings, as the Hint button) on the fresh deal
 *   of each seed and on its game by the hint order after 15 and 30 moves: median, p90 and max wall
 *   time, and a check that this process's `SearchPolicy` makes the same decision.
 * - `winnable`: "winnable deals only" asked `--deals` times under each of `--rules` (`1`, `3`: the
 *   draw, unlimited passes; `v1`, `v3`: Vegas): median, p99 and max wall time to a deal proved
 *   winnable, the deals drawn, and a check in this process that each deal dealt is winnable for the
 *   solver within the same budget and its solution wins on the game's own rules.
 * - `load`: the first load (bench/web-load.ts): bytes transferred from `klondike web`'s compressing
 *   server, the first paint, the board ready and the first move registered, over `--rounds` first
 *   visits, and the bodies of the same files under brotli, gzip and none.
 * Every mode prints the load average before and after (the machine may be shared).
 *
 *   npx tsx bench/web.bench.ts [--what solve|odds|hint|winnable|load] [--from 1] [--to 200] [--draw 3]
 *     [--max-memory 512] [--order node-first|browser-first] [--deals 100] [--rules 1,3,v1,v3] [--rounds 7]
 *
 * Needs Debian's chromium (/usr/bin/chromium, or CHROMIUM=…).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dealFromSeed } from '../src/deals/families.ts';
import { LIVE_ODDS, estimateOdds } from '../src/hidden/odds.ts';
import { createPolicy, DEFAULT_SEARCH } from '../src/hidden/policy-by-name.ts';
import { PriorityPolicy } from '../src/hidden/policy-priority.ts';
import { dealPosition } from '../src/engine/position.ts';
import { solve } from '../src/solver/index.ts';
import type { Rules } from '../src/types.ts';
import { vegasRules } from '../src/engine/score.ts';
import { PlayedGame } from '../web/src/played-game.ts';
import { type LoadRound, firstLoads, isPage } from './web-load.ts';
import { CHROMIUM_HINT, buildApp, haveChromium, launch } from '../test/support/web-harness.ts';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '1' },
    to: { type: 'string', default: '200' },
    draw: { type: 'string', default: '3' },
    'max-memory': { type: 'string', default: '512' },
    order: { type: 'string', default: 'node-first' },
    what: { type: 'string', default: 'solve' },
    workers: { type: 'string' },
    deals: { type: 'string', default: '100' },
    rules: { type: 'string', default: '1,3,v1,v3' },
    rounds: { type: 'string', default: '7' },
  },
});
const what = values.what;
if (!['solve', 'odds', 'hint', 'winnable', 'load'].includes(what)) {
  process.stderr.write(`web.bench: --what must be solve, odds, hint, winnable or load, got ${JSON.stringify(what)}\n`);
  process.exit(2);
}
const loadBefore = loadavg();
/** The load average before the run and now (1, 5 and 15 minutes). */
const loadLine = () =>
  `load average: before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} (${availableParallelism()} cores)`;
const from = Number(values.from);
const to = Number(values.to);
const draw = Number(values.draw);
const maxMemoryMb = Number(values['max-memory']);
if (!haveChromium) {
  process.stderr.write(`web.bench: ${CHROMIUM_HINT}\n`);
  process.exit(3);
}
const rules: Rules = { draw, passes: null, foundationReturn: true };
/** A time cap far beyond any deal here: the default node budget decides, so the verdicts do not depend on the machine's load. */
const TIMEOUT_MS = 600_000;

interface Row {
  seed: number;
  verdict: string;
  nodes: number;
  ms: number;
}

function runNode(): Row[] {
  const rows: Row[] = [];
  for (let seed = from; seed <= to; seed++) {
    const d = dealFromSeed(seed, 'solvitaire');
    if (!d.ok) throw new Error(d.error);
    const r = solve(dealPosition(d.value), rules, { maxMemoryMb, timeoutMs: TIMEOUT_MS });
    rows.push({ seed, verdict: r.verdict, nodes: r.stats.nodes, ms: r.stats.ms });
  }
  return rows;
}

/** Runs the benchmark page in Chromium with these address parameters; its result and the page's wall time. */
async function runPage<T>(params: string): Promise<T & { worstFrameGapMs: number; wallMs: number; cores: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'klondike-web-bench-'));
  try {
    await buildApp(dir, resolve('web/bench.html'));
    const b = await launch(dir);
    try {
      const page = await b.ctx.newPage();
      const t0 = performance.now();
      await page.goto(`${b.url}bench.html#${params}`);
      await page.waitForSelector('body[data-result]', { timeout: 3_600_000 });
      const wallMs = performance.now() - t0;
      const out = JSON.parse((await page.getAttribute('body', 'data-result'))!);
      if (out.error) throw new Error(out.error);
      return { ...out, wallMs };
    } finally {
      await b.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const runBrowser = () =>
  runPage<{ rows: Row[] }>(
    `family=solvitaire&from=${from}&to=${to}&draw=${draw}&passes=unlimited&maxMemoryMb=${maxMemoryMb}&timeoutMs=${TIMEOUT_MS}`,
  );

const sum = (rows: Row[]) => rows.reduce((a, r) => a + r.ms, 0);
const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
/** The q-quantile (nearest rank) of some numbers. */
const quantile = (xs: number[], q: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
};
const spread = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms, p90 ${quantile(xs, 0.9).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
const fresh = (seed: number) => {
  const d = dealFromSeed(seed, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  return dealPosition(d.value);
};

if (what === 'odds') {
  process.stderr.write(`web.bench: the Odds button on the fresh deals of Solvitaire seeds ${from}–${to}, draw ${draw}\n`);
  type OddsRow = {
    seed: number;
    ms: number;
    firstMs: number;
    samples: number;
    winnable: number;
    unwinnable: number;
    unknown: number;
    halfWidth: number;
    solveMs: number;
    at2s: number;
  };
  const web = await runPage<{ rows: OddsRow[]; workers: number }>(
    `mode=odds&from=${from}&to=${to}&draw=${draw}${values.workers ? `&workers=${Number(values.workers)}` : ''}`,
  );
  let nodeMs = 0;
  const differ: number[] = [];
  for (const r of web.rows) {
    const t0 = performance.now();
    const want = estimateOdds(new PlayedGame(fresh(r.seed), rules).observe(), LIVE_ODDS);
    nodeMs += performance.now() - t0;
    if (process.env.ODDS_ROWS)
      process.stderr.write(
        `seed ${r.seed}: page ${r.ms.toFixed(0)} ms (worlds ${r.solveMs.toFixed(0)} ms solving), Node ${want.ms.toFixed(0)} ms\n`,
      );
    if (want.samples !== r.samples || want.winnable !== r.winnable || want.unwinnable !== r.unwinnable || want.unknown !== r.unknown)
      differ.push(r.seed);
  }
  const ms = web.rows.map((r) => r.ms);
  const lines = [
    `deals: ${web.rows.length}; ${web.workers} workers (navigator.hardwareConcurrency ${web.cores})`,
    `to ±5 points: ${spread(ms)}; within 2 s: ${ms.filter((x) => x <= 2000).length} of ${ms.length}`,
    `first figure shown: ${spread(web.rows.map((r) => r.firstMs))}`,
    `the figure shown at 2 s: ±${(100 * median(web.rows.map((r) => r.at2s ?? 1))).toFixed(1)} points at the median, ±${(
      100 *
        quantile(
          web.rows.map((r) => r.at2s ?? 1),
          0.9,
        )
    ).toFixed(1)} at p90`,
    `the worlds counted took ${(web.rows.reduce((a, r) => a + r.solveMs, 0) / web.rows.reduce((a, r) => a + r.ms, 0)).toFixed(2)} × the wall time in the workers' solver (${web.workers} at most)`,
    `worlds solved: median ${median(web.rows.map((r) => r.samples))}, from ${Math.min(...web.rows.map((r) => r.samples))} to ${Math.max(...web.rows.map((r) => r.samples))}; undecided ${web.rows.reduce((a, r) => a + r.unknown, 0)} in all`,
    `the same estimate in Node, one thread: ${(nodeMs / web.rows.length).toFixed(0)} ms a deal; same counts on every deal: ${differ.length === 0 ? 'yes' : `NO (seeds ${differ.join(', ')})`}`,
    `longest gap between animation frames on the page: ${web.worstFrameGapMs.toFixed(0)} ms`,
    loadLine(),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (differ.length) process.exitCode = 1;
  process.exit();
}

if (what === 'hint') {
  process.stderr.write(
    `web.bench: the search hint (${DEFAULT_SEARCH.samples} worlds, ${DEFAULT_SEARCH.nodes} nodes a solve) on Solvitaire seeds ${from}–${to}, draw ${draw}\n`,
  );
  type HintRow = { seed: number; moves: number; ms: number; solves: number; nodes: number };
  const web = await runPage<{ rows: HintRow[] }>(`mode=hint&from=${from}&to=${to}&draw=${draw}&moves=15,30`);
  let nodeMs = 0;
  const differ: string[] = [];
  for (const r of web.rows) {
    const g = new PlayedGame(fresh(r.seed), rules);
    const policy = new PriorityPolicy();
    while (g.moves.length < r.moves) g.play(policy.decide(g.observe()).move!);
    const t0 = performance.now();
    const d = createPolicy('search', { seed: DEFAULT_SEARCH.seed, allMoves: true }).decide(g.observe());
    nodeMs += performance.now() - t0;
    if (d.nodes !== r.nodes || d.solves !== r.solves) differ.push(`${r.seed}@${r.moves}`);
  }
  const lines = [
    `positions: ${web.rows.length} (${web.rows.filter((r) => r.moves === 0).length} fresh deals, the others 15 or 30 moves in)`,
    `wall time: ${spread(web.rows.map((r) => r.ms))}; fresh deals ${spread(web.rows.filter((r) => r.moves === 0).map((r) => r.ms))}`,
    `solver calls ${median(web.rows.map((r) => r.solves))}, nodes ${median(web.rows.map((r) => r.nodes))} a decision (medians)`,
    `the same decisions in Node: ${(nodeMs / web.rows.length).toFixed(0)} ms a position; same solves and nodes everywhere: ${differ.length === 0 ? 'yes' : `NO (${differ.join(', ')})`}`,
    loadLine(),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (differ.length) process.exitCode = 1;
  process.exit();
}

if (what === 'winnable') {
  process.stderr.write(`web.bench: winnable deals only, ${values.deals} deals under each of ${values.rules}\n`);
  type DealRow = { rules: string; ms: number; tries: number; code: string };
  const web = await runPage<{ rows: DealRow[]; maxNodes: number }>(`mode=winnable&deals=${Number(values.deals)}&rules=${values.rules}`);
  const lines: string[] = [];
  const bad: string[] = [];
  for (const name of values.rules.split(',')) {
    const rows = web.rows.filter((r) => r.rules === name);
    const d = Number(name.replace('v', ''));
    const r: Rules = name.startsWith('v') ? vegasRules(d) : { draw: d, passes: null, foundationReturn: true };
    for (const row of rows) {
      const deal = dealFromSeed(BigInt(row.code), 'exact');
      if (!deal.ok) throw new Error(deal.error);
      const g = new PlayedGame(dealPosition(deal.value), r);
      const sol = solve(g.start, r, { maxNodes: web.maxNodes });
      for (const m of sol.moves) g.play(m);
      if (sol.verdict !== 'winnable' || !g.won) bad.push(row.code);
    }
    const ms = rows.map((x) => x.ms);
    /** Tenths of a millisecond below 10 ms (a deal proved at once takes a fraction of one). */
    const t = (x: number) => x.toFixed(x < 10 ? 1 : 0);
    const tries = rows.map((x) => x.tries);
    lines.push(
      `${name.startsWith('v') ? `Vegas draw ${d}` : `draw ${d}`}: ${rows.length} deals; to a proved winnable deal median ${t(median(ms))} ms, p99 ${t(quantile(ms, 0.99))} ms, max ${t(Math.max(...ms))} ms; deals drawn mean ${(tries.reduce((a, b) => a + b, 0) / tries.length).toFixed(2)}, max ${Math.max(...tries)}`,
    );
  }
  lines.push(
    `each deal winnable in Node within ${web.maxNodes} positions, its solution winning: ${bad.length === 0 ? 'yes' : `NO (${bad.join(', ')})`}`,
  );
  lines.push(`longest gap between animation frames on the page: ${web.worstFrameGapMs.toFixed(0)} ms`, loadLine());
  process.stdout.write(`${lines.join('\n')}\n`);
  if (bad.length) process.exitCode = 1;
  process.exit();
}

if (what === 'load') {
  const rounds = Number(values.rounds);
  process.stderr.write(`web.bench: the first load, ${rounds} first visits in fresh private windows\n`);
  const out = await firstLoads(rounds);
  const warm = out.rounds.slice(1);
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const ms = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
  const [first] = out.rounds;
  const bytes = (r: LoadRound, page: boolean) => r.served.filter((x) => isPage(x) === page).reduce((a, x) => a + x.bytes, 0);
  const count = (r: LoadRound, page: boolean) => r.served.filter((x) => isPage(x) === page).length;
  const lines = [
    `bytes transferred, a first visit (headers and bodies): the page ${kb(median(warm.map((r) => bytes(r, true))))} in ${count(warm[0], true)} requests (${kb(bytes(first, true))} from a fresh server); then its service worker ${kb(median(warm.map((r) => bytes(r, false))))} in ${count(warm[0], false)} requests (sw.js and its copy of the files for offline use)`,
    `the bodies of the page's files: brotli ${kb(out.bodies.br)}, gzip ${kb(out.bodies.gzip)}, uncompressed ${kb(out.bodies.identity)}`,
    `first contentful paint: ${ms(warm.map((r) => r.fcpMs))}`,
    `the board ready (the game drawn, input live): ${ms(warm.map((r) => r.readyMs))}`,
    `first move registered (D pressed once the board is ready): ${ms(warm.map((r) => r.movedMs))}`,
    `(the medians over rounds 2–${rounds}; the first, on a fresh server: paint ${first.fcpMs.toFixed(0)} ms, move ${first.movedMs.toFixed(0)} ms)`,
    loadLine(),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit();
}

process.stderr.write(`web.bench: Solvitaire seeds ${from}–${to}, draw ${draw}, unlimited passes, table ≤ ${maxMemoryMb} MiB\n`);
let node: Row[];
let web: Awaited<ReturnType<typeof runBrowser>>;
if (values.order === 'browser-first') {
  web = await runBrowser();
  node = runNode();
} else {
  node = runNode();
  web = await runBrowser();
}
const mismatch = node.filter((r, i) => r.verdict !== web.rows[i]?.verdict || r.nodes !== web.rows[i]?.nodes);
const n = node.length;
const ratios = node
  .map((r, i) => ({ r, w: web.rows[i] }))
  .filter((x) => x.r.ms >= 5)
  .map((x) => x.w.ms / x.r.ms);
const lines = [
  `deals: ${n} (${node.filter((r) => r.verdict === 'winnable').length} winnable, ${node.filter((r) => r.verdict === 'unwinnable').length} unwinnable, ${node.filter((r) => r.verdict === 'unknown').length} unknown)`,
  `Node:     total ${(sum(node) / 1000).toFixed(2)} s, mean ${(sum(node) / n).toFixed(1)} ms`,
  `Chromium: total ${(sum(web.rows) / 1000).toFixed(2)} s, mean ${(sum(web.rows) / n).toFixed(1)} ms (page wall time ${(web.wallMs / 1000).toFixed(1)} s)`,
  `ratio browser / Node: ${(sum(web.rows) / sum(node)).toFixed(2)} (totals), median per deal ${median(ratios).toFixed(2)} over ${ratios.length} deals ≥ 5 ms`,
  `same verdict and node count on every deal: ${mismatch.length === 0 ? 'yes' : `NO, ${mismatch.length} differ (first: seed ${mismatch[0].seed})`}`,
  `longest gap between animation frames on the page: ${web.worstFrameGapMs.toFixed(0)} ms`,
  loadLine(),
];
process.stdout.write(`${lines.join('\n')}\n`);
if (mismatch.length) process.exitCode = 1;
