/**
 * Hostile use of every command: bad paths, writing over an input, corrupt, foreign and locked
 * databases, read-only and full disks (small tmpfs mounts, when the machine lets us mount them),
 * wrong JSON types, closed and full standard output, a signal in the first instants of a batch.
 * Each case: one line on stderr, the documented exit code, nothing stored changed.
 *
 * Most cases run the CLI's main() in this process (fast); the ones about the process itself
 * (stdout, signals, exit codes of the binary) spawn the real binary.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  statfsSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSolve } from '../../src/cli/solve.ts';
import { SCHEMA_VERSION } from '../../src/store/schema.ts';
import { writeSampleDb } from '../support/sample-db.ts';
import { BIN, runInProcess } from '../support/cli-run.ts';
import { cpuMsAsync } from '../support/cpu-time.ts';
import { HEAVY_MS, bySize } from '../support/slow.ts';
import { makeKnownDb } from '../support/stats-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'klondike-hostile-'));
const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts) execFileSync('umount', [m], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
});
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
const at = (name: string) => join(dir, name);

interface Run {
  code: number | null;
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Spawns the binary with the given stdio for fd 1. */
function spawnBin(args: string[], stdout: 'pipe' | number = 'pipe', cwd = dir): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', stdout, 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const done = new Promise<Run>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout: out, stderr: err })));
  return { child, done };
}

function expectOneLine(r: Run, code: number, re: RegExp): void {
  expect(r.code, r.stderr).toBe(code);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^klondike: |^error: /);
  expect(lines[0]).toMatch(re);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

/** A tmpfs of `size` at a new directory, or '' when mounting is not allowed here. */
function tmpfs(name: string, size: string): string {
  if (process.getuid?.() !== 0) return '';
  const m = at(name);
  mkdirSync(m);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', m], { stdio: 'ignore' });
  } catch {
    return '';
  }
  mounts.push(m);
  return m;
}

