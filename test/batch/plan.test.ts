/**
 * `planBatch`: a batch's options worked out once into the plan its run reads: the job, the budget
 * with BATCH_BUDGET's defaults, the memory of a thread, the shard and the write settings.
 */
import { describe, expect, it } from 'vitest';
import { planBatch } from '../../src/batch/plan.ts';
import { BATCH_BUDGET, type BatchOptions } from '../../src/batch/request.ts';
import { DEFAULT_SEARCH } from '../../src/hidden/policies.ts';

const base: BatchOptions = {
  seeds: [3, 1, 3],
  family: 'solvitaire',
  rules: { draw: 3, passes: null, foundationReturn: true },
  budget: { maxNodes: 5000 },
  workers: 2,
  db: 'unused.sqlite',
};

describe('planBatch', () => {
  it('fills in the defaults: the budget from BATCH_BUDGET, the whole list, the write settings', () => {
    const r = planBatch(base);
    if (!r.ok) throw new Error(r.error);
    expect(r.value).toMatchObject({
      job: { kind: 'verdict' },
      budget: { ...BATCH_BUDGET, maxNodes: 5000 },
      memoryMb: BATCH_BUDGET.maxMemoryMb,
      shard: { index: 1, count: 1 },
      retry: false,
      flushEvery: 50,
      flushMs: 1000,
      busyGiveUpMs: 60_000,
    });
    // repeats dropped, the first kept
    expect(r.value.seeds).toEqual({
      ranges: [
        { from: 3n, to: 3n },
        { from: 1n, to: 1n },
      ],
      count: 2n,
    });
  });

  it.each([
    [{ mostHome: true }, { kind: 'most-home' }],
    [{ shortest: 'ksolve' as const }, { kind: 'shortest', count: 'ksolve' }],
    [
      { player: { policy: 'priority' as const, stock: 'hidden' as const } },
      { kind: 'play', player: { policy: 'priority', stock: 'hidden' } },
    ],
  ])('gives each batch one job (%o)', (extra, job) => {
    const r = planBatch({ ...base, ...extra });
    expect(r.ok && r.value.job).toEqual(job);
  });

  it("reserves a search player's table memory, not the solver budget's", () => {
    const player = { policy: 'search' as const, stock: 'hidden' as const };
    const r = planBatch({ ...base, budget: { maxMemoryMb: 16 }, player });
    expect(r.ok && r.value.memoryMb).toBe(DEFAULT_SEARCH.maxMemoryMb);
    const own = planBatch({ ...base, player: { ...player, options: { maxMemoryMb: 32 } } });
    expect(own.ok && own.value.memoryMb).toBe(32);
  });

  it('refuses what validateBatchOptions refuses, with its line', () => {
    expect(planBatch({ ...base, mostHome: true, shortest: 'atomic' })).toEqual({
      ok: false,
      error: '--shortest and --most-home do not go together: give one',
    });
  });
});
