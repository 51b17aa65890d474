/**
 * The solver in the browser against the same solver in Node: seeded deals solved one after
 * another in the app's Web Worker (headless Chromium, the page of web/bench.html) and in this
 * process, with the same budget. Prints each side's total and mean solver time (the solver's own
 * clock, in its thread), the ratio browser / Node (of the totals, and the median of the per-deal
 * ratios over deals taking at least 5 ms in Node), checks that both sides give the same verdict
 * and node count for every deal (same code, same search), and the longest gap between animation
 * frames on the page meanwhile (the page never runs the search, so it should stay small).
 *
 *   npx tsx bench/web.bench.ts [--from 1] [--to 200] [--draw 3] [--max-memory 512] [--order node-first|browser-first]
 *
 * Needs Debian's chromium (/usr/bin/chromium, or CHROMIUM=…).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dealFromSeed } from '../src/deals/families.ts';
import { dealPosition } from '../src/engine/position.ts';
import { solve } from '../src/solver/index.ts';
import type { Rules } from '../src/types.ts';
import { CHROMIUM_HINT, buildApp, haveChromium, launch } from '../test/support/web-harness.ts';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '1' },
    to: { type: 'string', default: '200' },
    draw: { type: 'string', default: '3' },
    'max-memory': { type: 'string', default: '512' },
    order: { type: 'string', default: 'node-first' },
  },
});
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

async function runBrowser(): Promise<{ rows: Row[]; worstFrameGapMs: number; wallMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'klondike-web-bench-'));
  try {
    await buildApp(dir, resolve('web/bench.html'));
    const b = await launch(dir);
    try {
      const page = await b.ctx.newPage();
      const t0 = performance.now();
      await page.goto(
        `${b.url}bench.html#family=solvitaire&from=${from}&to=${to}&draw=${draw}&passes=unlimited&maxMemoryMb=${maxMemoryMb}&timeoutMs=${TIMEOUT_MS}`,
      );
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

const sum = (rows: Row[]) => rows.reduce((a, r) => a + r.ms, 0);
const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

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
];
process.stdout.write(`${lines.join('\n')}\n`);
if (mismatch.length) process.exitCode = 1;
