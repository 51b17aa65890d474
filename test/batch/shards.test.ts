// Batches beyond one process, on existing engines: shards under GNU parallel (plain and in the
// `--sshlogin` form of docs/batch.md, on the local machine), the Slurm array script run task by
// task with the variables Slurm would set, and scripts/study.sh resuming on shard databases of
// schema version 1. Each time the merged database must equal a single run row for row, in every
// column that does not depend on timing.
import { type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESULTS, SCHEMA_VERSION } from '../../src/store/schema.ts';
import { HEAVY_MS } from '../support/slow.ts';

// Every test runs scripts that start the binary several times: minutes on a busy machine.
vi.setConfig({ testTimeout: HEAVY_MS, hookTimeout: HEAVY_MS });

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(REPO, 'bin', 'klondike');
const dir = mkdtempSync(join(tmpdir(), 'klondike-shards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SEEDS = '1-24';
// The budget of scripts/study.sh's shard batches, with far fewer nodes: one single run serves every test.
const BUDGET = ['--max-nodes', '5000', '--max-memory', '2048', '--timeout', '3600'];

const HAVE_PARALLEL = (() => {
  const r = spawnSync('parallel', ['--version'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('GNU parallel');
})();
const NO_PARALLEL =
  'GNU parallel is not installed, so the shard tests are skipped: install it (Debian, Ubuntu: `apt-get install parallel`; ' +
  'Fedora: `dnf install parallel`; macOS: `brew install parallel`) and run the tests again';
if (!HAVE_PARALLEL) console.warn(`klondike tests: ${NO_PARALLEL}`);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}
function sh(cmd: string, args: string[], opts: SpawnOptions = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, env: { ...process.env, NO_COLOR: '1', ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
const klondike = (args: string[], opts: SpawnOptions = {}) => sh(process.execPath, [BIN, ...args], opts);

/** Columns that do not depend on timing: everything but `ms` and `solved_at`; the rule set by its values. */
const COLUMNS = RESULTS.columns.map((c) => c.name).filter((n) => !['ms', 'solved_at', 'rule_set'].includes(n));

/** The rows of a results database in the timing-free columns, exactly, in (family, seed, rules) order. */
function rowsOf(db: string): Record<string, unknown>[] {
  const d = new Database(db, { readonly: true });
  try {
    return d
      .prepare(
        `SELECT ${COLUMNS.map((c) => `r.${c}`).join(', ')}, s.draw, s.passes, s.foundation_return FROM results r ` +
          'JOIN rule_sets s ON s.id = r.rule_set ORDER BY r.family, length(r.seed), r.seed, s.draw, s.passes, s.foundation_return',
      )
      .safeIntegers(true)
      .all() as Record<string, unknown>[];
  } finally {
    d.close();
  }
}
const seedsIn = (db: string) => rowsOf(db).map((r) => Number(r.seed));
const positions = (index: number, count: number, total = 24) =>
  Array.from({ length: total }, (_, k) => k + 1).filter((s) => (s - 1) % count === index - 1);

// The single run every sharded run is compared with.
const single = join(dir, 'single.sqlite');
let reference: Record<string, unknown>[] = [];
beforeAll(async () => {
  const r = await klondike(['batch', '--seeds', SEEDS, ...BUDGET, '--workers', '2', '--quiet', '--db', single]);
  expect(r.code, r.stderr).toBe(0);
  reference = rowsOf(single);
  expect(reference).toHaveLength(24);
  expect(reference.every((x) => x.max_nodes === 5000n && x.max_memory_mb === 2048n && x.timeout_ms === 3_600_000n)).toBe(true);
  // The comparison covers every kind of verdict the budget gives.
  expect(new Set(reference.map((x) => x.verdict))).toEqual(new Set(['winnable', 'unwinnable', 'unknown']));
});

describe.skipIf(!HAVE_PARALLEL)('shards under GNU parallel', () => {
  it('3 shards run by parallel, then merged, equal the single run row for row', async () => {
    const d = join(dir, 'parallel');
    mkdirSync(d);
    const p = await sh(
      'parallel',
      ['--halt', 'now,fail=1', '-j', '2', process.execPath, BIN, 'batch', '--seeds', SEEDS, ...BUDGET].concat([
        '--shard',
        '{}/3',
        '--workers',
        '1',
        '--quiet',
        '--db',
        join(d, 'shard-{}.sqlite'),
        ':::',
        '1',
        '2',
        '3',
      ]),
      { cwd: d },
    );
    expect(p.code, p.stderr).toBe(0);
    // Each shard holds its own positions of the list, and only those.
    for (const i of [1, 2, 3]) expect(seedsIn(join(d, `shard-${i}.sqlite`))).toEqual(positions(i, 3));
    const m = await klondike(['merge', ...[1, 2, 3].map((i) => join(d, `shard-${i}.sqlite`)), '-o', join(d, 'all.sqlite')]);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).toMatch(/24 rows read → .*: 24 rows \(0 duplicates dropped, 0 replaced by better rows, 0 conflicts\)/);
    expect(rowsOf(join(d, 'all.sqlite'))).toEqual(reference);
  });

  it("the --sshlogin recipe of docs/batch.md, with ':' (this machine, no ssh) as the host list", async () => {
    // A stand-in for the checkout on each host: its bin/ is the repository's.
    const home = join(dir, 'checkout');
    mkdirSync(home);
    symlinkSync(join(REPO, 'bin'), join(home, 'bin'));
    const docs = readFileSync(join(REPO, 'docs', 'batch.md'), 'utf8');
    const recipe = 'parallel --sshlogin 8/host1,8/host2 --workdir . --return runs/shard-{}.sqlite';
    expect(docs).toContain(recipe);
    expect(docs).toContain(
      './bin/klondike batch --seeds 1-100000 --shard {}/16 --workers 1 --quiet --db runs/shard-{}.sqlite ::: $(seq 16)',
    );
    const line =
      `parallel --sshlogin 2/: --workdir . --return runs/shard-{}.sqlite ./bin/klondike batch --seeds ${SEEDS} ${BUDGET.join(' ')} ` +
      '--shard {}/3 --workers 1 --quiet --db runs/shard-{}.sqlite ::: $(seq 3) && ./bin/klondike merge runs/shard-*.sqlite -o runs/all.sqlite';
    const r = await sh('bash', ['-c', line], { cwd: home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^merge: 3 inputs, 24 rows read/m);
    expect(rowsOf(join(home, 'runs', 'all.sqlite'))).toEqual(reference);
  });
});
if (!HAVE_PARALLEL) it.skip(NO_PARALLEL, () => {});

describe('the Slurm array script, run with the variables Slurm sets', () => {
  const runs = join(dir, 'slurm-runs');
  // slurmd runs a copy of the script from its spool directory, in the job's working directory.
  const spool = join(dir, 'spool');
  const script = join(spool, 'slurm_script');
  beforeAll(() => {
    mkdirSync(spool);
    copyFileSync(join(REPO, 'scripts', 'slurm-batch.sh'), script);
    chmodSync(script, 0o755);
  });
  const task = (id: number, env: Record<string, string> = {}, args = ['--seeds', SEEDS, ...BUDGET]) =>
    sh(script, args, {
      cwd: REPO,
      env: {
        RUNS: runs,
        SLURM_ARRAY_JOB_ID: '77',
        SLURM_ARRAY_TASK_ID: String(id),
        SLURM_ARRAY_TASK_COUNT: '3',
        SLURM_ARRAY_TASK_MIN: '0',
        SLURM_ARRAY_TASK_MAX: '2',
        SLURM_CPUS_PER_TASK: '1',
        ...env,
      },
    });

  it('has every #SBATCH directive before the first command (sbatch reads no further)', () => {
    const lines = readFileSync(script, 'utf8').split('\n').slice(1);
    const firstCommand = lines.findIndex((l) => l.trim() !== '' && !l.startsWith('#'));
    const directives = lines.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith('#SBATCH'));
    expect(directives.map(([l]) => l)).toContain('#SBATCH --array=1-32');
    expect(directives.every(([, i]) => i < firstCommand)).toBe(true);
  });

  it('array tasks 0-2 (one of them on node-local scratch), then the merge step, equal the single run; a rerun resumes', async () => {
    const scratch = join(dir, 'scratch');
    mkdirSync(scratch);
    const results = await Promise.all([task(0), task(1, { LOCAL: scratch }), task(2)]);
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    for (const i of [1, 2, 3]) expect(seedsIn(join(runs, `shard-${i}.sqlite`))).toEqual(positions(i, 3));
    // The scratch copy went back to RUNS, whole: no temporary or journal files are left there.
    expect(existsSync(join(runs, 'shard-2.sqlite.part'))).toBe(false);
    expect(existsSync(join(runs, 'shard-2.sqlite-wal'))).toBe(false);
    const m = await sh(script, ['merge'], { cwd: REPO, env: { RUNS: runs } });
    expect(m.code, m.stderr).toBe(0);
    expect(rowsOf(join(runs, 'all.sqlite'))).toEqual(reference);
    // A requeued task finds its shard done.
    const again = await task(1, { LOCAL: scratch });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^batch: 0 deals solved .*, 8 already stored/);
  });

  it('a task stopped by SIGTERM (the time limit, a preemption) on node-local scratch keeps its finished deals; requeued, it finishes', async () => {
    const runs2 = join(dir, 'slurm-stopped');
    const scratch = join(dir, 'scratch-stopped');
    mkdirSync(scratch);
    const env = { RUNS: runs2, LOCAL: scratch, SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_COUNT: '3', SLURM_ARRAY_TASK_MIN: '0' };
    // Shard 1 holds seeds 1, 4, 7, 10, …; the worker hangs on seed 10.
    const child = spawn(script, ['--seeds', SEEDS, ...BUDGET], {
      cwd: REPO,
      env: { ...process.env, ...env, SLURM_CPUS_PER_TASK: '1', KLONDIKE_TEST_FAULT: '10:hang' },
      stdio: 'ignore',
      detached: true, // its own process group, which Slurm signals as a whole
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const work = join(scratch, 'klondike-shard-1.sqlite');
    const stored = () => {
      if (!existsSync(work)) return 0;
      try {
        const d = new Database(work, { readonly: true, fileMustExist: true });
        try {
          return (d.prepare('SELECT count(*) FROM results').pluck().get() as number) ?? 0;
        } finally {
          d.close();
        }
      } catch {
        return 0; // not created yet
      }
    };
    const t0 = Date.now();
    while (stored() < 3) {
      // only catches a task that never stores anything: on a busy machine it can take a while
      if (Date.now() - t0 > HEAVY_MS) throw new Error('the task stored nothing');
      await new Promise((r) => setTimeout(r, 100));
    }
    process.kill(-child.pid!, 'SIGTERM');
    expect(await exited).toBe(143);
    expect(seedsIn(join(runs2, 'shard-1.sqlite'))).toEqual([1, 4, 7]);
    expect(existsSync(join(runs2, 'shard-1.sqlite.part'))).toBe(false);
    const again = await sh(script, ['--seeds', SEEDS, ...BUDGET], { cwd: REPO, env: { ...env, SLURM_CPUS_PER_TASK: '1' } });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^batch: 5 deals solved .*, 3 already stored/);
    expect(rowsOf(join(runs2, 'shard-1.sqlite'))).toEqual(reference.filter((x) => positions(1, 3).includes(Number(x.seed))));
  });

  it('submit: the array with the batch options, then a merge job that waits for it (sbatch stubbed)', async () => {
    const fake = join(dir, 'fakebin');
    mkdirSync(fake);
    const log = join(dir, 'sbatch.log');
    writeFileSync(
      join(fake, 'sbatch'),
      `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done >> '${log}'\necho --- >> '${log}'\necho '4242;cluster'\n`,
    );
    chmodSync(join(fake, 'sbatch'), 0o755);
    const r = await sh(join(REPO, 'scripts', 'slurm-batch.sh'), ['submit', '--seeds', '1-1000000', '--draw', '3'], {
      cwd: dir,
      env: { PATH: `${fake}:${process.env.PATH}`, SHARDS: '16' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('submitted job array 4242 and merge job 4242 (it starts when every task has succeeded)\n');
    const calls = readFileSync(log, 'utf8')
      .split('---\n')
      .filter(Boolean)
      .map((c) => c.trimEnd().split('\n'));
    const repo = REPO.replace(/\/$/, '');
    expect(calls).toEqual([
      ['--parsable', `--chdir=${repo}`, '--array=1-16', `${repo}/scripts/slurm-batch.sh`, '--seeds', '1-1000000', '--draw', '3'],
      ['--parsable', `--chdir=${repo}`, '--dependency=afterok:4242', '--job-name=klondike-merge', '--wrap=scripts/slurm-batch.sh merge'],
    ]);
  });

  it.each([
    ['options the script sets', ['--seeds', '1-9', '--db', 'x.sqlite'], {}, /the script sets --db itself/],
    ['an array with steps', ['--seeds', '1-9'], { SLURM_ARRAY_TASK_MAX: '4' }, /one range without steps/],
    ['no batch options', [], {}, /give the batch options/],
    ['not in an array task', ['--seeds', '1-9'], { SLURM_ARRAY_TASK_ID: '' }, /not a job array task/],
  ])('refuses %s with one line and exit 2', async (_name, args, env, re) => {
    const r = await task(0, env, args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^slurm-batch.sh: [^\\n]*${re.source}[^\\n]*\\n$`));
  });
});

describe.skipIf(!HAVE_PARALLEL)('scripts/study.sh', () => {
  it('resumes on shard databases of schema version 1, keeps their rows, and merges to the single run', async () => {
    const study = join(dir, 'study');
    mkdirSync(study);
    // Shards 1 and 2 of 3 as the previous version left them mid-run: the schema of version 1, the
    // first half of their deals solved (rows stamped 2020 to tell them apart), shard 1 in WAL mode.
    const v1 = readFileSync(join(REPO, 'test', 'fixtures', 'v1-results.sql'), 'utf8');
    const schema = v1.slice(0, v1.indexOf('INSERT INTO results')) + 'COMMIT;';
    const v1Columns = COLUMNS.filter((c) => !['stop_reason', 'most_home', 'most_home_bound', 'most_home_proved'].includes(c));
    const kept: number[] = [];
    for (const i of [1, 2]) {
      const d = new Database(join(study, `d3-${i}.sqlite`));
      d.exec(schema); // rule set 1 is draw 3, unlimited passes, foundation returns
      if (i === 1) d.pragma('journal_mode = WAL');
      const insert = d.prepare(
        `INSERT INTO results (${v1Columns.join(', ')}, rule_set, ms, solved_at) VALUES (${v1Columns.map(() => '?').join(', ')}, 1, 1, '2020-01-01T00:00:00.000Z')`,
      );
      const mine = positions(i, 3).slice(0, 4);
      for (const row of reference.filter((x) => mine.includes(Number(x.seed)) && x.verdict !== 'unknown')) {
        insert.run(...v1Columns.map((c) => row[c] as never));
        kept.push(Number(row.seed));
      }
      d.close();
    }
    expect(kept.length).toBeGreaterThan(3);
    const out = join(dir, 'study.csv.gz');
    const r = await sh(join(REPO, 'scripts', 'study.sh'), [study], {
      // PACK empty: no packed files (a budget this small leaves deals unknown, which packing refuses).
      env: { BIG: SEEDS, ONLY: 'd3', SHARDS: '3', JOBS: '2', NODES: '5000', RETRY: '5000', OUT: out, PACK: '' },
    });
    expect(r.code, r.stderr).toBe(0);
    const all = join(study, 'study.sqlite');
    expect(rowsOf(all)).toEqual(reference);
    // The version-1 rows were kept, not solved again; the shards now have the current version.
    const d = new Database(all, { readonly: true });
    const old = d.prepare("SELECT seed FROM results WHERE solved_at LIKE '2020-%' ORDER BY seed").pluck().all();
    d.close();
    expect(old).toEqual([...kept].sort((a, b) => a - b));
    for (const i of [1, 2]) {
      const s = new Database(join(study, `d3-${i}.sqlite`), { readonly: true });
      expect(s.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(String(SCHEMA_VERSION));
      s.close();
    }
    const csv = spawnSync('gzip', ['-dc', out], { encoding: 'utf8' }).stdout.trimEnd().split('\n');
    expect(csv).toHaveLength(25);
    expect(csv.slice(1).map((l) => Number(l.split(',')[1]))).toEqual(Array.from({ length: 24 }, (_, k) => k + 1));
  });

  it('never writes its packed file over one of more deals: it stops, the file kept, the new one left beside', async () => {
    const study = join(dir, 'study');
    // A packed file of 100,000 deals where the 24 deals of this run would be published.
    const pack = join(dir, 'published');
    copyFileSync(join(REPO, 'data', 'study-d3.verdicts'), `${pack}-d3.verdicts`);
    const before = readFileSync(`${pack}-d3.verdicts`);
    const r = await sh(join(REPO, 'scripts', 'study.sh'), [study], {
      env: {
        BIG: SEEDS,
        ONLY: 'd3',
        SHARDS: '3',
        JOBS: '2',
        NODES: '5000',
        RETRY: '100000000',
        OUT: join(dir, 'again.csv.gz'),
        PACK: pack,
      },
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      `study.sh: ${study}/d3-packed.verdicts holds 24 deals, fewer than the 100000 of ${pack}-d3.verdicts: not written over it`,
    );
    expect(readFileSync(`${pack}-d3.verdicts`)).toEqual(before);
    expect(existsSync(join(study, 'd3-packed.verdicts'))).toBe(true);
  });
});
