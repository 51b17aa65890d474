/**
 * The most cards home end to end: `solve --most-home` (readable and JSON, replayed), `batch
 * --most-home` into the store (resumable), and what `stats`, `export` and `report` show of it. The
 * binary runs the first solve and the batch; the other command lines run in this process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runBatch } from '../../src/batch/run.ts';
import { mostHome } from '../../src/solver/index.ts';
import { computeMostHome } from '../../src/stats/most-home.ts';
import { runCli, runInProcess } from '../support/cli-run.ts';
import { seedPosition } from '../support/positions.ts';

const dir = mkdtempSync(join(tmpdir(), 'klondike-most-home-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const VEGAS3 = { draw: 3, passes: 3, foundationReturn: true };

describe('klondike solve --most-home', () => {
  it.concurrent('a lost deal: the proved count, the Vegas result, a line that replays to it; exit 0', async () => {
    const r = await runCli(['solve', '--seed', '1', '--draw', '3', '--vegas', '--most-home']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('solvitaire deal 1, draw 3, 3 passes: most cards home 7 (proved: every line searched)');
    expect(lines[2]).toBe('Vegas result with perfect information: 5 × 7 − 52 = -17');
    const j = await runCli(['solve', '--seed', '1', '--draw', '3', '--vegas', '--most-home', '--json']);
    expect(j.code).toBe(0);
    const sol = JSON.parse(j.stdout);
    expect(sol.mostHome).toEqual({ best: 7, bound: 7, proved: true, proof: 'exhausted', vegas: -17 });
    const rep = await runCli(['replay', '-'], j.stdout);
    expect(rep.stdout).toBe('not won, 7 cards home\n');
  });

  // the other command lines in this process, one at a time (runInProcess captures its output)
  it('a spent budget: best found and bound, "unknown", exit 3', async () => {
    const r = await runInProcess(['solve', '--seed', '3', '--draw', '3', '--vegas', '--most-home', '--max-nodes', '2000']);
    expect(r.code).toBe(3);
    expect(r.stdout.split('\n')[0]).toMatch(
      /^solvitaire deal 3, draw 3, 3 passes: most cards home between \d+ and 52 \(unknown\) \(nodes budget spent\)$/,
    );
    expect(r.stdout).not.toContain('Vegas result');
  });

  it('a winnable deal: 52 and a winning line', async () => {
    const j = await runInProcess(['solve', '--seed', '2', '--draw', '3', '--vegas', '--most-home', '--json']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ verdict: 'winnable', mostHome: { best: 52, bound: 52, proved: true, vegas: 208 } });
    const line = join(dir, 'won.json');
    writeFileSync(line, j.stdout);
    expect((await runInProcess(['replay', line])).stdout).toBe('won\n');
  });
});

describe('batch --most-home', () => {
  const db = join(dir, 'mh.sqlite');
  const seeds = [1, 2, 3, 4, 11, 19];

  it("stores each deal's proved count (as the library finds it), resumes, and the statistics read it", async () => {
    const s = await runBatch({
      seeds,
      family: 'solvitaire',
      rules: VEGAS3,
      budget: { maxNodes: 2_000_000 },
      workers: 1,
      db,
      mostHome: true,
    });
    expect(s.done).toBe(seeds.length);
    const h = new Database(db, { readonly: true });
    const rows = h.prepare('SELECT seed, verdict, most_home, most_home_bound, most_home_proved FROM results ORDER BY seed').all() as {
      seed: number;
      verdict: string;
      most_home: number;
      most_home_bound: number;
      most_home_proved: number;
    }[];
    const expected = seeds.map((seed) => mostHome(seedPosition(seed), VEGAS3, { maxNodes: 2_000_000 }));
    expect(rows.map((r) => [r.seed, r.verdict, r.most_home, r.most_home_bound, r.most_home_proved])).toEqual(
      seeds.map((seed, i) => [seed, expected[i].verdict, expected[i].mostHome, expected[i].bound, 1]),
    );
    expect(rows.find((r) => r.seed === 1)?.most_home).toBe(7);
    // the statistics: proved counts, their mean, the Vegas payoff
    const m = [...computeMostHome(h).values()];
    // the rule filters apply (they name the rule set's columns)
    expect(computeMostHome(h, { draw: 1 }).size).toBe(0);
    expect(computeMostHome(h, { draw: 3, passes: 3 }).size).toBe(1);
    h.close();
    expect(m).toHaveLength(1);
    const counts = expected.map((e) => e.mostHome);
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    expect(m[0].proved).toBe(seeds.length);
    expect(m[0].mean).toBeCloseTo(mean, 10);
    expect(m[0].vegasMean).toBeCloseTo(5 * mean - 52, 10);
    expect(m[0].counts[7]).toBe(counts.filter((c) => c === 7).length);
    expect(m[0].ciLow!).toBeLessThan(mean);
    expect(m[0].ciHigh!).toBeGreaterThan(mean);
    // resumable: nothing left to do
    const again = await runBatch({ seeds, family: 'solvitaire', rules: VEGAS3, budget: {}, workers: 1, db, mostHome: true });
    expect(again.total).toBe(0);
    expect(again.skipped).toBe(seeds.length);
  });

  it('an unproved count is kept as bounds and re-run only with --retry-unknown', async () => {
    const small = join(dir, 'small.sqlite');
    const opts = { seeds: [3], family: 'solvitaire' as const, rules: VEGAS3, workers: 1, db: small, mostHome: true };
    await runBatch({ ...opts, budget: { maxNodes: 2000 } });
    const read = () => {
      const h = new Database(small, { readonly: true });
      const r = h.prepare('SELECT verdict, most_home, most_home_bound, most_home_proved, stop_reason FROM results').get();
      h.close();
      return r as Record<string, unknown>;
    };
    expect(read()).toMatchObject({ verdict: 'unknown', most_home_bound: 52, most_home_proved: 0, stop_reason: 'nodes' });
    expect((await runBatch({ ...opts, budget: { maxNodes: 2000 } })).total).toBe(0);
    await runBatch({ ...opts, budget: { maxNodes: 2_000_000 }, retryUnknown: true });
    expect(read()).toMatchObject({ verdict: 'unwinnable', most_home: 12, most_home_bound: 12, most_home_proved: 1, stop_reason: null });
  });

  it('stats, export and report show the most cards home', async () => {
    const small = join(dir, 'cli.sqlite');
    const b = await runCli([
      'batch',
      '--most-home',
      '--seeds',
      '1-4',
      '--draw',
      '3',
      '--vegas',
      '--db',
      small,
      '--workers',
      '1',
      '--quiet',
    ]);
    expect(b.code).toBe(0);
    const st = await runInProcess(['stats', '--db', small]);
    // seeds 1–4: 7, 52, 12, 8
    expect(st.stdout).toContain('  most home  4 of 4 deals proved (3 lost): mean 19.75 cards');
    expect(st.stdout).toContain('  vegas      46.75 $ a game at $1 a card with every card known');
    const js = JSON.parse((await runInProcess(['stats', '--db', small, '--format', 'json'])).stdout);
    expect(js[0].mostHome).toMatchObject({ deals: 4, proved: 4, mean: 19.75, vegasMean: 46.75 });
    expect(js[0].mostHome.counts[12]).toBe(1);
    const ex = (await runInProcess(['export', '--db', small])).stdout.split('\n');
    const head = ex[0].split(',');
    const at = head.indexOf('mostHome');
    expect(ex.slice(1, 5).map((l) => l.split(',')[at])).toEqual(['7', '52', '12', '8']);
    const out = join(dir, 'r.html');
    expect((await runInProcess(['report', '--db', small, '--out', out])).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<h2>Most cards home</h2>');
    expect(html).toContain('<td>19.75 (');
  });
});