let good = '';
let corrupt = '';
let foreign = '';
let locked = '';
let solution = '';
beforeAll(() => {
  good = at('good.sqlite');
  makeKnownDb(good);
  corrupt = at('corrupt.sqlite');
  writeSampleDb(corrupt, 1500);
  const fd = openSync(corrupt, 'r+');
  writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 20 * 4096);
  closeSync(fd);
  foreign = at('foreign.sqlite');
  const d = new Database(foreign);
  d.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    INSERT INTO meta VALUES ('schema', 'klondike-solver-results'), ('schema_version', '2');
    CREATE TABLE rule_sets (id INTEGER PRIMARY KEY, draw INTEGER, passes INTEGER, foundation_return INTEGER);
    CREATE TABLE results (family TEXT, seed INTEGER, score REAL); CREATE TABLE plays (x)`);
  d.close();
  locked = at('locked.sqlite');
  makeKnownDb(locked);
  const l = new Database(locked);
  l.prepare("INSERT INTO meta VALUES ('lock', ?)").run(`${process.ppid}@${hostname()}`); // a live process
  l.close();
  solution = runSolve({ seed: 1000007n, json: true }).out;
  mkdirSync(at('sub'));
  symlinkSync(good, at('link.sqlite'));
  linkSync(good, at('hard.sqlite'));
});

describe('bad paths, writing over an input, unusable databases: exit 2, nothing changed', () => {
  const snapshot = () => [good, corrupt, foreign, locked].map(sha).join() + readdirSync(dir).sort().join();
  const cases: [string, () => string[], RegExp][] = [
    ['batch --db empty', () => ['batch', '--seeds', '1-3', '--db', ''], /database path "" is empty/],
    ['batch --db blank', () => ['batch', '--seeds', '1-3', '--db', '  '], /database path " {2}" is empty/],
    ['batch --db dir/', () => ['batch', '--seeds', '1-3', '--db', at('newdir/')], /names a directory/],
    ['batch --db a directory', () => ['batch', '--seeds', '1-3', '--db', at('sub')], /is a directory/],
    ['stats --db empty', () => ['stats', '--db', ''], /is empty/],
    ['export --db dir/', () => ['export', '--db', `${dir}/`], /names a directory/],
    ['report --db empty', () => ['report', '--db', ' ', '--out', at('r.html')], /is empty/],
    ['merge -o empty', () => ['merge', good, '-o', ''], /is empty/],
    ['merge an empty input path', () => ['merge', '', '-o', at('m.sqlite')], /is empty/],
    ['export --out empty', () => ['export', '--db', good, '--out', ' '], /output path is empty/],
    ['export --out a directory', () => ['export', '--db', good, '--out', at('sub')], /is a directory/],
    ['report --out in a missing directory', () => ['report', '--db', good, '--out', at('none/r.html')], /cannot write .*no such directory/],
    ['export over its database', () => ['export', '--db', good, '--out', good], /is the input database/],
    ['report over its database', () => ['report', '--db', good, '--out', good], /is the input database/],
    ['export over it through a symbolic link', () => ['export', '--db', good, '--out', at('link.sqlite')], /is the input database/],
    ['report over it through a hard link', () => ['report', '--db', good, '--out', at('hard.sqlite')], /is the input database/],
    ['export over it through another path', () => ['export', '--db', good, '--out', at('sub/../good.sqlite')], /is the input database/],
    ['export --out the default database', () => ['export', '--db', at('link.sqlite'), '--out', good], /is the input database/],
    ['merge into an input through a link', () => ['merge', good, '-o', at('link.sqlite')], /also an input/],
    ['batch into a corrupt database', () => ['batch', '--seeds', '1-3', '--db', corrupt], /is a corrupt SQLite database \(quick_check/],
    ['merge into a corrupt database', () => ['merge', good, '-o', corrupt], /corrupt/],
    [
      'batch into a foreign schema',
      () => ['batch', '--seeds', '1-3', '--db', foreign],
      /table results has columns \(family, seed, score\)/,
    ],
    ['stats of a foreign schema', () => ['stats', '--db', foreign], /another schema/],
    ['merge a foreign input', () => ['merge', foreign, '-o', at('m.sqlite')], /another schema/],
    ['batch into a locked database', () => ['batch', '--seeds', '1-3', '--db', locked], /in use by another batch \(pid \d+/],
    ['merge into a locked database', () => ['merge', good, '-o', locked], /in use by another batch/],
    ['--passes 0 (solve)', () => ['solve', '--seed', '1', '--passes', '0'], /0 is not a number of passes/],
    ['--passes 0 (batch)', () => ['batch', '--seeds', '1', '--passes', '0', '--db', at('p0.sqlite')], /0 is not a number of passes/],
    ['--passes 0 (stats)', () => ['stats', '--db', good, '--passes', '0'], /0 is not a number of passes/],
  ];
  it.each(cases)('%s', async (_name, args, re) => {
    const before = snapshot();
    expectOneLine(await runInProcess(args()), 2, re);
    expect(snapshot()).toBe(before);
    expect(readHeader18(foreign)).toBe(1); // never switched to WAL
  });

  it('a corrupt database read by stats, export and report: one line, exit 2', async () => {
    // Corruption that quick_check sees may also stop a read part way; either way one line, exit 2.
    const h = sha(corrupt);
    let failed = 0;
    for (const args of [['stats'], ['export', '--out', at('c.csv')], ['report', '--out', at('c.html')]]) {
      const r = await runInProcess([...args, '--db', corrupt]);
      if (r.code !== 0) {
        failed++;
        expectOneLine(r, 2, /corrupt|malformed/);
      }
    }
    expect(failed).toBeGreaterThan(0);
    expect(existsSync(at('c.csv'))).toBe(false);
    expect(sha(corrupt)).toBe(h);
  });

  it('through the binary: export over its own database, --db empty, appending stdout to the database', async () => {
    const h = sha(good);
    const [a, b] = await Promise.all([
      spawnBin(['export', '--db', good, '--out', good]).done,
      spawnBin(['batch', '--seeds', '1-3', '--db', '']).done,
    ]);
    expectOneLine(a, 2, /is the input database/);
    expectOneLine(b, 2, /is empty/);
    const fd = openSync(good, 'a');
    const c = await spawnBin(['export', '--db', good], fd).done;
    closeSync(fd);
    expectOneLine(c, 2, /standard output is the database/);
    expect(sha(good)).toBe(h);
  });
});

/** Byte 18 of the SQLite header: 1 = rollback journal, 2 = WAL. */
function readHeader18(f: string): number {
  return readFileSync(f)[18];
}

describe('output files are replaced only when complete', () => {
  it('export and report write through a temporary file', async () => {
    const out = at('keep.csv');
    writeFileSync(out, 'old contents\n');
    const r = await runInProcess(['export', '--db', good, '--out', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^family,seed,/);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});

describe('wrong JSON types in replay: bad input (exit 2), not an illegal move', () => {
  const edit = (f: (j: { rules: Record<string, unknown>; moves: Record<string, unknown>[]; [k: string]: unknown }) => void) => {
    const j = JSON.parse(solution);
    f(j);
    return JSON.stringify(j);
  };
  const cases: [string, () => string, RegExp][] = [
    [
      'foundationReturn "yes"',
      () => edit((j) => (j.rules.foundationReturn = 'yes')),
      /rules\.foundationReturn must be true or false, got "yes"/,
    ],
    ['foundationReturn 1', () => edit((j) => (j.rules.foundationReturn = 1)), /foundationReturn must be true or false, got 1/],
    ['foundationReturn null', () => edit((j) => (j.rules.foundationReturn = null)), /foundationReturn must be true or false, got null/],
    ['count 1e300', () => edit((j) => (j.moves[0].count = 1e300)), /move 1: bad count 1e\+300/],
    ['count 1.5', () => edit((j) => (j.moves[0].count = 1.5)), /move 1: bad count 1\.5/],
    ['count "3"', () => edit((j) => (j.moves[0].count = '3')), /move 1: bad count "3"/],
    ['draw "3"', () => edit((j) => (j.rules.draw = '3')), /rules\.draw must be a whole number 1…24, got "3"/],
    ['passes 0', () => edit((j) => (j.rules.passes = 0)), /passes must be a whole number ≥ 1 or unlimited, got 0/],
    ['passes 1e300', () => edit((j) => (j.rules.passes = 1e300)), /rules\.passes must be a whole number ≥ 1 or null/],
    ['passes "3"', () => edit((j) => (j.rules.passes = '3')), /rules\.passes must be a whole number/],
    ['seed "abc"', () => edit((j) => (j.seed = 'abc')), /"seed": seed must be a whole number, got "abc"/],
    ['seed -1', () => edit((j) => (j.seed = -1)), /"seed" must be a whole number ≥ 0/],
    ['family 7', () => edit((j) => (j.family = 7)), /"family" must be a string/],
  ];
  it.each(cases)('%s', async (_name, text, re) => {
    const f = at(`sol-${_name.replace(/\W+/g, '-')}.json`);
    writeFileSync(f, text());
    expectOneLine(await runInProcess(['replay', f]), 2, re);
  });
  it('the unedited solution replays', async () => {
    const f = at('sol.json');
    writeFileSync(f, solution);
    expect(await runInProcess(['replay', f])).toMatchObject({ code: 0, stdout: 'won\n', stderr: '' });
  });
});

describe('closed or full standard output, every command', () => {
  let db = '';
  let sol = '';
  beforeAll(() => {
    db = at('out.sqlite');
    makeKnownDb(db);
    sol = at('sol-out.json');
    writeFileSync(sol, solution);
  });
  const commands: [string, () => string[], number][] = [
    ['--help', () => ['--help'], 0],
    ['solve --help', () => ['solve', '--help'], 0],
    ['deal', () => ['deal', '--seed', '1', '--format', 'text'], 0],
    ['solve', () => ['solve', '--seed', '1000007'], 0],
    ['perft', () => ['perft', '--seed', '1', '--depth', '3', '--divide'], 0],
    ['replay', () => ['replay', sol, '--verbose'], 0],
    ['stats', () => ['stats', '--db', db], 0],
    ['export', () => ['export', '--db', db, '--format', 'ndjson'], 0],
    ['merge', () => ['merge', db, '-o', at(`m-${Math.random()}.sqlite`)], 0],
    [
      'batch',
      () => ['batch', '--seeds', '1-2', '--max-nodes', '500', '--workers', '1', '--quiet', '--db', at(`b-${Math.random()}.sqlite`)],
      0,
    ],
  ];
  it.concurrent.each(commands)('%s into a closed pipe: quiet, its usual exit code', async (_name, args, code) => {
    const { child, done } = spawnBin(args());
    child.stdout!.destroy(); // the reader goes away before anything is written
    const r = await done;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(code);
  });
  it.concurrent.each(commands)('%s into a full device: one line, exit 74', async (_name, args) => {
    const fd = openSync('/dev/full', 'w');
    const r = await spawnBin(args(), fd).done;
    closeSync(fd);
    expect(r.stderr).toBe('klondike: cannot write standard output: no space left on device\n');
    expect(r.code).toBe(74);
  });
});

describe('a signal in the first instants of a batch', () => {
  it.concurrent.each([50, 200, 400, 650])('SIGINT after %i ms: no database or a complete one, never an empty file', async (ms) => {
    const db = at(`early-${ms}.sqlite`);
    const { child, done } = spawnBin(['batch', '--seeds', '1-30', '--max-nodes', '2000', '--db', db]);
    setTimeout(() => child.kill('SIGINT'), ms);
    const r = await done;
    expect([130, null, 0]).toContain(r.code);
    expect(readdirSync(dir).filter((f) => f.startsWith(`.early-${ms}`))).toEqual([]);
    if (existsSync(db)) {
      expect(statSync(db).size).toBeGreaterThan(0);
      const d = new Database(db, { readonly: true });
      expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(d.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(String(SCHEMA_VERSION));
      expect(d.prepare("SELECT value FROM meta WHERE key = 'lock'").get()).toBeUndefined();
      d.close();
    }
  });
  it(
    'SIGINT while the worker threads still load: a clean stop, the lock released',
    async () => {
      // Eight threads on this machine's cores load one after another: a signal just after the batch
      // starts stops it while some still load, and a thread killed while loading aborted Node. The
      // signal 0, 60 and 120 ms after the batch starts (every 20 ms up to 140 with SLOW=1).
      for (const k of bySize([0, 3, 6], [0, 1, 2, 3, 4, 5, 6, 7])) {
        const db = at(`loading-${k}.sqlite`);
        const { child, done } = spawnBin(['batch', '--seeds', '1-30', '--max-nodes', '2000', '--workers', '8', '--db', db]);
        let sent = false;
        child.stderr!.on('data', (d: Buffer) => {
          if (!sent && d.toString().includes('batch:')) {
            sent = true;
            setTimeout(() => child.kill('SIGINT'), 20 * k);
          }
        });
        const r = await done;
        expect({ code: r.code, signal: r.signal }, r.stderr).toEqual({ code: 130, signal: null });
        const d = new Database(db, { readonly: true });
        expect(d.prepare("SELECT value FROM meta WHERE key = 'lock'").get()).toBeUndefined();
        d.close();
      }
    },
    HEAVY_MS,
  );
});

describe('read-only and full disks', () => {
  it('readers work on a read-only mount; batch there is refused', async () => {
    const ro = tmpfs('ro', '8m');
    if (!ro) return void console.warn('skipped: this machine does not let the tests mount a tmpfs');
    copyFileSync(good, join(ro, 'r.sqlite'));
    const wal = join(ro, 'w.sqlite');
    copyFileSync(good, wal);
    const w = new Database(wal);
    w.pragma('journal_mode = WAL'); // left in WAL mode, as a killed batch or schema version 1 leaves it
    w.close();
    execFileSync('mount', ['-o', 'remount,ro', ro]);
    const listing = readdirSync(ro).sort();
    for (const f of ['r.sqlite', 'w.sqlite']) {
      const s = await runInProcess(['stats', '--db', join(ro, f), '--format', 'json']);
      expect(s.code, s.stderr).toBe(0);
      expect(JSON.parse(s.stdout)).toHaveLength(3);
      const e = await runInProcess(['export', '--db', join(ro, f), '--out', at(`ro-${f}.csv`)]);
      expect(e.code, e.stderr).toBe(0);
      const rep = await runInProcess(['report', '--db', join(ro, f), '--out', at(`ro-${f}.html`)]);
      expect(rep.code, rep.stderr).toBe(0);
      const m = await runInProcess(['merge', join(ro, f), '-o', at(`ro-${f}-merged.sqlite`)]);
      expect(m.code, m.stderr).toBe(0);
    }
    expect(readdirSync(ro).sort()).toEqual(listing);
    expectOneLine(await runInProcess(['batch', '--seeds', '1', '--db', join(ro, 'r.sqlite')]), 2, /read-only|cannot/);
    expectOneLine(await runInProcess(['batch', '--seeds', '1', '--db', join(ro, 'new.sqlite')]), 2, /cannot/);
  });

  it('a full disk: batch stops with exit 74 and one line, export leaves no partial file', async () => {
    const small = tmpfs('small', '2m');
    if (!small) return void console.warn('skipped: this machine does not let the tests mount a tmpfs');
    const db = join(small, 'r.sqlite');
    expect((await spawnBin(['batch', '--seeds', '1-2', '--max-nodes', '500', '--quiet', '--db', db]).done).code).toBe(0);
    const out = join(small, 'keep.csv');
    writeFileSync(out, 'old\n');
    const { bavail, bsize } = statfsSync(small);
    writeFileSync(join(small, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - 48 * 1024)));
    const r = await spawnBin(['batch', '--seeds', '1-400', '--max-nodes', '300', '--quiet', '--db', db]).done;
    expectOneLine(
      r,
      74,
      /^klondike: cannot write database .*: the disk is full; stopped, \d+ deals stored, .* run the same command again to resume$/,
    );
    const big = at('big.sqlite');
    writeSampleDb(big, 3000);
    const e = await runInProcess(['export', '--db', big, '--out', out]);
    expectOneLine(e, 74, /cannot write .*keep\.csv: no space left on device; nothing was written/);
    expect(readFileSync(out, 'utf8')).toBe('old\n');
    expect(readdirSync(small).filter((f) => f.includes('.tmp-'))).toEqual([]);
    rmSync(join(small, 'filler'));
    const d = new Database(db, { readonly: true });
    expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
    d.close();
  });
});

describe('--out onto special files, links and companions', () => {
  it('a device is written in place, never replaced: a full one is exit 74', async () => {
    const dev = at('full-dev');
    execFileSync('mknod', [dev, 'c', '1', '7']); // the kernel's "full" device
    for (const cmd of ['export', 'report']) {
      const r = await runInProcess([cmd, '--db', good, '--out', dev]);
      expectOneLine(r, 74, /cannot write .*full-dev: no space left on device/);
      expect(statSync(dev).isCharacterDevice()).toBe(true);
    }
    const nul = at('null-dev');
    execFileSync('mknod', [nul, 'c', '1', '3']);
    expect((await runInProcess(['export', '--db', good, '--out', nul])).code).toBe(0);
    expect(statSync(nul).isCharacterDevice()).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('-dev.tmp-'))).toEqual([]);
  });
  it('a FIFO is written in place: its reader gets the export', async () => {
    const fifo = at('out.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let got = '';
    reader.stdout.on('data', (d) => (got += d));
    const closed = new Promise((r) => reader.on('close', r));
    const r = await runInProcess(['export', '--db', good, '--out', fifo]);
    await closed;
    expect(r.code, r.stderr).toBe(0);
    expect(got).toMatch(/^family,seed,/);
    expect(statSync(fifo).isFIFO()).toBe(true);
  });
  it('a symbolic link is followed: its target is updated, the link kept', async () => {
    const target = at('target.csv');
    writeFileSync(target, 'old\n');
    const link = at('out-link.csv');
    symlinkSync(target, link);
    expect((await runInProcess(['export', '--db', good, '--out', link])).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toMatch(/^family,seed,/);
  });
  it.each(['-journal', '-wal', '-shm'])('--out DB%s is refused whether or not it exists', async (suffix) => {
    expectOneLine(await runInProcess(['export', '--db', good, '--out', good + suffix]), 2, /is the input database/);
    expect(existsSync(good + suffix)).toBe(false);
    const other = at('other.sqlite');
    if (!existsSync(other)) makeKnownDb(other);
    expectOneLine(await runInProcess(['export', '--db', good, '--out', other + suffix]), 2, /companion file of the database/);
    expect(existsSync(other + suffix)).toBe(false);
    expect((await runInProcess(['stats', '--db', good])).code).toBe(0);
  });
  it('--out dir/ is bad input (exit 2) like --out dir', async () => {
    expectOneLine(await runInProcess(['export', '--db', good, '--out', `${at('sub')}/`]), 2, /names a directory/);
    expectOneLine(await runInProcess(['export', '--db', good, '--out', at('sub')]), 2, /is a directory/);
  });
});

describe('temporary files are never left behind', () => {
  it('a stale temporary file of our pid or of a dead process does not stop the next export', async () => {
    const out = at('stale.csv');
    const mine = at(`.stale.csv.tmp-${process.pid}`);
    const dead = at('.stale.csv.tmp-999999999');
    writeFileSync(mine, 'litter');
    writeFileSync(dead, 'litter');
    const r = await runInProcess(['export', '--db', good, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(mine) || existsSync(dead)).toBe(false);
  });
  it('an export stopped by SIGTERM removes its temporary file', async () => {
    const big = at('big-term.sqlite');
    writeSampleDb(big, 3000);
    const fifoDir = at('term');
    mkdirSync(fifoDir);
    const { child, done } = spawnBin(['export', '--db', big, '--out', join(fifoDir, 'x.csv')]);
    const poll = setInterval(() => {
      if (readdirSync(fifoDir).some((f) => f.includes('.tmp-'))) child.kill('SIGTERM');
    }, 2);
    const r = await done;
    clearInterval(poll);
    expect([0, 143]).toContain(r.code);
    expect(readdirSync(fifoDir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});

describe('long names', () => {
  it('a name longer than the file system allows: one line, exit 2', async () => {
    const long = at(`${'n'.repeat(300)}.sqlite`);
    expectOneLine(await runInProcess(['batch', '--seeds', '1', '--db', long]), 2, /file names are at most 247 bytes/);
    expectOneLine(await runInProcess(['stats', '--db', long]), 2, /file names are at most 247 bytes/);
    expectOneLine(await runInProcess(['export', '--db', good, '--out', long]), 2, /file names are at most 255 bytes/);
  });
  it('a database name of 250 bytes, too long for its -journal: one line, exit 2', async () => {
    const name = at(`${'j'.repeat(243)}.sqlite`);
    expectOneLine(await runInProcess(['batch', '--seeds', '1', '--db', name]), 2, /at most 247 bytes \(SQLite adds -journal/);
  });
  it('legal names of 247 and 250 bytes work: the temporary names still fit', async () => {
    const name = at(`${'l'.repeat(240)}.sqlite`);
    const r = await runInProcess(['batch', '--seeds', '1', '--max-nodes', '300', '--workers', '1', '--quiet', '--db', name]);
    expect(r.code, r.stderr).toBe(0);
    const out = at(`${'o'.repeat(246)}.csv`);
    expect((await runInProcess(['export', '--db', name, '--out', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^family,seed,/);
  });
});

describe('batch budgets and a batch that cannot solve', () => {
  const rows = (db: string) => {
    const d = new Database(db, { readonly: true });
    const r = d.prepare('SELECT verdict, error FROM results ORDER BY seed').all() as { verdict: string; error: string | null }[];
    d.close();
    return r;
  };
  it('--timeout 2.0001: the hard limit is whole milliseconds, the deals are solved', async () => {
    const db = at('frac-timeout.sqlite');
    const r = await runInProcess([
      'batch',
      '--seeds',
      '1-2',
      '--max-nodes',
      '500',
      '--timeout',
      '2.0001',
      '--workers',
      '1',
      '--quiet',
      '--db',
      db,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(rows(db).map((x) => x.verdict)).not.toContain('error');
  });
  it('a batch whose every deal errs stores none of them and exits 70', async () => {
    const db = at('all-errors.sqlite');
    process.env.KLONDIKE_TEST_FAULT = '*:throw';
    try {
      const r = await runInProcess(['batch', '--seeds', '1-3', '--max-nodes', '500', '--workers', '1', '--quiet', '--db', db]);
      expectOneLine(r, 70, /every deal ended in an error \(seed \d+: solver threw: test fault.*none of them stored/);
    } finally {
      delete process.env.KLONDIKE_TEST_FAULT;
    }
    expect(rows(db)).toEqual([]);
  });
});

describe('under an address-space limit (ulimit -v)', () => {
  const limited = (kb: number, args: string[]) =>
    new Promise<Run>((resolve) => {
      const child = spawn('bash', ['-c', `ulimit -v ${kb}; exec "$0" "$@"`, process.execPath, BIN, ...args], { cwd: dir });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('close', (code, signal) => resolve({ code, signal, stdout: out, stderr: err }));
    });
  it('3 GB: solve, odds and a two-thread batch run', async () => {
    const [s, b, o] = await Promise.all([
      limited(3_000_000, ['solve', '--seed', '1000007', '--max-nodes', '3000']),
      limited(3_000_000, [
        'batch',
        '--seeds',
        '1-4',
        '--max-nodes',
        '500',
        '--workers',
        '2',
        '--max-memory',
        '64',
        '--quiet',
        '--db',
        at('ulimit.sqlite'),
      ]),
      limited(3_000_000, ['odds', '--seed', '1000007', '--samples', '2', '--max-nodes', '2000']),
    ]);
    expect(s.code, s.stderr).not.toBe(70);
    expect(s.stderr).toBe('');
    expect(o.code, o.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const d = new Database(at('ulimit.sqlite'), { readonly: true });
    expect(d.prepare("SELECT count(*) FROM results WHERE verdict <> 'error'").pluck().get()).toBe(4);
    d.close();
  });
  it('a Ctrl-C to the whole process group stops a batch cleanly (exit 130), the lock released', async () => {
    const db = at('ulimit-int.sqlite');
    const child = spawn(
      'bash',
      [
        '-c',
        'ulimit -v 3000000; exec "$0" "$@"',
        process.execPath,
        BIN,
        'batch',
        '--seeds',
        '1-40',
        '--max-nodes',
        '500',
        '--workers',
        '1',
        '--max-memory',
        '64',
        '--db',
        db,
      ],
      {
        cwd: dir,
        detached: true, // its own process group, as a terminal's job
        env: { ...process.env, KLONDIKE_TEST_FAULT: '*:sleep100' },
      },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      if (!err.includes('batch:') && d.toString().includes('batch:')) setTimeout(() => process.kill(-child.pid!, 'SIGINT'), 300);
      err += d;
    });
    const code = await new Promise((r) => child.on('close', r));
    expect(code, err).toBe(130);
    const d = new Database(db, { readonly: true });
    expect(d.prepare("SELECT value FROM meta WHERE key = 'lock'").get()).toBeUndefined();
    d.close();
  });
  it('1.5 GB: one line naming the address space needed, exit 2', async () => {
    const [s, b] = await Promise.all([
      limited(1_500_000, ['solve', '--seed', '1000007', '--max-nodes', '3000']),
      limited(1_500_000, ['batch', '--seeds', '1-4', '--max-nodes', '500', '--quiet', '--db', at('ulimit-small.sqlite')]),
    ]);
    expectOneLine(s, 2, /the solver needs \d+ MiB of address space/);
    expectOneLine(b, 2, /a batch needs about \d+ MiB of address space/);
    expect(existsSync(at('ulimit-small.sqlite'))).toBe(false);
  });
});

describe('the database deleted while a batch runs', () => {
  it('is seen at the next checkpoint: one line, exit 74, no success summary', async () => {
    const db = at('deleted.sqlite');
    const child = spawn(process.execPath, [BIN, 'batch', '--seeds', '1-30', '--max-nodes', '500', '--workers', '1', '--db', db], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', KLONDIKE_TEST_FAULT: '*:sleep100' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d: Buffer) => {
      if (!err.includes('batch:') && d.toString().includes('batch:')) setTimeout(() => rmSync(db), 300);
      err += d;
    });
    const code = await new Promise((r) => child.on('close', r));
    expect(code, err).toBe(74);
    expect(out).toBe('');
    expect(err.trimEnd().split('\n').at(-1)).toMatch(/^klondike: database .*deleted\.sqlite was deleted or replaced while the batch ran/);
  });
});

describe('solve --most-home --max-nodes 1', () => {
  it('answers unknown (exit 3) with the start count, like --max-nodes 2', async () => {
    for (const n of ['1', '2']) {
      const r = await runInProcess(['solve', '--seed', '5', '--most-home', '--max-nodes', n]);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).not.toMatch(/internal/);
    }
  });
});

describe('position files: keys, byte-order marks, what errors echo', () => {
  const deal = () =>
    JSON.parse(execFileSync(process.execPath, [BIN, 'deal', '--seed', '1000007', '--format', 'json'], { encoding: 'utf8' }));
  it('an unknown key ("Pass") is refused, naming it and the known keys', async () => {
    const f = at('typo.json');
    writeFileSync(f, JSON.stringify({ ...deal(), Pass: 3 }));
    expectOneLine(
      await runInProcess(['solve', '--deal', f, '--passes', '1']),
      2,
      /unknown key "Pass" in a position \(the keys are "tableau", .*"pass"\)/,
    );
  });
  it('JSON with a byte-order mark is read like any other format', async () => {
    const f = at('bom.json');
    writeFileSync(f, `\uFEFF${JSON.stringify(deal())}`);
    const r = await runInProcess(['solve', '--deal', f, '--max-nodes', '3000']);
    expect([0, 1, 3]).toContain(r.code);
    expect(r.stderr).toBe('');
  });
  it('malformed JSON never echoes raw terminal escapes; a name with a newline stays on one line', async () => {
    const f = at('escapes.json');
    writeFileSync(f, '{"tableau": \x1b[31mred\x1b[0m}');
    const r = await runInProcess(['solve', '--deal', f]);
    expectOneLine(r, 2, /malformed JSON/);
    expect(r.stderr).not.toContain('\x1b');
    expectOneLine(await runInProcess(['solve', '--deal', at('no\nsuch.json')]), 2, /cannot read .*no\\u000asuch\.json: no such file/);
  });
  it('a 5,000-digit seed is cut in the message', async () => {
    const r = await runInProcess(['solve', '--seed', '9'.repeat(5000)]);
    expectOneLine(r, 2, /9… \(5000 characters\)/);
    expect(r.stderr.length).toBeLessThan(400);
  });
});

describe('numbers and limits', () => {
  const cases: [string, string[], RegExp][] = [
    ['--timeout 0x10', ['solve', '--seed', '1', '--timeout', '0x10'], /timeout must be a positive number of seconds/],
    ['--timeout 1e3', ['solve', '--seed', '1', '--timeout', '1e3'], /timeout must be a positive number of seconds/],
    ['--max-memory 1048576', ['solve', '--seed', '1', '--max-memory', '1048576'], /max-memory must be a whole number 1…2048/],
    ['batch --max-memory 4096', ['batch', '--seeds', '1', '--max-memory', '4096', '--db', at('mm.sqlite')], /1…2048/],
    ['odds --samples 10000000', ['odds', '--seed', '1', '--samples', '10000000'], /samples must be a whole number 1…100000/],
    ['perft --depth 100', ['perft', '--seed', '1', '--depth', '100'], /depth must be a whole number 0…20/],
  ];
  it.each(cases)('%s is refused', async (_name, args, re) => {
    expectOneLine(await runInProcess(args), 2, re);
    expect(existsSync(at('mm.sqlite'))).toBe(false);
  });
  it('--timeout 1.5 is still a number of seconds', async () => {
    expect((await runInProcess(['solve', '--seed', '1000007', '--timeout', '1.5', '--max-nodes', '2000'])).stderr).toBe('');
  });
  it('--workers above the core count: a warning', async () => {
    const r = await runInProcess([
      'batch',
      '--seeds',
      '1',
      '--workers',
      '64',
      '--max-nodes',
      '300',
      '--max-memory',
      '16',
      '--db',
      at('many.sqlite'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/--workers 64 is more than the \d+ cores of this machine/);
  });
});

describe('odds and hint at the ends of a game', () => {
  const endgame = (name: string, t1: string[], t2: string[], faceDown: number[], foundations: Record<string, number>) => {
    const f = at(name);
    writeFileSync(f, JSON.stringify({ tableau: [t1, t2, [], [], [], [], []], stock: [], faceDown, foundations }));
    return f;
  };
  it('nothing unseen: an exact answer, no interval', async () => {
    const f = endgame('known.json', ['Ks'], ['Kh'], [0, 0, 0, 0, 0, 0, 0], { c: 13, d: 13, h: 12, s: 12 });
    const r = await runInProcess(['odds', '--deal', f, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ exact: true, samples: 1, odds: 1, low: 1, high: 1 });
  });
  it('one and two unseen cards: every arrangement is solved, exactly', async () => {
    const one = endgame('one-unseen.json', ['??', 'Kh'], ['Kd'], [1, 0, 0, 0, 0, 0, 0], { c: 13, d: 12, h: 12, s: 12 });
    const two = endgame('two-unseen.json', ['??', 'Kh'], ['??', 'Kd'], [1, 1, 0, 0, 0, 0, 0], { c: 13, d: 12, h: 12, s: 11 });
    for (const [f, n] of [
      [one, 1],
      [two, 2],
    ] as const) {
      const r = await runInProcess(['odds', '--deal', f, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ exact: true, samples: n, unseen: n, winnable: n, odds: 1, low: 1, high: 1 });
      const text = await runInProcess(['odds', '--deal', f]);
      expect(text.stdout).toMatch(/every arrangement of the unseen cards solved: odds of a win 100(\.0)?%, exactly/);
    }
  });
  it('hint on a won position says the game is won', async () => {
    const f = at('won.json');
    const empty = [[], [], [], [], [], [], []];
    writeFileSync(
      f,
      JSON.stringify({ tableau: empty, stock: [], faceDown: [0, 0, 0, 0, 0, 0, 0], foundations: { c: 13, d: 13, h: 13, s: 13 } }),
    );
    const r = await runInProcess(['hint', '--deal', f]);
    expect(r.stdout).toMatch(/the game is won/);
    expect(r.stdout).not.toMatch(/no legal move/);
  });
});

describe('unbounded input', () => {
  it('--deal of a device, a huge file, an endless stdin; --seeds-file of a device; a FIFO as --db: one line, exit 2', async () => {
    const huge = at('huge.json');
    writeFileSync(huge, Buffer.alloc(5 * 2 ** 20, 0x20));
    const fifo = at('db.fifo');
    execFileSync('mkfifo', [fifo]);
    expectOneLine(await runInProcess(['solve', '--deal', '/dev/zero']), 2, /cannot read \/dev\/zero: it is a device/);
    expectOneLine(
      await runInProcess(['solve', '--deal', huge]),
      2,
      /huge\.json is 5242880 bytes; a position file is at most 4194304 bytes/,
    );
    expectOneLine(
      await runInProcess(['batch', '--seeds-file', '/dev/zero', '--db', at('sf.sqlite')]),
      2,
      /cannot read seeds file \/dev\/zero: it is a device/,
    );
    expectOneLine(await runInProcess(['batch', '--seeds', '1', '--db', fifo]), 2, /is a FIFO, not a regular file/);
    expectOneLine(await runInProcess(['stats', '--db', fifo]), 2, /is a FIFO, not a regular file/);
    const endless = await new Promise<Run>((resolve) => {
      const child = spawn('bash', ['-c', 'exec "$0" "$1" solve --deal - < /dev/zero', process.execPath, BIN]);
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      child.on('close', (code) => resolve({ code, stdout: '', stderr: err }));
    });
    // it ends at the limit, where it once grew without end
    expectOneLine(endless, 2, /stdin holds more than 4194304 bytes/);
    expect(existsSync(at('sf.sqlite'))).toBe(false);
  });
});

describe('merge: rows checked, conflicts replayed, a temporary output, a full disk', () => {
  let solved = '';
  let winSeed = 0n;
  beforeAll(async () => {
    solved = at('merge-solved.sqlite');
    const r = await runInProcess([
      'batch',
      '--seeds',
      '1000007,1000008',
      '--max-nodes',
      '100000',
      '--workers',
      '1',
      '--quiet',
      '--db',
      solved,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const d = new Database(solved, { readonly: true });
    winSeed = BigInt(d.prepare("SELECT seed FROM results WHERE verdict = 'winnable' LIMIT 1").pluck().get() as number);
    d.close();
  });
  const variant = (name: string, sql: string) => {
    const f = at(name);
    copyFileSync(solved, f);
    const d = new Database(f);
    d.exec(sql.replaceAll('WIN', String(winSeed)));
    d.close();
    return f;
  };
  const verdictOf = (db: string) => {
    const d = new Database(db, { readonly: true });
    const v = d.prepare('SELECT verdict FROM results WHERE seed = ?').pluck().get(winSeed);
    d.close();
    return v;
  };
  it.each([
    ['an unknown family', "UPDATE results SET family = 'nosuch' WHERE seed = WIN", /unknown family "nosuch"/],
    ['a seed out of range', 'UPDATE results SET seed = 99999999999 WHERE seed = WIN', /seed 99999999999 is outside the solvitaire range/],
    ['negative nodes', 'UPDATE results SET nodes = -5 WHERE seed = WIN', /node count -5/],
    ['an impossible rule set', 'UPDATE rule_sets SET draw = 0', /an impossible rule set: draw must be 1…24/],
  ])('an input with %s is refused, nothing merged', async (name, sql, re) => {
    const bad = variant(`bad-${name.replace(/\W+/g, '-')}.sqlite`, sql);
    const out = at(`merged-${name.replace(/\W+/g, '-')}.sqlite`);
    expectOneLine(await runInProcess(['merge', solved, bad, '-o', out]), 2, re);
    expect(readdirSync(dir).filter((f) => f.includes('merged-'))).toEqual([]);
  });
  it('winnable against unwinnable: the winnable row is kept when its solution replays, else the other', async () => {
    const lost = variant(
      'claims-lost.sqlite',
      "UPDATE results SET verdict = 'unwinnable', moves = NULL, solution_length = NULL WHERE seed = WIN",
    );
    const out1 = at('conflict-1.sqlite');
    const r1 = await runInProcess(['merge', lost, solved, '-o', out1]);
    expect(r1.code, r1.stderr).toBe(1);
    expect(r1.stderr).toMatch(/kept winnable \(its solution replays\)/);
    expect(verdictOf(out1)).toBe('winnable');
    const broken = variant('broken-solution.sqlite', "UPDATE results SET moves = 'SW SW SW' WHERE seed = WIN");
    const out2 = at('conflict-2.sqlite');
    const r2 = await runInProcess(['merge', broken, lost, '-o', out2]);
    expect(r2.code, r2.stderr).toBe(1);
    expect(verdictOf(out2)).toBe('unwinnable');
  });
  it('a stale temporary output of a killed merge is removed; the output appears only complete', async () => {
    const out = at('merge-new.sqlite');
    writeFileSync(at('.merge-new.sqlite.merge-999999999'), 'litter');
    const r = await runInProcess(['merge', solved, '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).filter((f) => f.startsWith('.merge-new'))).toEqual([]);
    const d = new Database(out, { readonly: true });
    expect(d.prepare("SELECT value FROM meta WHERE key = 'lock'").get()).toBeUndefined();
    d.close();
  });
  it('a merge killed part way leaves no output under its name', async () => {
    const big = at('merge-big.sqlite');
    writeSampleDb(big, 3000);
    const sub = at('killed');
    mkdirSync(sub);
    const out = join(sub, 'out.sqlite');
    const { child, done } = spawnBin(['merge', big, '-o', out]);
    const poll = setInterval(() => {
      if (readdirSync(sub).some((f) => f.includes('.merge-'))) child.kill('SIGKILL');
    }, 1);
    await done;
    clearInterval(poll);
    const d = existsSync(out) ? new Database(out, { readonly: true }) : undefined;
    // killed before the end: nothing under the name; finished first: a complete database
    if (d) {
      expect(d.prepare('SELECT count(*) FROM results').pluck().get()).toBeGreaterThan(0);
      d.close();
    }
  });
  it('a full disk: exit 74, one line', async () => {
    const small = tmpfs('merge-full', '256k');
    if (!small) return void console.warn('skipped: this machine does not let the tests mount a tmpfs');
    const big = at('merge-big.sqlite');
    if (!existsSync(big)) writeSampleDb(big, 3000);
    const r = await runInProcess(['merge', big, '-o', join(small, 'out.sqlite')]);
    expectOneLine(r, 74, /disk is full|no space/);
    expect(readdirSync(small)).toEqual([]);
  });
});

describe('a seeds file of many scattered seeds', () => {
  it('is read compactly and a shard of it solved', async () => {
    const f = at('scattered.txt');
    writeFileSync(f, Array.from({ length: 40_000 }, (_, i) => String((i * 2654435761) % 4_294_967_291)).join('\n'));
    const db = at('scattered.sqlite');
    const { value: r, ms } = await cpuMsAsync(() =>
      runInProcess(['batch', '--seeds-file', f, '--shard', '1/10000', '--max-nodes', '300', '--workers', '1', '--quiet', '--db', db]),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(ms).toBeLessThan(8000);
    const d = new Database(db, { readonly: true });
    expect(d.prepare('SELECT seed FROM results ORDER BY rowid').pluck().all().map(Number)).toEqual(
      [0, 10000, 20000, 30000].map((i) => (i * 2654435761) % 4_294_967_291),
    );
    d.close();
  });
});
