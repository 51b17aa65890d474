// The real binary: `klondike batch` and `klondike merge` as users run them. Bad input, a crashing
// worker, Ctrl-C, kill -9 then resume (verdicts compared with an uninterrupted run), shards + merge.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOLVER_VERSION } from '../../src/batch/record.ts';
import { EMPTY_RESULT_EXTRAS } from '../../src/store/rows.ts';
import { openStore } from '../../src/store/writer.ts';
import { runInProcess } from '../support/cli-run.ts';
import { HEAVY_MS } from '../support/slow.ts';

const BIN = fileURLToPath(new URL('../../bin/klondike', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'klondike-batch-cli-'));
let n = 0;
const tmp = (name = 'db.sqlite') => join(dir, `${n++}-${name}`);
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function start(args: string[], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<Run>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}
const run = (args: string[], env: Record<string, string> = {}) => start(args, env).done;

type Row = {
  seed: number;
  verdict: string;
  nodes: number;
  solution_length: number | null;
  moves: string | null;
  error: string | null;
  solved_at: string;
};
function rows(db: string): Row[] {
  if (!existsSync(db)) return [];
  const d = new Database(db, { readonly: true, timeout: 5000 });
  try {
    if (!d.prepare("SELECT 1 FROM sqlite_master WHERE name = 'results'").get()) return [];
    return d
      .prepare(
        'SELECT CAST(seed AS INTEGER) AS seed, verdict, nodes, solution_length, moves, error, solved_at FROM results ORDER BY length(seed), seed',
      )
      .all() as Row[];
  } finally {
    d.close();
  }
}
function check(db: string): { integrity: string; lock: unknown } {
  const d = new Database(db, { readonly: true });
  try {
    return {
      integrity: d.pragma('integrity_check', { simple: true }) as string,
      lock: (d.prepare("SELECT value FROM meta WHERE key = 'lock'").get() as { value: string } | undefined)?.value,
    };
  } finally {
    d.close();
  }
}
/** Waits for a spawned batch to get somewhere; the limit only catches one that never does. */
async function waitFor(cond: () => boolean, ms = HEAVY_MS): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const verdicts = (rs: Row[]) => rs.map((r) => [r.seed, r.verdict, r.solution_length]);
const seq = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const BUDGET = ['--max-nodes', '3000'];

