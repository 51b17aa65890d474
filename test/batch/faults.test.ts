// runBatch when writing fails: a database another program keeps locked (waited for, then given
// up cleanly), a full disk (a small tmpfs, where the machine lets us mount one), a huge seed list.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { BatchOptions } from '../../src/batch/request.ts';
import { runBatch } from '../../src/batch/run.ts';
import { parseSeedList } from '../../src/batch/seeds.ts';
import { bySize, heavyTests } from '../support/slow.ts';

// each test runs batches of tens to hundreds of deals: minutes on a busy machine
heavyTests();

const dir = mkdtempSync(join(tmpdir(), 'klondike-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.KLONDIKE_TEST_FAULT;
});
let n = 0;
const tmp = (name = 'db.sqlite') => join(dir, `${n++}-${name}`);
const seq = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

function stored(db: string): { seeds: number[]; lock: string | undefined; integrity: string } {
  const d = new Database(db, { readonly: true });
  try {
    return {
      seeds: d.prepare('SELECT seed FROM results ORDER BY seed').pluck().all() as number[],
      lock: d.prepare("SELECT value FROM meta WHERE key = 'lock'").pluck().get() as string | undefined,
      integrity: String(d.pragma('integrity_check', { simple: true })),
    };
  } finally {
    d.close();
  }
}

const opts = (db: string, extra: Partial<BatchOptions> = {}): BatchOptions => ({
  seeds: seq(1, 12),
  family: 'solvitaire',
  rules: { draw: 3, passes: null, foundationReturn: true },
  budget: { maxNodes: 500 },
  workers: 2,
  db,
  flushEvery: 1,
  busyTimeoutMs: 50,
  ...extra,
});

describe('a database another program keeps locked mid-run', () => {
  it('is waited for: every deal is stored once the lock goes', async () => {
    const db = tmp();
    process.env.KLONDIKE_TEST_FAULT = '*:sleep60';
    let other: Database.Database | undefined;
    // the lock goes after 1.2 s; giving up waiting is for a lock that never goes
    const s = await runBatch(opts(db, { busyGiveUpMs: 600_000 }), {
      onProgress: (p) => {
        if (p.done === 2 && !other) {
          other = new Database(db);
          other.exec('BEGIN IMMEDIATE');
          setTimeout(() => {
            other!.exec('COMMIT');
            other!.close();
          }, 1200);
        }
      },
    });
    expect(other).toBeDefined();
    expect(s).toMatchObject({ done: 12, stored: 12, interrupted: false });
    expect(s.failure).toBeUndefined();
    expect(stored(db)).toEqual({ seeds: seq(1, 12), lock: undefined, integrity: 'ok' });
  });

  it('past the give-up time stops cleanly: committed rows kept, one-line reason, and a rerun completes', async () => {
    const db = tmp();
    process.env.KLONDIKE_TEST_FAULT = '*:sleep60';
    let other: Database.Database | undefined;
    let before = 0;
    const s = await runBatch(opts(db, { seeds: seq(1, 40), busyGiveUpMs: 300 }), {
      onProgress: (p) => {
        if (p.done === 3 && !other) {
          before = p.done;
          other = new Database(db);
          other.exec('BEGIN IMMEDIATE');
        }
      },
    });
    other!.exec('COMMIT');
    other!.close();
    expect(s.failure).toMatch(
      /^database .* is busy: another program holds its write lock; stopped, \d+ deals stored, \d+ finished ones not saved$/,
    );
    expect(s.interrupted).toBe(true);
    expect(s.done).toBeLessThan(40);
    const after = stored(db);
    expect(after.seeds).toHaveLength(s.stored);
    expect(s.stored).toBeGreaterThanOrEqual(before - 1);
    expect(after.integrity).toBe('ok');
    delete process.env.KLONDIKE_TEST_FAULT;
    const again = await runBatch(opts(db, { seeds: seq(1, 40) }));
    expect(again).toMatchObject({ skipped: s.stored, done: 40 - s.stored, interrupted: false });
    expect(stored(db)).toEqual({ seeds: seq(1, 40), lock: undefined, integrity: 'ok' });
  });
});

describe('a full disk', () => {
  let mount = '';
  if (process.getuid?.() === 0) {
    try {
      mount = join(dir, 'small');
      mkdirSync(mount);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      mount = '';
    }
  }
  afterAll(() => {
    if (mount) execFileSync('umount', [mount], { stdio: 'ignore' });
  });

  it.skipIf(!mount)('stops cleanly with the committed rows intact, and the rerun completes once there is room', async () => {
    const db = join(mount, 'r.sqlite');
    const first = await runBatch(opts(db, { seeds: [1, 2] }));
    expect(first.stored).toBe(2);
    const { bavail, bsize } = statfsSync(mount);
    const filler = join(mount, 'filler');
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 48 * 1024)));
    // the disk is full within the first few commits: 100 deals (400 with SLOW=1) are plenty
    const N = bySize(100, 400);
    const s = await runBatch(opts(db, { seeds: seq(1, N), budget: { maxNodes: 300 }, flushEvery: 5 }));
    expect(s.failure).toMatch(/^cannot write database .*: the disk is full; stopped, \d+ deals stored/);
    expect(s.done).toBeLessThan(N - 2);
    rmSync(filler);
    const kept = stored(db);
    expect(kept.integrity).toBe('ok');
    expect(kept.seeds).toHaveLength(2 + s.stored);
    const again = await runBatch(opts(db, { seeds: seq(1, N), budget: { maxNodes: 300 }, flushEvery: 50 }));
    expect(again).toMatchObject({ skipped: kept.seeds.length, done: N - kept.seeds.length });
    expect(again.failure).toBeUndefined();
    expect(stored(db)).toMatchObject({ seeds: seq(1, N), lock: undefined, integrity: 'ok' });
  });
});

describe('a ten-million-seed list', () => {
  it('is counted against the database without expanding it', async () => {
    const db = tmp();
    const list = parseSeedList('1-10000000');
    if (!list.ok) throw new Error(list.error);
    const heap0 = process.memoryUsage().heapUsed;
    const ac = new AbortController();
    let total = 0;
    const s = await runBatch(opts(db, { seeds: list.value, signal: ac.signal }), {
      onProgress: (p) => {
        total = p.total;
        ac.abort();
      },
    });
    expect(total).toBe(10_000_000);
    expect(s.interrupted).toBe(true);
    expect(process.memoryUsage().heapUsed - heap0).toBeLessThan(100 * 2 ** 20);
  });
});
