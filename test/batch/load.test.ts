/**
 * Batch verdicts do not depend on how busy the machine is: the default budget is a node budget
 * (time only a far safety net), so the same command stores the same verdicts and node counts
 * with both cores taken by other processes as on a quiet machine; a time budget, the old way,
 * leaves the same deals unknown.
 *
 * Deals: Solvitaire 135 at draw 3, and with SLOW=1 also 219 and 469, winnable after
 * 295,000–592,000 nodes (a fraction of a second each on an idle core, well inside the node budget,
 * and far beyond a 50 ms time budget even idle). The spinning processes are this test's load, so
 * its deals are few: they keep both cores busy while it runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { BATCH_BUDGET } from '../../src/batch/request.ts';
import { BIN } from '../support/cli-run.ts';
import { HEAVY_MS, bySize } from '../support/slow.ts';

const dir = mkdtempSync(join(tmpdir(), 'klondike-load-'));
const spinners: ChildProcess[] = [];
afterAll(() => {
  for (const s of spinners) s.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const SEEDS = bySize([135], [135, 219, 469]);

function batch(db: string, extra: string[] = []): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'batch', '--seeds', SEEDS.join(','), '--workers', '2', '--quiet', '--db', db, ...extra], {
      stdio: 'ignore',
    });
    child.on('close', resolve);
  });
}

function rows(
  db: string,
): { seed: number; verdict: string; nodes: number; max_nodes: number; timeout_ms: number; stop_reason: string | null }[] {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare('SELECT seed, verdict, nodes, max_nodes, timeout_ms, stop_reason FROM results ORDER BY seed').all() as never;
  } finally {
    d.close();
  }
}

describe('machine-independent batch verdicts', { timeout: HEAVY_MS }, () => {
  it('the default budget stores the same verdicts under load as idle; a tight time budget does not decide them', async () => {
    expect(await batch(join(dir, 'idle.sqlite'))).toBe(0);
    // Two processes spinning: both cores busy while the same batch runs again.
    for (let k = 0; k < 2; k++) spinners.push(spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }));
    const [loaded, tight] = await Promise.all([batch(join(dir, 'loaded.sqlite')), batch(join(dir, 'tight.sqlite'), ['--timeout', '0.05'])]);
    for (const s of spinners) s.kill('SIGKILL');
    expect([loaded, tight]).toEqual([0, 0]);

    const idle = rows(join(dir, 'idle.sqlite'));
    expect(idle.map((r) => [r.seed, r.verdict])).toEqual(SEEDS.map((seed) => [seed, 'winnable']));
    for (const r of idle) {
      expect(r.nodes).toBeGreaterThan(250_000);
      expect(r.nodes).toBeLessThan(BATCH_BUDGET.maxNodes / 100);
      expect([r.max_nodes, r.timeout_ms, r.stop_reason]).toEqual([BATCH_BUDGET.maxNodes, BATCH_BUDGET.timeoutMs, null]);
    }
    expect(rows(join(dir, 'loaded.sqlite'))).toEqual(idle);
    for (const r of rows(join(dir, 'tight.sqlite'))) expect([r.verdict, r.stop_reason, r.timeout_ms]).toEqual(['unknown', 'time', 50]);
  });
});