describe('bad input: one line on stderr, exit 2, nothing stored changed', () => {
  let good = '';
  let goodSha = '';
  const notSqlite = join(dir, 'notes.txt');
  const otherSchema = join(dir, 'other.sqlite');
  const locked = join(dir, 'locked.sqlite');
  beforeAll(() => {
    good = join(dir, 'good.sqlite');
    for (const [f, lock] of [
      [good, false],
      [locked, true],
    ] as const) {
      const s = openStore(f);
      if (!s.ok) throw new Error(s.error);
      const id = s.value.ruleSetId({ draw: 3, passes: null, foundationReturn: true });
      s.value.putResults([
        {
          ...EMPTY_RESULT_EXTRAS,
          seed: 1n,
          verdict: 'winnable',
          nodes: 5,
          ms: 1,
          solutionLength: 1,
          moves: 'SW',
          error: null,
          family: 'solvitaire',
          ruleSet: id,
          maxNodes: null,
          timeoutMs: null,
          maxMemoryMb: null,
          solverVersion: SOLVER_VERSION,
          solvedAt: '2025-01-01T00:00:00Z',
        },
      ]);
      s.value.close();
      if (lock) {
        const d = new Database(f);
        d.prepare("INSERT INTO meta VALUES ('lock', ?)").run(`${process.ppid}@${hostname()}`); // a live process holds it
        d.close();
      }
    }
    goodSha = sha(good);
    writeFileSync(notSqlite, 'not a database\n'.repeat(50));
    const d = new Database(otherSchema);
    d.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    d.close();
  });

  // Every case runs in-process through the CLI's main(); the ones marked `bin` also through the
  // real binary (each spawn costs about a second, so not all of them).
  const cases: [string, () => string[], RegExp, 'bin'?][] = [
    ['reversed range', () => ['batch', '--seeds', '5-1', '--db', good], /malformed seed range "5-1"/, 'bin'],
    ['junk seed', () => ['batch', '--seeds', '1-10,x', '--db', good], /malformed seed "x"/],
    ['no seeds', () => ['batch', '--db', good], /no seeds/],
    ['both seed sources', () => ['batch', '--seeds', '1', '--seeds-file', notSqlite, '--db', good], /either --seeds or --seeds-file/],
    [
      'missing seeds file',
      () => ['batch', '--seeds-file', join(dir, 'nope.txt'), '--db', good],
      /cannot read seeds file .*nope\.txt: no such file/,
    ],
    ['bad seeds file', () => ['batch', '--seeds-file', notSqlite, '--db', good], /malformed seed "not" in .*notes\.txt/],
    ['shard out of range', () => ['batch', '--seeds', '1-10', '--shard', '3/2', '--db', good], /bad shard 3\/2/],
    ['malformed shard', () => ['batch', '--seeds', '1-10', '--shard', 'half', '--db', good], /malformed shard/],
    ['zero workers', () => ['batch', '--seeds', '1-10', '--workers', '0', '--db', good], /workers must be/],
    ['negative nodes', () => ['batch', '--seeds', '1-10', '--max-nodes=-5', '--db', good], /max-nodes must be/],
    ['zero timeout', () => ['batch', '--seeds', '1-10', '--timeout', '0', '--db', good], /timeout must be/],
    ['memory not a number', () => ['batch', '--seeds', '1-10', '--max-memory', 'lots', '--db', good], /max-memory must be/],
    ['draw 0', () => ['batch', '--seeds', '1-10', '--draw', '0', '--db', good], /draw must be/],
    ['passes nonsense', () => ['batch', '--seeds', '1-10', '--passes', 'some', '--db', good], /passes must be/],
    [
      '--count without --shortest',
      () => ['batch', '--seeds', '1-3', '--count', 'ksolve', '--db', good],
      /--count applies to --shortest only/,
    ],
    ['unknown family', () => ['batch', '--seeds', '1-10', '--family', 'nope', '--db', good], /unknown seed family/],
    ['seed outside family', () => ['batch', '--seeds', '3000000000', '--family', 'klondike-solver', '--db', good], /klondike-solver/],
    ['not SQLite', () => ['batch', '--seeds', '1-3', '--db', notSqlite], /is not an SQLite database/, 'bin'],
    ['another schema', () => ['batch', '--seeds', '1-3', '--db', otherSchema], /another schema/],
    ['locked by a running batch', () => ['batch', '--seeds', '1-3', '--db', locked], /in use by another batch \(pid \d+/, 'bin'],
    ['unwritable path', () => ['batch', '--seeds', '1-3', '--db', join(notSqlite, 'r.sqlite')], /cannot create the directory/],
    ['merge without -o', () => ['merge', good], /required option/],
    ['merge into an input', () => ['merge', good, '-o', good], /also an input/],
    ['merge a non-database', () => ['merge', good, notSqlite, '-o', join(dir, 'm.sqlite')], /is not an SQLite database/],
  ];
  const expectBadInput = (r: Run, re: RegExp) => {
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^(klondike|error): /);
    expect(lines[0]).toMatch(re);
  };
  const snapshot = () => [good, otherSchema, notSqlite, locked].map(sha).join() + existsSync(join(dir, 'm.sqlite'));
  it.each(cases)('%s', async (_name, args, re) => {
    const before = snapshot();
    expectBadInput(await runInProcess(args()), re);
    expect(snapshot()).toBe(before);
    expect(sha(good)).toBe(goodSha);
  });
  it('the same through the real binary', async () => {
    const before = snapshot();
    const bin = cases.filter((c) => c[3] === 'bin');
    const results = await Promise.all(bin.map(([, args]) => run(args())));
    for (const [i, [, , re]] of bin.entries()) expectBadInput(results[i], re);
    expect(snapshot()).toBe(before);
  });
});

describe('rule options', () => {
  it('map onto rule sets: unlimited passes is stored as 0', async () => {
    const db = tmp('rules.sqlite');
    for (const extra of [['--passes', 'unlimited'], ['--passes', '3', '--draw', '1', '--no-foundation-return'], []]) {
      const r = await runInProcess(['batch', '--seeds', '1-2', '--max-nodes', '100', '--workers', '1', '--db', db, '--quiet', ...extra]);
      expect(r.code, r.stderr).toBe(0);
    }
    const d = new Database(db, { readonly: true });
    const sets = d
      .prepare(
        'SELECT draw, passes, foundation_return AS fr, count(*) AS n FROM results JOIN rule_sets s ON s.id = rule_set GROUP BY rule_set ORDER BY draw',
      )
      .all();
    d.close();
    expect(sets).toEqual([
      { draw: 1, passes: 3, fr: 0, n: 2 },
      { draw: 3, passes: 0, fr: 1, n: 2 },
    ]);
  });
});

// each test runs the binary two or three times: minutes on a busy machine
describe('batch through the binary', { timeout: HEAVY_MS }, () => {
  // The uninterrupted reference run, shared by the resume and merge tests.
  let reference: Row[] = [];
  beforeAll(async () => {
    const db = tmp('reference.sqlite');
    const r = await run(['batch', '--seeds', '1-40', ...BUDGET, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^batch: 40 deals solved \(winnable \d+, unwinnable \d+, unknown \d+, errors 0\), 0 already stored/);
    reference = rows(db);
    expect(reference.map((x) => x.seed)).toEqual(seq(1, 40));
    // A budget that leaves some deals decided and some not keeps the comparison meaningful.
    expect(reference.some((x) => x.verdict === 'winnable')).toBe(true);
  }, HEAVY_MS);

  it('resumes after kill -9: every deal exactly once, verdicts equal to the uninterrupted run', async () => {
    const db = tmp('killed.sqlite');
    const { child, done } = start(['batch', '--seeds', '1-40', ...BUDGET, '--db', db], { KLONDIKE_TEST_FAULT: '*:sleep150' });
    await waitFor(() => rows(db).length > 0);
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal).toBe('SIGKILL');
    const partial = rows(db);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(40);
    expect(check(db).integrity).toBe('ok');
    expect(check(db).lock).toMatch(/^\d+@/); // left behind by the killed process …

    const again = await run(['batch', '--seeds', '1-40', ...BUDGET, '--db', db]); // … and taken over
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`${40 - partial.length} deals solved`);
    expect(again.stdout).toContain(`${partial.length} already stored`);
    const all = rows(db);
    expect(all.map((x) => x.seed)).toEqual(seq(1, 40));
    for (const p of partial) expect(all.find((x) => x.seed === p.seed)).toEqual(p); // not solved twice
    expect(verdicts(all)).toEqual(verdicts(reference));
    expect(check(db)).toEqual({ integrity: 'ok', lock: undefined });
  });

  it('stops on Ctrl-C (130) and SIGTERM (143), keeps finished deals, and the rerun completes', async () => {
    const db = tmp('sigint.sqlite');
    const { child, done } = start(['batch', '--seeds', '1-40', ...BUDGET, '--db', db], { KLONDIKE_TEST_FAULT: '*:sleep150' });
    await waitFor(() => rows(db).length > 0);
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('SIGINT: stopping');
    expect(r.stdout).toMatch(/^batch interrupted: (\d+) of 40 deals solved .*run the same command again to resume\n$/);
    const solved = Number(/interrupted: (\d+)/.exec(r.stdout)![1]);
    const kept = rows(db);
    expect(kept.length).toBe(solved);
    expect(kept.length).toBeLessThan(40);
    expect(check(db)).toEqual({ integrity: 'ok', lock: undefined });
    // SIGTERM likewise, exit 143.
    const term = start(['batch', '--seeds', '1-40', ...BUDGET, '--db', db], { KLONDIKE_TEST_FAULT: '*:sleep150' });
    await waitFor(() => rows(db).length > kept.length);
    term.child.kill('SIGTERM');
    const t = await term.done;
    expect(t.code).toBe(143);
    expect(t.stdout).toMatch(/^batch interrupted: /);
    expect(check(db)).toEqual({ integrity: 'ok', lock: undefined });
    const again = await run(['batch', '--seeds', '1-40', ...BUDGET, '--db', db, '--quiet']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('');
    expect(verdicts(rows(db))).toEqual(verdicts(reference));
  });

  it('records a throwing deal and a crashing worker as errors and finishes the batch', async () => {
    const db = tmp('faults.sqlite');
    const r = await run(['batch', '--seeds', '1-8', ...BUDGET, '--db', db], { KLONDIKE_TEST_FAULT: '2:throw,6:crash' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^batch: 8 deals solved \(.*errors 2\)/);
    const got = rows(db);
    expect(got.map((x) => x.seed)).toEqual(seq(1, 8));
    expect(got[1]).toMatchObject({ verdict: 'error', error: 'solver threw: test fault: deal 2 throws' });
    expect(got[5]).toMatchObject({ verdict: 'error', error: 'worker died: worker exited with code: 3; worker replaced' });
    const others = got.filter((x) => x.seed !== 2 && x.seed !== 6);
    expect(verdicts(others)).toEqual(verdicts(reference.filter((x) => x.seed <= 8 && x.seed !== 2 && x.seed !== 6)));
    // Errors are kept on a plain rerun and solved again with --retry-unknown.
    const plain = await runInProcess(['batch', '--seeds', '1-8', ...BUDGET, '--db', db, '--quiet']);
    expect(plain.stdout).toMatch(/^batch: 0 deals solved .* 8 already stored/);
    const retry = await runInProcess(['batch', '--seeds', '1-8', ...BUDGET, '--db', db, '--quiet', '--retry-unknown']);
    expect(retry.code).toBe(0);
    expect(rows(db).filter((x) => x.verdict === 'error')).toEqual([]);
  });

  it('merges overlapping shards into the same results; conflicts are reported with exit 1', async () => {
    const [a, b, c] = [tmp('shard1.sqlite'), tmp('shard2.sqlite'), tmp('overlap.sqlite')];
    const runs = await Promise.all([
      run(['batch', '--seeds', '1-20', '--shard', '1/2', ...BUDGET, '--workers', '1', '--db', a, '--quiet']),
      run(['batch', '--seeds', '1-20', '--shard', '2/2', ...BUDGET, '--workers', '1', '--db', b, '--quiet']),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(rows(a).map((x) => x.seed)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
    expect(rows(b).map((x) => x.seed)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    // c overlaps both shards: seeds 1-6 copied from them.
    copyFileSync(a, c);
    const d = new Database(c);
    d.exec(`ATTACH '${b}' AS b; DELETE FROM results WHERE seed > 6;
            INSERT INTO results SELECT * FROM b.results WHERE seed <= 6; DETACH b`);
    d.close();
    const hashes = [a, b, c].map(sha);
    const out = tmp('all.sqlite');
    const m = await run(['merge', a, b, c, '-o', out]);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).toBe(
      `merge: 3 inputs, 26 rows read → ${out}: 20 rows (6 duplicates dropped, 0 replaced by better rows, 0 conflicts)\n`,
    );
    expect([a, b, c].map(sha)).toEqual(hashes);
    expect(verdicts(rows(out))).toEqual(verdicts(reference.filter((x) => x.seed <= 20)));

    // A decided verdict that disagrees: reported, the first one kept, exit 1.
    const bad = tmp('bad.sqlite');
    copyFileSync(a, bad);
    const e = new Database(bad);
    const flip = e.prepare("SELECT seed, verdict FROM results WHERE verdict IN ('winnable', 'unwinnable') LIMIT 1").get() as {
      seed: number;
      verdict: string;
    };
    const other = flip.verdict === 'winnable' ? 'unwinnable' : 'winnable';
    e.prepare('UPDATE results SET verdict = ?, moves = NULL, solution_length = NULL WHERE seed = ?').run(other, flip.seed);
    e.close();
    const out2 = tmp('all2.sqlite');
    const m2 = await runInProcess(['merge', a, bad, '-o', out2]);
    expect(m2.code).toBe(1);
    const why = flip.verdict === 'winnable' ? 'its solution replays' : "the winnable row's solution does not replay";
    expect(m2.stderr).toBe(
      `klondike: conflict: solvitaire seed ${flip.seed} (draw 3, unlimited passes): kept ${flip.verdict} (${why}), ${bad} says ${other}\n`,
    );
    expect(m2.stdout).toContain('1 conflicts');
  });
});
